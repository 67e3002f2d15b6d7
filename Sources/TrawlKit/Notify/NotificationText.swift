import Foundation

/// A notification as Markdown (the command's standard input, the email's text part, the
/// chat formats' message) and as HTML (the email's HTML part): the run's digest.
enum NotificationText {
    /// The digest of the run: each source's changes in words, then what broke or recovered.
    /// `escape` makes a text inert Markdown (a chat's own marks may be added to it).
    static func markdown(
        _ notification: RunNotification, escape: (String) -> String = DigestMarkdown.escape
    ) -> String {
        var out = "# \(escape(notification.subject))\n"
        for source in notification.sources {
            out += "\n## \(escape(source.name))\n\n"
            for change in source.changes {
                let text = escape(change.text)
                if let url = change.url {
                    out += "- [\(text)](<\(DigestMarkdown.destination(url))>)\n"
                } else {
                    out += "- \(text)\n"
                }
                // A new item's excerpt, as a paragraph of its list item.
                if let excerpt = change.excerpt { out += "\n  \(escape(excerpt))\n" }
                // The words that changed, each line a paragraph of its list item.
                for line in change.details { out += "\n  \(escape(line))\n" }
            }
            if let page = source.page {
                out += "\n[All of \(escape(source.name))](<\(DigestMarkdown.destination(page))>)\n"
            }
        }
        if !notification.failures.isEmpty {
            out += "\n## Sources\n\n"
            for failure in notification.failures { out += "- \(escape(failure.text))\n" }
        }
        // A shortened run ends with where the rest is, which is also the day's digest.
        if let rest = notification.omittedText {
            guard let all = notification.readAll else { return out + "\n\(escape(rest)) not shown\n" }
            return out + "\n\(escape(rest)), all on the site: [\(escape(all))](<\(DigestMarkdown.destination(all))>)\n"
        }
        if let digest = notification.digest {
            out += "\n[The day's digest](<\(DigestMarkdown.destination(digest))>)\n"
        }
        return out
    }

    /// The same as HTML, through cmark-gfm (raw HTML never passes).
    static func html(_ notification: RunNotification) -> String {
        let title = SafeText.html(notification.subject)
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>\(title)</title></head><body>\n"
            + MarkdownRenderer.html(markdown(notification)) + "</body></html>\n"
    }

    /// Plain lines for chat: the subject, then one line per change and failure. Each text
    /// (never a link) goes through `escape`, the chat's own escaping (`ChatMarkup`); a
    /// shortened notification ends with how much was left out and where to read it all.
    static func plain(_ notification: RunNotification, escape: (String) -> String = { $0 }) -> String {
        var lines = [escape(notification.subject)]
        for source in notification.sources {
            for change in source.changes {
                lines.append("• \(escape(source.name)): \(escape(change.text))" + (change.url.map { " \($0)" } ?? ""))
                if let excerpt = change.excerpt { lines.append("  \(escape(excerpt))") }
                for line in change.details { lines.append("  \(escape(line))") }
            }
        }
        for failure in notification.failures { lines.append("• \(escape(failure.text))") }
        if let rest = notification.omittedText {
            // Where the rest is, which is also the day's digest.
            lines.append(
                notification.readAll.map { "\(escape(rest)), all on the site: \($0)" } ?? "\(escape(rest)) not shown")
        } else if let digest = notification.digest {
            lines.append(digest)
        }
        return lines.joined(separator: "\n")
    }
}
