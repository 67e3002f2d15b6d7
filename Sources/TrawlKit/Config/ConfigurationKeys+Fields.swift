/// A field's keys (docs/GUIDE.md, "Fields"), and a notifier's (docs/NOTIFY.md).
extension ConfigurationKeys {
    /// The keys every kind's fields share: how the text is typed and cleaned.
    static let typing: [ConfigurationKey] = [
        .init(
            "type", .choice(FieldRule.ValueType.allCases.map(\.rawValue)),
            "How the text is typed (default string; url for a field named url, date for date)."),
        .init(
            "format", .string,
            "For date: a date pattern such as \"d MMM yyyy\" (default: RFC 3339, ISO dates, RFC 2822, common forms)."),
        .init(
            "locale", .string,
            "For date with a format: the language of month and day names, such as \"de\" (default en)."),
        .init("strip", .strings, "Text removed before typing, such as [\"Published on \"]."),
        .init("replace", .map(.string), "Regular expression → template, applied after strip; $1 refers to a group."),
        .init("many", .boolean, "Every match, as a list (tags), rather than the first."),
        .init("default", .string, "The text used when nothing matches."),
    ]

    static let field = ConfigurationObject(
        name: "field", description: "A field of a list, table or status source.",
        keys: [
            .init("css", .string, "Where the text is, inside the item or the table cell (default: the item itself)."),
            .init("xpath", .string, "An XPath 1.0 expression, instead of css."),
            .init("column", .string, "For tables: the column's header text."),
            .init("attr", .string, "Read this attribute instead of the text (same as ::attr(name))."),
        ] + typing,
        refused: ["json": "a JSONPath is for a json source (\"kind\": \"json\")"])

    static let jsonField = ConfigurationObject(
        name: "jsonField", description: "A field of a json source.",
        keys: [.init("json", .string, "A JSONPath with the item as its root $ (default: the item itself).")] + typing)

    /// Each notifier's own keys, and the one they share.
    static let when = ConfigurationKey(
        "when", .choices(NotifierConfiguration.Event.allCases.map(\.rawValue)),
        "What it is told of: changes, failures, or both (the default); added: new items only.")

    static let match = ConfigurationKey(
        "match", .map(.string),
        "Field → regular expression: it is told only of changes to items every rule matches.")

    static let webhook = ConfigurationObject(
        name: "webhook", description: "A POST of the run's news to a URL.",
        keys: [
            .init("webhook", .string, "The http(s) URL the news is posted to."),
            .init(
                "format", .choice(NotifierConfiguration.WebhookFormat.allCases.map(\.rawValue)),
                "The body's shape (default json, Trawl's own)."),
            when, match,
            .init("headers", .map(.string), "Header name → value sent with every request."),
            .init("timeout", .number(minimum: 0, maximum: 600), "Seconds one attempt may take (default 10)."),
            .init("attempts", .integer(minimum: 1), "Attempts in one run before the delivery waits (default 3)."),
        ],
        required: ["webhook"])

    static let email = ConfigurationObject(
        name: "email", description: "An email through a sendmail-compatible program.",
        keys: [
            .init("email", .strings, "The recipients' addresses."),
            .init("from", .string, "The sender (default trawl@localhost)."),
            .init(
                "sendmail", .strings,
                "The program (default /usr/sbin/sendmail), or the program and its arguments."),
            when, match,
        ],
        required: ["email"])

    static let command = ConfigurationObject(
        name: "command",
        description: "A program run with the run's digest on its standard input and the counts in its environment.",
        keys: [
            .init("command", .strings, "The program and its arguments."),
            .init(
                "format", .choice(NotifierReader.commandFormats),
                "What its standard input holds: plain text (the default) or the Markdown digest."),
            when, match,
        ],
        required: ["command"])
}
