import Foundation

/// A notification as Markdown (the command's standard input, the email's text part, the
/// chat formats' message) and as HTML (the email's HTML part): the run's digest.
enum NotificationText {
    /// The digest of the run: each source's changes in words, then what broke or recovered.
    static func markdown(_ notification: RunNotification) -> String {
        let escape = DigestMarkdown.escape
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
            }
            if let page = source.page {
                out += "\n[All of \(escape(source.name))](<\(DigestMarkdown.destination(page))>)\n"
            }
        }
        if !notification.failures.isEmpty {
            out += "\n## Sources\n\n"
            for failure in notification.failures { out += "- \(escape(failure.text))\n" }
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

    /// Plain lines for chat: the subject, then one line per change and failure.
    static func plain(_ notification: RunNotification, limit: Int = 3_500) -> String {
        var lines = [notification.subject]
        for source in notification.sources {
            for change in source.changes {
                lines.append("• \(source.name): \(change.text)" + (change.url.map { " \($0)" } ?? ""))
            }
        }
        for failure in notification.failures { lines.append("• \(failure.text)") }
        if let digest = notification.digest { lines.append(digest) }
        var text = ""
        for line in lines {
            if text.count + line.count + 1 > limit {
                text += "…"
                break
            }
            text += (text.isEmpty ? "" : "\n") + line
        }
        return text
    }
}
