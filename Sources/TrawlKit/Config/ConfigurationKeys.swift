/// Every key `trawl.json` may hold, object by object: the one list the loader checks keys
/// against and `trawl schema` describes.
///
/// To add a key: add a `ConfigurationKey` line to its object here (name, value, the GUIDE's
/// words for it; a source's keys are in `ConfigurationKeys+Source`, a field's and a
/// notifier's in `ConfigurationKeys+Fields`), read it in the object's reader
/// (`ConfigurationLoader`, `SourceReader`, `NotifierReader`) with `object["name"]`, and give
/// it a row in docs/GUIDE.md. Nothing else lists keys: the loader accepts it and the schema
/// offers it from this line, and `ConfigurationSchemaTests` fails while the reader ignores a
/// declared key, reads one that is not declared, or the GUIDE does not name it. (A new
/// `SourceConfiguration` property also goes into its `CanonicalKey`.) A new object (`detail`,
/// say) is a `ConfigurationObject` here, listed in `objects`, read with
/// `reader.object(node, at:, shape:)`, and placed in `ConfigurationSchemaTests.placements`.
enum ConfigurationKeys {
    /// Every object, top level first: each appears once under the schema's `$defs`.
    static let objects: [ConfigurationObject] = [
        top, site, fetch, feed, retention, source, itemsXPath, guardrail, auth, body, detail, field, jsonField, webhook,
        email,
        command,
    ]

    static let top = ConfigurationObject(
        name: "configuration",
        description: "trawl.json: the pages and feeds to watch, and how the site and its feeds are made.",
        keys: [
            .init(
                "$schema", .string,
                "The JSON Schema this file follows (what `trawl schema` prints), for editors; Trawl ignores it."),
            .init("site", .object(site), "The generated site's settings."),
            .init(
                "output", .string,
                "Where the site is written (default \"Output\"): a folder of its own, relative to this file."),
            .init("cache", .string, "Where snapshots, health and run records are kept (default \"Cache\")."),
            .init("templates", .string, "Your templates; each file replaces the built-in one of its name."),
            .init("fetch", .object(fetch), "How pages are fetched."),
            .init("feed", .object(feed), "The site's feeds."),
            .init("retention", .object(retention), "How long run records are kept."),
            .init(
                "sources", .list(.object(source)),
                "The pages and feeds to watch; each entry is one page or feed."),
            .init(
                "notify", .list(.either([.object(webhook), .object(email), .object(command)])),
                "Who is told of each run's changes and failures: webhook, email or command notifiers."),
        ],
        required: ["sources"])

    static let site = ConfigurationObject(
        name: "site", description: "The generated site's settings.",
        keys: [
            .init("title", .string, "The site's title (default \"Trawl\")."),
            .init(
                "url", .string,
                "Where Output/ is published, an http(s) URL; feeds need it for absolute links."),
            .init("author", .string, "The site's author."),
            .init("description", .string, "What the site is about."),
            .init(
                "language", .string,
                "A language tag (default \"en\"): the pages' lang, and how dates and numbers are worded."),
            .init(
                "pageSize",
                .integer(minimum: SiteSettings.pageSizes.lowerBound),
                "The most items a source page lists (default 500, at most 100,000); a longer source goes on in "
                    + "page-2.html, page-3.html, …"),
        ])

    static let fetch = ConfigurationObject(
        name: "fetch", description: "How pages are fetched (durations in seconds, fractions allowed, at most a day).",
        keys: [
            .init("userAgent", .string, "The User-Agent sent (default \"Trawl/VERSION\")."),
            .init("contact", .string, "Added to the User-Agent, so a site can reach you: \"mailto:you@example.org\"."),
            .init("delay", seconds, "Seconds to pause between requests to one host (default 1)."),
            .init("timeout", seconds, "Seconds a whole request may take (default 30)."),
            .init("connectTimeout", seconds, "Seconds to connect (default 10)."),
            .init("maxBytes", .integer(minimum: 1), "Larger answers fail (default 20000000)."),
            .init("robots", .boolean, "Obey robots.txt (default true); false only for your own sites."),
            .init("maxRedirects", .integer(minimum: 0), "Redirects followed (default 5)."),
            .init("perHostConcurrency", .integer(minimum: 1), "Requests at once to one host (default 1)."),
            .init("concurrency", .integer(minimum: 1), "Requests at once, all hosts (default 8)."),
            .init(
                "attempts", .integer(minimum: 1),
                "Tries for a failing request: 5xx, timeouts, 429 (default 3)."),
            .init("retryDelay", seconds, "The first back-off in seconds, doubling (default 1)."),
            .init(
                "maxRetryDelay", seconds,
                "The longest back-off, and the longest Retry-After honoured, in seconds (default 30)."),
            .init(
                "browsers", .integer(minimum: 1),
                "Chromium processes at once, for sources with \"render\": \"browser\" (default 1)."),
            .init("proxy", .string, proxyWords + " Every request goes through it, unless a source names its own."),
        ])

    static let feed = ConfigurationObject(
        name: "feed", description: "The site's feeds.",
        keys: [.init("maxEntries", .integer(minimum: 1), "Changes kept in feed.atom and feed.json (default 100).")])

    static let retention = ConfigurationObject(
        name: "retention",
        description:
            "How long run records are kept: one is pruned when it is both beyond the newest `runs` and older than `days`.",
        keys: [
            .init("runs", .integer(minimum: 1), "Run records always kept (default 100)."),
            .init("days", .integer(minimum: 0), "Days run records are kept (default 30)."),
        ])

    /// Seconds, as `fetch` reads them: not negative, at most a day.
    static let seconds = ConfigurationValue.number(minimum: 0, maximum: 86_400)

    static let proxyWords =
        "A proxy address: http://, https://, socks5:// or socks5h:// then host:port; a user and password only as "
        + "${VARIABLE}s."
}
