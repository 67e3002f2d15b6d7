import Foundation
import TrawlJSON

/// The one place a watch of a whole page (or of a part a selector picks) is written: a
/// `page` source (the whole page, or each element a CSS selector picks, compared by words).
/// What `page` cannot say — a part picked by XPath, or text the other tool edited
/// (`re.sub`) — is a `list` source whose one item is the page, its address as the item's
/// link (an XPath string literal, so the item keeps its identity when the text changes),
/// the page's title as its title, and the selected text as the `text` field.
enum WholePageWatch {
    /// What the watch reads: the whole page, or the elements a CSS selector or an XPath picks.
    enum Selection: Sendable, Equatable {
        case wholePage
        case css(String)
        case xpath(String)
    }

    /// The source's members after `id` and `name`; `textRule` adds to the `text` field
    /// (`replace`, from the other tool's filters).
    static func members(
        url: URL, selection: Selection, textRule: [(String, JSONValue)] = []
    ) -> [(String, JSONValue)] {
        if textRule.isEmpty {
            switch selection {
            case .wholePage: return [("kind", .text("page")), ("url", .text(url.absoluteString))]
            case .css(let css):
                return [("kind", .text("page")), ("url", .text(url.absoluteString)), ("items", .text(css))]
            case .xpath: break
            }
        }
        let text: [(String, JSONValue)]
        switch selection {
        case .wholePage: text = [("css", .text("body"))]
        case .css(let css): text = [("css", .text(css)), ("many", JSONValue(.bool(true)))]
        case .xpath(let xpath): text = [("xpath", .text(xpath)), ("many", JSONValue(.bool(true)))]
        }
        return [
            ("kind", .text("list")),
            ("url", .text(url.absoluteString)),
            ("items", .text("html")),
            (
                "fields",
                .object([
                    ("title", .object([("xpath", .text("string(/html/head/title)"))])),
                    ("url", .object([("xpath", .text(literal(url.absoluteString))), ("type", .text("url"))])),
                    ("text", .object(text + textRule)),
                ])
            ),
            ("entries", .text("changes")),
        ]
    }

    /// `text` as an XPath 1.0 string literal (which has no escapes: quoted by the quote it lacks; a URL with both has its `'` as `%27`).
    static func literal(_ text: String) -> String {
        text.contains("\"") ? "'\(text.replacingOccurrences(of: "'", with: "%27"))'" : "\"\(text)\""
    }
}
