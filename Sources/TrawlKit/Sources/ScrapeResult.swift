import Foundation

/// What one page gave: its items, what was odd about them, and where the next page is.
public struct ScrapeResult: Sendable {
    public var items: [Item]
    /// Values that would not type, rows without an id: reported, never fatal.
    public var warnings: [String]
    /// What the parse had to leave out of the page to stay bounded (`Document.warnings`):
    /// shown even without `--verbose`, since items may be missing.
    public var notices: [String] = []
    /// How many candidate items lacked a required field (and were left out).
    public var missingRequired: Int
    /// The next page of a paginated list, when there is one.
    public var nextPage: URL?

    public init(items: [Item] = [], warnings: [String] = [], missingRequired: Int = 0, nextPage: URL? = nil) {
        self.items = items
        self.warnings = warnings
        self.missingRequired = missingRequired
        self.nextPage = nextPage
    }
}
