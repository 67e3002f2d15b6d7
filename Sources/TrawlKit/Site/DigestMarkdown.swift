import Foundation

/// The Markdown of a day's digest (GitHub Flavored Markdown: tables, strikethrough).
///
/// Scraped text is escaped so it reads as text: the ASCII punctuation characters that
/// Markdown could take as syntax are backslash-escaped (CommonMark §2.4), and line breaks
/// become spaces, so a title can neither start a heading nor end a table cell.
enum DigestMarkdown {
    static func render(_ day: DigestGenerator.Day, content: SiteContent) -> String {
        var out = "# \(escape(SafeText.line(content.site.title))): digest for \(day.day)\n\n"
        let times = day.runs.map { SiteDate.minute($0.started).dropFirst(11) }.joined(separator: ", ")
        let count = day.changeCount
        out += "\(CountText.of(day.runs.count, "run", "runs")) (\(times)), "
        out += "\(CountText.of(count, "change", "changes")).\n"
        // Sources in configuration order; within one, changes in the order runs found them.
        let changes = day.runs.flatMap(\.changes)
        for source in content.sources {
            let mine = changes.filter { $0.sourceID == source.id }
            guard !mine.isEmpty else { continue }
            out += "\n## \(escape(source.name))\n\n"
            let baselines = mine.filter { $0.kind == .baseline }
            for baseline in baselines {
                out += "\(ChangeDescription(baseline, sourceName: source.name).title).\n\n"
            }
            let rest = mine.filter(\.isNews)
            guard !rest.isEmpty else { continue }
            out += "| Change | Item | What |\n|---|---|---|\n"
            for change in rest {
                let description = ChangeDescription(change, sourceName: source.name)
                out += "| \(description.label) | \(item(description)) | \(details(description)) |\n"
            }
        }
        if day.changeCount == 0 { out += "\nNo changes.\n" }
        return out
    }

    private static func item(_ description: ChangeDescription) -> String {
        let title = escape(description.title)
        guard let link = description.link else { return title }
        return "[\(title)](<\(destination(link.absoluteString))>)"
    }

    private static func details(_ description: ChangeDescription) -> String {
        switch description.change.kind {
        case .changed:
            return description.rows.map { row in
                "\(escape(row.field)): " + change(row, in: description)
            }.joined(separator: "; ")
        default:
            return escape(description.summary ?? "")
        }
    }

    /// A field's old → new: the words that changed for a text, ~~old~~ → **new** otherwise.
    static func change(_ row: ChangeDescription.FieldRow, in description: ChangeDescription) -> String {
        if let diff = description.diff(of: row) { return diff.markdown(escape: escape) }
        let old = row.old.isEmpty ? "(none)" : "~~\(escape(row.old))~~"
        let new = row.new.isEmpty ? "(none)" : "**\(escape(row.new))**"
        return "\(old) → \(new)"
    }

    /// A link destination to write inside `<…>` (CommonMark §6.3), which must hold no
    /// angle brackets or line breaks; spaces are escaped too, so the link stays one word
    /// in a mail reader's plain text. The digest and the notifications both write links so.
    static func destination(_ url: String) -> String {
        guard url.utf8.contains(where: { [0x3C, 0x3E, 0x20, 0x0A, 0x0D].contains($0) }) else { return url }
        var out = ""
        for scalar in url.unicodeScalars {
            switch scalar {
            case "<": out += "%3C"
            case ">": out += "%3E"
            case " ": out += "%20"
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The characters that open Markdown syntax inline or in a table: emphasis, code,
    /// links and images, raw HTML and entities, strikethrough, headings, cell breaks.
    private static let syntax = Set("\\`*_[]<>|~#&!")

    /// Text that Markdown shows as written.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in SafeText.line(text) {
            if syntax.contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
