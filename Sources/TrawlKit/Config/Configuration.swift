import Foundation

/// A whole `trawl.json`: the site, where things go, how to fetch, and the sources.
public struct Configuration: Sendable {
    /// The file it was read from; relative paths in it resolve against its folder.
    public var file: URL
    public var site: SiteSettings
    public var outputDirectory: URL
    public var cacheDirectory: URL
    /// A folder of templates that override the built-in ones file by file.
    public var templatesDirectory: URL?
    public var fetch: FetchSettings
    public var feed: FeedSettings
    public var retention: RetentionSettings
    public var sources: [SourceConfiguration]
    /// Who is told of each run's changes and failures (the top-level `notify`).
    public var notify: [NotifierConfiguration]

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

    public func source(_ id: String) -> SourceConfiguration? {
        sources.first { $0.id == id }
    }
}

/// The generated site's identity (the `site` block).
public struct SiteSettings: Sendable, Hashable {
    public var title: String
    /// The public base URL the site is served from; feeds need it for absolute links.
    public var url: URL?
    public var author: String?
    public var description: String?
    /// The pages' language (`<html lang>`) and the one dates are worded in: a BCP 47 tag.
    public var language: String
    /// The most items a source page lists (`site.pageSize`); a larger source gets further
    /// pages (`page-2.html`, …), so no page grows with the source.
    public var pageSize: Int

    /// The page sizes `site.pageSize` accepts.
    public static let pageSizes = 1...100_000

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

    public init(maxEntries: Int = 100) {
        self.maxEntries = maxEntries
    }
}

/// How long run records are kept (the `retention` block): a record goes when it is
/// both beyond the newest `runs` and older than `days`.
public struct RetentionSettings: Sendable, Hashable {
    public var runs: Int
    public var days: Int

    public init(runs: Int = 100, days: Int = 30) {
        self.runs = runs
        self.days = days
    }
}
