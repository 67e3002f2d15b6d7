/// How a text construct's value is marked up (RFC 4287 §3.1.1).
public enum FeedTextType: Sendable, Equatable, Hashable {
    case text
    /// HTML markup, already unescaped: `<b>bold</b>`.
    case html
    /// XHTML: the serialised children of the wrapping `div`.
    case xhtml
    /// Any other media type (Atom `content type="image/svg+xml"`, …).
    case other(String)

    /// The MIME-like name feedparser reports: `text/plain`, `text/html`, `application/xhtml+xml`.
    public var mediaType: String {
        switch self {
        case .text: "text/plain"
        case .html: "text/html"
        case .xhtml: "application/xhtml+xml"
        case .other(let type): type
        }
    }
}

/// A text value with its markup type, such as a summary or an entry's content.
public struct FeedText: Sendable, Equatable {
    public var value: String
    public var type: FeedTextType
    /// The language of the text (`xml:lang`), when the feed says.
    public var language: String?

    public init(_ value: String, type: FeedTextType = .text, language: String? = nil) {
        self.value = value
        self.type = type
        self.language = language
    }
}
