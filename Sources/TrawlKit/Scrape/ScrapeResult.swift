import Foundation

/// What one page gave: its items, what was odd about them, and where the next page is.
struct ScrapeResult: Sendable {
    var items: [Item]
    /// Values that would not type, rows without an id: reported, never fatal.
    var warnings: [String]
    /// What the parse had to leave out of the page to stay bounded (`Document.warnings`):
    /// shown even without `--verbose`, since items may be missing.
    var notices: [String] = []
    /// How many candidate items lacked a required field (and were left out).
    var missingRequired: Int
    /// The next page of a paginated list, when there is one.
    var nextPage: URL?
    /// Per field, how many values would not type, and the first of them.
    var unparsed: [String: UnparsedValues]
    /// Links relative to a site's root found on a local file with no `base` to resolve them.
    var rootRelativeLinksOnLocalFile: [String]
    /// How many `<script>` elements the page holds: many, and no items, suggests a list
    /// built in the browser.
    var scriptCount: Int
    /// The address of the (first) page, for messages.
    var pageURL: URL?
    /// The text of a page that gave no items: whether the last good items' titles are still
    /// on it says a renamed class from a list built by JavaScript.
    var pageText: String?
    /// How many items past the source's `maxItems` were left out.
    var droppedOverLimit = 0
    /// How many records the page held that could be items (kept, filtered out, or lacking
    /// an id or a required field): what the guard measures.
    var held = 0
    /// How many items the source's `keep` and `drop` rules left out.
    var filteredOut = 0
    /// How many records with content had nothing in the source's `idField` (and so no id).
    var missingID = 0

    struct UnparsedValues: Sendable, Hashable {
        var count: Int
        var first: String
    }

    init(items: [Item] = [], warnings: [String] = [], missingRequired: Int = 0, nextPage: URL? = nil) {
        self.items = items
        self.warnings = warnings
        self.missingRequired = missingRequired
        self.nextPage = nextPage
        self.unparsed = [:]
        self.rootRelativeLinksOnLocalFile = []
        self.scriptCount = 0
    }

    /// Adds the next page's result to this one (items, counts and notes; the next link is theirs).
    mutating func append(_ page: ScrapeResult) {
        items += page.items
        warnings += page.warnings
        notices += page.notices
        missingRequired += page.missingRequired
        for (field, values) in page.unparsed {
            if let mine = unparsed[field] {
                unparsed[field] = UnparsedValues(count: mine.count + values.count, first: mine.first)
            } else {
                unparsed[field] = values
            }
        }
        rootRelativeLinksOnLocalFile += page.rootRelativeLinksOnLocalFile
        scriptCount = max(scriptCount, page.scriptCount)
        droppedOverLimit += page.droppedOverLimit
        held += page.held
        filteredOut += page.filteredOut
        missingID += page.missingID
        nextPage = page.nextPage
    }

    /// Keeps the first `maxItems` items and counts the rest as dropped.
    mutating func limit(to maxItems: Int) {
        guard items.count > maxItems else { return }
        droppedOverLimit += items.count - maxItems
        items.removeSubrange(maxItems...)
    }

    /// Whether no more items fit: the pages after this one need not be fetched.
    func isFull(at maxItems: Int) -> Bool {
        items.count >= maxItems
    }

    /// The notice that says how many items `maxItems` left out; nil when none were.
    func limitNotice(maxItems: Int) -> String? {
        guard droppedOverLimit > 0 else { return nil }
        return
            "kept the first \(CountText.of(maxItems, "item", "items")) and dropped \(droppedOverLimit) more: the source's maxItems is"
            + " \(maxItems) (raise it to keep more)"
    }
}
