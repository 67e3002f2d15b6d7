/// A source's keys, its guard's and its fields' (docs/GUIDE.md, "Sources" and "Fields").
extension ConfigurationKeys {
    static let source = ConfigurationObject(
        name: "source", description: "One page or feed to watch.",
        keys: [
            .init(
                "id", .string,
                "Letters, digits, - and _; names the source's folder and page. Never change it lightly: the cache is "
                    + "keyed by it."),
            .init("name", .string, "Shown on the site (default: the id)."),
            .init(
                "kind", .choice(SourceConfiguration.Kind.allCases.map(\.rawValue)),
                "list, table, feed, status or json; required unless a preset gives it."),
            .init("preset", .choice(Presets.names), "A built-in source to start from; your own keys go on top of it."),
            .init(
                "url", .string,
                "The page or feed: https://…, http://…, file://…, or a path relative to the configuration."),
            .init(
                "base", .string,
                "Where relative links point (default: the page's own address); set it when you scrape a saved copy."),
            .init(
                "items", .either([.string, .object(itemsXPath)]),
                "One item (a row for tables): a CSS selector, a JSONPath for json. Required for list, status and json."),
            .init("script", .string, "For json: a CSS selector of the page's elements whose text holds the JSON."),
            .init("fields", .fields, "Field name → a selector (a JSONPath for json), or an object."),
            .init(
                "idField", .either([.string, .strings]),
                "The field that makes an item the same item from run to run (default url, else title), or a list "
                    + "of fields for an id made of several (a film's title and year)."),
            .init(
                "required", .strings,
                "Field names an item must have; if most items lack one, the guard fails the scrape."),
            .init("ignoreChanges", .strings, "Fields whose changes are not news (a rank, a view count)."),
            .init("next", .string, "The next page's link (a CSS selector), for lists over several pages."),
            .init("maxPages", .integer(minimum: 1), "How many pages to follow (default 1)."),
            .init(
                "maxItems", .integer(minimum: 1),
                "The most items one run keeps, the first in page order (default 10000)."),
            .init("header", .strings, "For table: labels the table's header row contains (required)."),
            .init("on", .strings, "For status: which state texts mean \"on\" (default on, true, 1, yes)."),
            .init("download", .string, "A URL field whose files `trawl download` mirrors."),
            .init("guard", .object(guardrail), "When a scrape is a broken layout, and when it deserves a warning."),
            .init(
                "entries", .choice(SourceConfiguration.EntryStyle.allCases.map(\.rawValue)),
                "What a feed entry is: each new item itself (items), or each change told in words (changes)."),
            .init(
                "announceBaseline", .boolean,
                "A source's first run makes one short \"now tracking\" entry (default true); false makes none."),
            .init(
                "notify", .list(.either([.object(webhook), .object(email), .object(command)])),
                "Notifiers for this source alone, beside the top-level ones."),
            .init(
                "every", .string,
                "Fetch the source at most this often, a length of time such as \"30m\", \"6h\", \"1d\" or \"1w\"."),
            .init(
                "keep", .map(.string),
                "Field → regular expression: only items where every rule matches are items (a list field matches "
                    + "when any value does)."),
            .init("drop", .map(.string), "Field → regular expression: an item any rule matches is left out."),
            .init(
                "ignore", .strings,
                "For page: CSS selectors of the parts left out of the text (a date, a counter, ads)."),
            .init("detail", .object(detail), "Read each new or changed item's own page: its article, and fields."),
        ] + request + render,
        required: ["id", "url"], anyOf: ["kind", "preset"])

    static let itemsXPath = ConfigurationObject(
        name: "items", description: "A list source's items by XPath, as FreshRSS and urlwatch give them.",
        keys: [.init("xpath", .string, "The XPath 1.0 of one item.")], required: ["xpath"])

    static let detail = ConfigurationObject(
        name: "detail", description: "What is read from each new or changed item's own page.",
        keys: [
            .init(
                "article", .either([.boolean, .choice(["excerpt"])]),
                "true puts the page's main article in the feeds, \"excerpt\" only its excerpt, false none "
                    + "(default true, or false when fields are given)."),
            .init(
                "fields", .map(.either([.string, .object(field)])),
                "Field name → a selector on the item's page (or a field object), merged into the item."),
            .init(
                "maxPerRun", .integer(minimum: 1),
                "The most item pages one run reads (default \(DetailSettings.defaultMaxPerRun)); the rest follow "
                    + "on later runs."),
        ])

    /// The keys that shape a source's requests.
    static let request: [ConfigurationKey] = [
        .init(
            "headers", .map(.string),
            "Header name → value, sent on the source's own origin only: {\"Authorization\": \"Bearer ${API_TOKEN}\"}."),
        .init(
            "cookies", .either([.string, .map(.string)]),
            "A Netscape cookies.txt file, or cookie name → value: {\"session\": \"${SESSION}\"}."),
        .init("auth", .object(auth), "HTTP basic auth; both the user and the password must come from the environment."),
        .init(
            "method", .choice(["GET", "POST"]),
            "GET (the default) or POST for a search form; a POST is never conditional."),
        .init("body", .object(body), "With POST: {\"form\": {\"q\": \"boats\"}} or {\"json\": {…}}."),
        .init("proxy", .string, proxyWords + " This source's requests (its robots.txt too) go through it."),
    ]

    /// The keys of a source loaded in headless Chromium.
    static let render: [ConfigurationKey] = [
        .init(
            "render", .choice(["browser"]),
            "Load the page in headless Chromium and scrape the DOM its scripts build."),
        .init(
            "waitFor", .string,
            "With render: the page is taken once this CSS selector matches; without it, once the network is quiet."),
        .init(
            "renderTimeout", .number(minimum: 0.1, maximum: 3_600),
            "With render: seconds the whole load may take (default 30)."),
        .init("renderImages", .boolean, "With render: load images, media and fonts too (default false)."),
    ]

    static let guardrail = ConfigurationObject(
        name: "guard", description: "When a scrape is a broken layout, and when it deserves a warning.",
        keys: [
            .init(
                "maxLoss", share,
                "The share of the last good run's items that may vanish at once (default 0.5)."),
            .init("maxMissingRequired", share, "The share of items that may lack a required field (default 0.5)."),
            .init("allowEmpty", .boolean, "true when zero items is a normal state (an empty queue)."),
            .init(
                "warnAt", share,
                "A field empty, or not parsing, on more than this share of the items is a warning (default 0.8)."),
        ])

    static let auth = ConfigurationObject(
        name: "auth", description: "HTTP basic auth, from the environment: {\"user\": \"${USER}\", …}.",
        keys: [
            .init("user", .string, "The user, as ${VARIABLE}."),
            .init("password", .string, "The password, as ${VARIABLE}."),
        ],
        required: ["user", "password"])

    static let body = ConfigurationObject(
        name: "body", description: "A POST request's body: a form or JSON, one of them.",
        keys: [
            .init("form", .map(.string), "Form field name → value, sent as application/x-www-form-urlencoded."),
            .init("json", .any, "Any JSON, sent as written with its ${VAR}s expanded."),
        ],
        oneOf: ["form", "json"])

    /// A share from 0 to 1.
    static let share = ConfigurationValue.number(minimum: 0, maximum: 1)
}
