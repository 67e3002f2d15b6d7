import Foundation

/// One source: where to fetch it and how to turn it into items.
public struct SourceConfiguration: Sendable, Hashable {
    /// What a source's page is, and so how it is scraped (`kind`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Items found by a CSS selector, fields by selectors within each.
        case list
        /// Rows of the table whose header row holds given labels, columns by header name.
        case table
        /// An RSS, Atom or JSON feed; items are its entries.
        case feed
        /// Label → state pairs; a change of state is the news.
        case status
        /// A JSON document (an API's response, or state embedded in a page's script):
        /// items and fields by JSONPath (RFC 9535).
        case json
        /// The text of a whole page, or of each element `items` matches, compared by words.
        case page
    }

    /// The source's id: names its cache folder, its page and its feed (letters, digits, `-`, `_`).
    public var id: String
    /// The longest id in UTF-8 bytes: it names a folder and files, whose names stop at 255.
    public static let maximumIDBytes = 100
    /// The name pages and feeds show; default the id.
    public var name: String
    /// How the page is scraped.
    public var kind: Kind
    /// The page (or feed) fetched: `http`, `https` or `file`.
    public var url: URL
    /// Where relative links resolve when not against the fetched URL (a local mirror of a site).
    public var base: URL?
    /// The selector of one item (`list`, `status`), or of one row (`table`, default `tr`);
    /// for `json`, the JSONPath of the item nodes.
    public var items: String?
    /// For `list`: the XPath 1.0 of one item (`"items": {"xpath": "…"}`), in place of `items`'
    /// CSS selector.
    public var itemsXPath: String?
    /// For `json`: the CSS selector of the page's script elements whose text holds the
    /// JSON (`script#__NEXT_DATA__`); nil when the response itself is JSON.
    public var script: String?
    /// The fields each item is given, in this order.
    public var fields: [FieldRule]
    /// For `page`: CSS selectors of the parts left out of the text (a date, a counter, ads).
    public var ignore: [String] = []
    /// The fields an item's id is taken from (`idField`: one, or a list for an id made of
    /// several, such as a film's title and year); empty: its own id, its URL, else its title.
    public var idFields: [String]
    /// The one field an item's id is taken from (the first of `idFields`).
    public var idField: String? {
        get { idFields.first }
        set { idFields = newValue.map { [$0] } ?? [] }
    }
    /// Items kept (`keep`): only those whose fields match every one of these rules.
    public var keep: [FieldPattern] = []
    /// Items left out (`drop`): any item a rule matches is no item of the source.
    public var drop: [FieldPattern] = []
    /// Fields whose changes are not news (a rank, a view count).
    public var ignoreChanges: [String]
    /// Fields an item must have; a scrape where many lack one is refused by the guard.
    public var required: [String]
    /// Pagination for `list`: a selector for the next page's link (default `rel="next"`).
    public var next: String?
    /// The most pages of a paginated list fetched in one run.
    public var maxPages: Int
    /// The most items one run keeps of this source (`maxItems`): the first ones, in page
    /// order; the rest are dropped with a notice, so a runaway page cannot fill memory,
    /// the cache and the site.
    public var maxItems = SourceConfiguration.defaultMaxItems
    /// `maxItems` when the configuration gives none.
    public static let defaultMaxItems = 10_000
    /// For `table`: labels the header row must contain, case-insensitively.
    public var header: [String]
    /// For `status`: which state texts mean "on".
    public var onValues: [String]
    /// The field whose URL `trawl download` mirrors.
    public var download: String?
    /// When a scrape is refused as a broken layout (`guard`).
    public var guardrail: Guardrail
    /// Headers, cookies, credentials, method and body for this source's requests.
    public var request = RequestOptions()
    /// Set when the page is loaded in a headless browser (`"render": "browser"`).
    public var render: RenderSettings?
    /// What becomes a feed entry: the items themselves, or each change.
    public var entries: EntryStyle
    /// Whether a source's first run makes one short "now tracking" entry.
    public var announceBaseline: Bool
    /// Who is told of this source's changes and failures, beside the top-level notifiers.
    public var notify: [NotifierConfiguration]
    /// How often the source is fetched (`"every": "6h"`): a run skips it while its last
    /// attempt is younger, so cron can run hourly and each source keeps its own pace. Nil:
    /// every run.
    public var every: TimeInterval?
    /// What is read from each new item's own page (`"detail"`); nil: nothing.
    public var detail: DetailSettings?

    /// What becomes a feed entry (`"entries"`).
    public enum EntryStyle: String, Sendable, Hashable, CaseIterable {
        /// Each new item is an entry that is the item; a change updates it. The default for
        /// `list`, `json` and `feed` sources, whose items are articles and episodes.
        case items
        /// One entry per change, in words. The default for `table` and `status` sources,
        /// whose news is that a row or a switch changed.
        case changes

        /// `items` for `list`, `json` and `feed` sources, `changes` for `table`, `status` and
        /// `page`, whose news is that a text changed.
        public static func defaultStyle(for kind: Kind) -> EntryStyle {
            kind == .list || kind == .json || kind == .feed ? .items : .changes
        }
    }

    /// A source built in code; each argument is the key of the same name in `trawl.json`.
    public init(
        id: String, name: String? = nil, kind: Kind, url: URL, items: String? = nil, fields: [FieldRule] = [],
        idField: String? = nil, ignoreChanges: [String] = [], required: [String] = [], next: String? = nil,
        maxPages: Int = 1, header: [String] = [], onValues: [String] = ["on", "true", "1", "yes"],
        download: String? = nil, guardrail: Guardrail = Guardrail(), entries: EntryStyle? = nil,
        announceBaseline: Bool = true, notify: [NotifierConfiguration] = []
    ) {
        self.id = id
        self.name = name ?? id
        self.kind = kind
        self.url = url
        self.items = items
        self.fields = fields
        self.idFields = idField.map { [$0] } ?? []
        self.ignoreChanges = ignoreChanges
        self.required = required
        self.next = next
        self.maxPages = maxPages
        self.header = header
        self.onValues = onValues
        self.download = download
        self.guardrail = guardrail
        self.entries = entries ?? .defaultStyle(for: kind)
        self.announceBaseline = announceBaseline
        self.notify = notify
    }

    /// The rule of the field called `name`, or nil.
    public func field(_ name: String) -> FieldRule? {
        fields.first { $0.name == name }
    }
}

/// When a scrape looks like a broken layout rather than news (the `guard` block).
public struct Guardrail: Sendable, Hashable {
    /// The share of the previous items that may vanish in one run (0.5: half).
    public var maxLoss: Double
    /// The share of items that may lack a required field.
    public var maxMissingRequired: Double
    /// Zero items is always a failure unless this is true.
    public var allowEmpty: Bool
    /// The share of items a field may come out empty or unparsed on before it is a warning
    /// (the scrape is still kept): above 0.8, most items, by default.
    public var warnAt: Double

    /// The `guard` block's defaults: half the items may vanish, a fifth lack a required field.
    public init(
        maxLoss: Double = 0.5, maxMissingRequired: Double = 0.5, allowEmpty: Bool = false, warnAt: Double = 0.8
    ) {
        self.maxLoss = maxLoss
        self.maxMissingRequired = maxMissingRequired
        self.allowEmpty = allowEmpty
        self.warnAt = warnAt
    }
}
