import Foundation

/// What each chat service reads as markup in a message's text, made inert: scraped titles
/// are data, and must neither ping a channel nor disguise a link.
enum ChatMarkup {
    /// Slack's mrkdwn: `&`, `<` and `>` as entities, so `<!channel>`, `<!here>` and
    /// `<https://evil|Click>` are shown, not obeyed (Slack's "Escaping text" rules).
    static func slack(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Discord's Markdown: link syntax, emphasis and `<@id>` mentions backslash-escaped, and
    /// `@everyone`, `@here` broken (`allowed_mentions` stops the pings too).
    static func discord(_ text: String) -> String {
        breakingMentions(DigestMarkdown.escape(text))
    }

    /// A Matrix message's plain body: `@room` and user mentions broken, so no push rule on
    /// the body matches them (the message also carries an empty `m.mentions`).
    static func matrix(_ text: String) -> String {
        breakingMentions(SafeText.line(text))
    }

    /// A zero-width space after each `@` that starts a word: `@everyone`, `@here`, `@room`,
    /// `@ada:example.org` read the same and mention no one; `ada@example.org` is left alone.
    static func breakingMentions(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previous: Character?
        for character in text {
            out.append(character)
            if character == "@", !(previous.map { $0.isLetter || $0.isNumber || $0 == "." } ?? false) {
                out.append("\u{200B}")
            }
            previous = character
        }
        return out
    }
}
