import Foundation

/// Why a source's scrape failed, kept as data: what kind of failure, the sentence a person
/// reads, and what it concerns (the URL, HTTP status, selector or file).
///
/// The run record and health store it, so the site, `trawl status`, notifications and
/// health events decide from `kind` and the context, never from the wording of `message`.
public struct OutcomeError: Sendable, Hashable, Error, CustomStringConvertible {
    /// The kinds of failure the pipeline produces, one per thing a person would do about it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The host could not be reached, or answered in a way that breaks HTTP (bad
        /// redirects, a body cut short).
        case network
        /// No answer in time, or a rendered page that never settled.
        case timeout
        /// The server answered with an error status (`status`).
        case httpStatus
        /// robots.txt disallows the page, or could not be read (which disallows it too).
        case robots
        /// The page was larger than `fetch.maxBytes`.
        case tooLarge
        /// A local file (a `file:` URL) could not be read.
        case file
        /// The document is not what the source kind reads (a feed that does not parse).
        case parse
        /// The layout guard refused the scrape (no items, most gone, required fields
        /// missing, the configured table gone): the layout may have changed.
        case layoutGuard = "guard"
        /// A rendered page's `waitFor` selector never matched.
        case selector
        /// The browser could not start, crashed, or refused a page.
        case browser
        /// The source's configuration cannot work (a URL scheme Trawl cannot fetch).
        case configuration
        /// The cache could not be read or written.
        case disk
        /// The run was stopped while the source was under way.
        case stopped
        /// Anything else, and errors recorded by a Trawl that kept only their text.
        case other
    }

    public var kind: Kind
    /// The failure in words, with what it means for what is shown.
    public var message: String
    public var url: URL?
    /// The HTTP status of a `httpStatus` failure.
    public var status: Int?
    /// The selector (or a table's header labels) a `selector` or `guard` failure concerns.
    public var selector: String?
    /// The file a `disk` or `file` failure concerns.
    public var path: String?

    public init(
        kind: Kind, message: String, url: URL? = nil, status: Int? = nil, selector: String? = nil,
        path: String? = nil
    ) {
        self.kind = kind
        self.message = message
        self.url = url
        self.status = status
        self.selector = selector
        self.path = path
    }

    /// An error known only by its text (a run record from before errors were typed).
    public init(text: String) {
        self.init(kind: .other, message: text)
    }

    public var description: String { message }

    /// Whether the layout guard refused the scrape: `RunOptions.accept` takes the page's new shape.
    public var isGuard: Bool { kind == .layoutGuard }
}
