import Foundation
import TrawlJSON

/// The body of each chat format, its texts made inert (`ChatMarkup`) and cut to the
/// service's documented limit, counted as the service counts; a cut message ends with how
/// much was left out and a link to the site, where the whole run is.
enum ChatBody {
    /// Discord: `content` holds at most 2,000 characters, counted as code points (its API
    /// counts Python `str` lengths; discord-api-docs#1315).
    static let discordCharacters = 2_000
    /// Slack: `text` is cut by Slack past 40,000 characters, and Slack advises at most 4,000.
    static let slackCharacters = 4_000
    /// ntfy: a message of more than 4,096 bytes becomes an attachment, or is refused where
    /// attachments are off.
    static let ntfyBytes = 4_096
    /// Matrix: a whole event is at most 65,536 bytes as the homeserver signs and sends it
    /// (client-server API, "Size limits"); the content gets 60,000, the rest is left for
    /// the envelope the server adds (ids, hashes, signatures).
    static let matrixContentBytes = 60_000

    static func slack(_ notification: RunNotification) -> Data {
        let text = fitted(notification, limit: slackCharacters, measure: \.unicodeScalars.count) {
            // Links too: Slack reads `&amp;` in a link as `&`.
            ChatMarkup.slack(NotificationText.plain($0, escape: SafeText.line))
        }
        return json([("text", .string(text))])
    }

    static func discord(_ notification: RunNotification) -> Data {
        let content = fitted(notification, limit: discordCharacters, measure: \.unicodeScalars.count) {
            NotificationText.plain($0, escape: ChatMarkup.discord)
        }
        // No mention in the text pings anyone, whatever it says.
        return json([
            ("allowed_mentions", .object([(key: "parse", value: .array([]))])), ("content", .string(content)),
        ])
    }

    static func ntfy(_ notification: RunNotification) -> Data {
        Data(fitted(notification, limit: ntfyBytes, measure: \.utf8.count) { NotificationText.markdown($0) }.utf8)
    }

    static func matrix(_ notification: RunNotification) -> Data {
        func body(_ notification: RunNotification) -> Data {
            let markdown = NotificationText.markdown(notification) { ChatMarkup.matrix(DigestMarkdown.escape($0)) }
            return json([
                ("body", .string(NotificationText.plain(notification, escape: ChatMarkup.matrix))),
                ("format", .string("org.matrix.custom.html")),
                ("formatted_body", .string(MarkdownRenderer.html(markdown))),
                // Present and empty: the message mentions no one (intentional mentions, spec v1.7).
                ("m.mentions", .object([])),
                ("msgtype", .string("m.text")),
            ])
        }
        let fitting = notification.shortened { body($0).count <= matrixContentBytes } ?? notification.prefix(0)
        return body(fitting)
    }

    /// The text of the longest prefix of `notification` within `limit`; past it even with no
    /// line, the subject cut short.
    private static func fitted(
        _ notification: RunNotification, limit: Int, measure: (String) -> Int,
        render: (RunNotification) -> String
    ) -> String {
        if let fitting = notification.shortened(toFit: { measure(render($0)) <= limit }) { return render(fitting) }
        var text = render(notification.prefix(0))
        while measure(text) > limit { text.removeLast() }
        return text
    }

    /// Members in the order given (sorted by name), so the same message gives the same bytes.
    private static func json(_ members: [(key: String, value: JSONValue)]) -> Data {
        Data(JSONWriter.bytes(.object(members), style: .compact))
    }
}
