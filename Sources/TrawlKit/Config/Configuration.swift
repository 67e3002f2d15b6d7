import Foundation

/// A whole `trawl.json`: the site, where things go, how to fetch, and the sources.
public struct Configuration: Sendable {
    /// The file it was read from; relative paths in it resolve against its folder.
    public var file: URL
    /// The generated site's title, public URL, author, description and language (`site`).
    public var site: SiteSettings
    /// Where the site is written (`output`, default `Output/` beside the file).
    public var outputDirectory: URL
    /// Where snapshots, health and run records are kept (`cache`, default `Cache/`).
    public var cacheDirectory: URL
    /// A folder of templates that override the built-in ones file by file.
    public var templatesDirectory: URL?
    /// How pages are fetched: politeness, retries, limits, the user agent (`fetch`).
    public var fetch: FetchSettings
    /// How the feeds are cut (`feed`).
    public var feed: FeedSettings
    /// How long run records are kept (`retention`).
    public var retention: RetentionSettings
    /// The sources, in the order the file lists them.
    public var sources: [SourceConfiguration]
    /// Who is told of each run's changes and failures (the top-level `notify`).
    public var notify: [NotifierConfiguration]

    /// A configuration built in code rather than read from `trawl.json`; `file`'s folder
    /// anchors nothing here, every folder is given.
    public init(
        file: URL, site: SiteSettings, outputDirectory: URL, cacheDirectory: URL, templatesDirectory: URL? = nil,
        fetch: FetchSettings = FetchSettings(), feed: FeedSettings = FeedSettings(),
        retention: RetentionSettings = RetentionSettings(), sources: [SourceConfiguration],
        notify: [NotifierConfiguration] = []
    ) {
        self.file = file
        self.site = site
        self.outputDirectory = outputDirectory
        self.cacheDirectory = cacheDirectory
        self.templatesDirectory = templatesDirectory
        self.fetch = fetch
        self.feed = feed
        self.retention = retention
        self.sources = sources
        self.notify = notify
    }

    /// The source with this id, or nil.
    public func source(_ id: String) -> SourceConfiguration? {
        sources.first { $0.id == id }
    }
}

/// The generated site's identity (the `site` block).
public struct SiteSettings: Sendable, Hashable {
    /// The site's name, shown on every page and as the feeds' title.
    public var title: String
    /// The public base URL the site is served from; feeds need it for absolute links.
    public var url: URL?
    /// The feeds' author, when given.
    public var author: String?
    /// A line under the title and the feeds' subtitle, when given.
    public var description: String?
    /// The pages' language (`<html lang>`) and the one dates are worded in: a BCP 47 tag.
    public var language: String
    /// The most items a source page lists (`site.pageSize`); a larger source gets further
    /// pages (`page-2.html`, …), so no page grows with the source.
    public var pageSize: Int

    /// The page sizes `site.pageSize` accepts.
    public static let pageSizes = 1...100_000

    /// Settings as the `site` block gives them; `language` defaults to English.
    public init(
        title: String, url: URL? = nil, author: String? = nil, description: String? = nil, language: String = "en",
        pageSize: Int = 500
    ) {
        self.title = title
        self.url = url
        self.author = author
        self.description = description
        self.language = language
        self.pageSize = pageSize
    }

    /// A BCP 47 tag's shape: a 2–3 letter language, then subtags of 1–8 letters or digits.
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

/// How the unified feed is cut (the `feed` block).
public struct FeedSettings: Sendable, Hashable {
    /// The most entries a feed holds, newest first.
    public var maxEntries: Int

    /// At most `maxEntries` entries per feed.
    public init(maxEntries: Int = 100) {
        self.maxEntries = maxEntries
    }
}

/// How long run records are kept (the `retention` block): a record goes when it is
/// both beyond the newest `runs` and older than `days`.
public struct RetentionSettings: Sendable, Hashable {
    /// The newest run records always kept.
    public var runs: Int
    /// Records younger than this many days are kept too.
    public var days: Int

    /// Keeps the newest `runs` records and any younger than `days`.
    public init(runs: Int = 100, days: Int = 30) {
        self.runs = runs
        self.days = days
    }
}
