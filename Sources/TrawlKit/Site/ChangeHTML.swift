import Foundation

/// The HTML of feed entries, written by code with every scraped string escaped
/// (`SafeText.html`); links only for `http`, `https` and `mailto`.
///
/// A change reads as sentences, old → new, with a text's changed words in `<del>` and
/// `<ins>`; an item reads as itself: its summary, then its other fields as a short
/// definition list of human values. No raw field tables.
enum ChangeHTML {
    /// A change's entry (`"entries": "changes"`).
    static func render(_ description: ChangeDescription, sourcePage: URL?) -> String {
        let change = description.change
        let source = SafeText.html(description.sourceName)
        let sourceText = sourcePage.map { "<a href=\"\(SafeText.html($0.absoluteString))\">\(source)</a>" } ?? source
        switch change.kind {
        case .baseline:
            let count = change.trackedItems ?? 0
            let items = CountText.of(count, "item", "items", shown: ValueWording().number(count))
            if let reason = change.rebaselineReason {
                let why =
                    reason == .accepted
                    ? "its new layout was accepted" : "its rules for which items there are were edited"
                return "<p>\(sourceText) was updated: \(why), and it now tracks \(items), taken as they are. "
                    + "Nothing is reported as new or removed for it; from the next run on, this feed says what "
                    + "is added, changed and removed again.</p>"
            }
            return
                "<p>\(sourceText) is now tracked: \(CountText.of(count, "item", "items", shown: ValueWording().number(count))). "
                + "From the next run on, this feed says what is added, changed and removed.</p>"
        case .changed:
            return "<p>In \(sourceText): \(SafeText.html(description.sentence)).</p>" + changeList(description)
        case .added, .reappeared, .removed:
            let lead: String
            switch change.kind {
            case .added: lead = "New in \(sourceText)."
            case .reappeared: lead = "Back in \(sourceText) after it had gone."
            default: lead = "No longer in \(sourceText). This is what it was:"
            }
            var html = "<p>\(lead)</p>"
            if let summary = description.summary { html += paragraphs(summary) }
            if let item = change.item { html += fields(of: item) }
            return html
        }
    }

    /// An item's entry (`"entries": "items"`): where it is from, a line for its latest change,
    /// then the item itself. `source` names the source and links its page, so no entry is
    /// empty even when the item has nothing but a title.
    static func render(
        item: Item, latestChange: ChangeDescription?, source: SourceLine? = nil, wording: ValueWording = ValueWording()
    ) -> String {
        var html = ""
        if let latestChange, latestChange.change.kind == .changed {
            let day = SafeText.html(wording.date(latestChange.change.detectedAt))
            html +=
                "<p><em>Updated \(day):</em> \(SafeText.html(latestChange.sentence)).</p>" + changeList(latestChange)
        } else if let source {
            html += "<p>New in \(source.html).</p>"
        }
        if let summary = item.summary.map(SafeText.line), !summary.isEmpty { html += paragraphs(summary) }
        // The entry's own date says when it was published.
        html += fields(of: item, wording: wording, except: ["date", "updated"])
        if let link = SafeText.link(item.link), let host = URL(string: link)?.host, !host.isEmpty {
            html += "<p><a href=\"\(SafeText.html(link))\">Read it on \(SafeText.html(host))</a></p>"
        }
        return html
    }

    /// The source an entry is from: its name, linked to its page on the site when there is one.
    struct SourceLine: Sendable {
        var name: String
        var page: URL?

        var html: String {
            let name = SafeText.html(SafeText.line(name))
            return page.map { "<a href=\"\(SafeText.html($0.absoluteString))\">\(name)</a>" } ?? name
        }
    }

    /// Each changed field on a line: `scale: 1:80,000 → 1:100,000`, or the words that changed.
    static func changeList(_ description: ChangeDescription) -> String {
        guard !description.rows.isEmpty else { return "" }
        var html = "<ul>"
        for row in description.rows {
            html += "<li><strong>\(SafeText.html(row.field))</strong>: "
            // Marked so the words still say which is which in a reader that drops the markup.
            if let diff = description.diff(of: row) {
                html += diff.markedHTML
            } else if row.old.isEmpty {
                html += "set to <ins>\(SafeText.html(row.new))</ins>"
            } else if row.new.isEmpty {
                html += "<del>\(SafeText.html(row.old))</del> (removed)"
            } else {
                html += "<del>\(SafeText.html(row.old))</del> → <ins>\(SafeText.html(row.new))</ins>"
            }
            html += "</li>"
        }
        return html + "</ul>"
    }

    /// The fields an entry's title, link, text and enclosure do not already say.
    static let fieldsShownElsewhere: Set<String> = ["title", "url", "summary", "enclosure", "enclosureType"]

    /// Names people read for fields whose names are for machines.
    static let fieldLabels: [String: String] = ["enclosureLength": "size", "categories": "categories"]

    /// The item's other fields as a short definition list of human values.
    static func fields(of item: Item, wording: ValueWording = ValueWording(), except: Set<String> = []) -> String {
        let shown = item.fields.filter { !fieldsShownElsewhere.contains($0.name) && !except.contains($0.name) }
        guard !shown.isEmpty else { return "" }
        var html = "<dl>"
        for field in shown {
            let name = fieldLabels[field.name] ?? field.name
            let text = SafeText.line(wording.text(field.value, field: field.name))
            var value = SafeText.html(text)
            if case .url(let url) = field.value, let link = SafeText.link(url) {
                value = "<a href=\"\(SafeText.html(link))\">\(value)</a>"
            }
            html += "<dt>\(SafeText.html(SafeText.line(name)))</dt><dd>\(value)</dd>"
        }
        return html + "</dl>"
    }

    private static func paragraphs(_ text: String) -> String {
        "<p>\(SafeText.html(text))</p>"
    }
}
