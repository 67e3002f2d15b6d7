import Foundation
import Mustache
import TrawlDates

/// Renders `Output/` from the cache alone, so the same cache always gives the same site.
///
/// ```
/// index.html                 latest changes, every source with its health, the last run
/// sources/<id>/index.html    every item: a searchable list, or a sortable table
///                            (site.pageSize a page; then page-2.html, page-3.html, …)
/// sources/<id>/feed.atom     the source's changes (and feed.json)
/// digests/<yyyy-mm-dd>.md    a day's runs in Markdown (and .html), digests/index.html
/// feed.atom, feed.json       the unified feed: one entry per change, newest first
/// feeds.opml                 every feed above, for a feed reader to subscribe to at once
/// sitemap.xml, assets/       (sitemap only when site.url is set)
/// ```
///
/// A file is written only when its bytes change; generated files that belong to nothing
/// any more (an expired digest, a source that left the configuration) are removed, and
/// nothing else is: `files/` mirrors and a user's own files stay. docs/SITE.md has more.
public struct SiteGenerator: Sendable {
    /// The configuration the site is generated for.
    public let configuration: Configuration

    /// A generator reading `configuration`'s cache and writing its output folder.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Writes the site; returns how many files it wrote or found already current.
    @discardableResult
    public func generate() throws -> Int {
        try generateReport().files
    }

    /// What one generation did.
    public struct Report: Sendable, Equatable {
        /// The files the site has (written, or found with the same bytes).
        public var files: Int
        /// The files whose bytes changed.
        public var rewritten: Int
        /// The files kept without rendering them: nothing they are made of changed.
        public var reused: Int = 0
        /// Cache files that could not be read (left in place: generation only reads); the
        /// site was made as if they were absent.
        public var problems: [CacheProblem]
    }

    /// Writes the site and says how many files changed.
    public func generateReport() throws -> Report {
        // Read-only: `trawl generate` may run beside a run that holds the lock.
        let store = CacheStore(root: configuration.cacheDirectory, access: .readOnly)
        let templates = try TemplateSet(overrides: configuration.templatesDirectory)
        // Taken before the cache is read: what a run writes meanwhile differs from the stamp.
        let runs = GenerationStamp.runSignatures(store)
        let inputs = stampInputs(templates: templates, store: store)
        if let report = try unchangedSite(inputs: inputs, runs: runs, store: store) { return report }
        let manifest = GenerationManifest(
            cacheDirectory: configuration.cacheDirectory, outputDirectory: configuration.outputDirectory)
        let site = GenerationContext(
            content: try SiteContent.read(configuration, store: store, knownItemCounts: manifest.knownItemCounts),
            templates: templates, writer: SiteWriter(root: configuration.outputDirectory), manifest: manifest)
        try AssetsGenerator.generate(site)
        try FeedGenerator.generate(site)
        try OPMLGenerator.generate(site)
        try SourcePageGenerator.generate(site)
        try ArticlePageGenerator.generate(site)
        try DigestGenerator.generate(site)
        try IndexPageGenerator.generate(site)
        try SitemapGenerator.generate(site)
        try removeStaleFiles(site.writer)
        for source in site.content.sources where source.stored.isUsable {
            manifest.recordItemCount(source.itemCount, digest: source.stored.digest)
        }
        manifest.save()
        saveStamp(
            inputs: inputs, runs: runs, shownRun: site.content.latestRun?.id, outputs: site.writer.paths,
            clean: store.problems.all.isEmpty)
        return Report(
            files: site.writer.paths.count, rewritten: site.writer.rewritten, reused: site.writer.reused,
            problems: store.problems.all)
    }

    private func removeStaleFiles(_ writer: SiteWriter) throws {
        let pageNames: Set<String> = ["index.html", "feed.atom", "feed.json"]
        try writer.removeStale(in: "sources", recursive: true) {
            pageNames.contains($0) || Pagination.isFurtherPageName($0) || ArticlePageGenerator.isArticleFileName($0)
        }
        try writer.removeStale(in: "digests") { name in
            name == "index.html" || DigestGenerator.isDigestFileName(name)
        }
        if configuration.site.url == nil {
            try writer.removeStale(in: "") { $0 == "sitemap.xml" }
        }
    }
}

/// What every generator works with: the content, the templates and the writer.
struct GenerationContext {
    let content: SiteContent
    let templates: TemplateSet
    let writer: SiteWriter
    let manifest: GenerationManifest

    /// The context every page template has under `page`.
    func page(
        root: String, title: String, feedHref: String? = nil, jsonFeedHref: String? = nil, feedTitle: String? = nil
    ) -> PageContext {
        let site = content.site
        let latest = content.latestRun
        return PageContext(
            root: root, siteTitle: SafeText.line(site.title),
            siteDescription: site.description.map(SafeText.line) ?? "",
            pageTitle: SafeText.line(title),
            feedHref: feedHref ?? "\(root)feed.atom",
            feedTitle: feedTitle ?? SafeText.line(site.title),
            jsonFeedHref: jsonFeedHref ?? "\(root)feed.json",
            lastRun: latest.map { wording.dateTime($0.started) } ?? "",
            lastRunTime: latest.map { DateCodec.rfc3339($0.started) } ?? "",
            language: SafeText.line(site.language))
    }

    /// Values and dates in words, in the site's language.
    var wording: ValueWording { ValueWording(language: content.site.language) }

    /// Renders the page template `name` straight from its model, which looks its members up
    /// itself (no value tree is built), and writes it to `path`.
    func writePage(_ name: String, _ page: some MustacheObject, to path: String) throws {
        try writer.write(try templates.renderData(name, .custom(page)), to: path)
    }

    /// Renders `path` with `render` unless the manifest says the file already holds what
    /// `inputs` (every input of the page but the templates and Trawl's build) renders to.
    func writeUnlessCurrent(_ path: String, inputs: (inout InputDigest) -> Void, render: () throws -> Void) rethrows {
        try writeUnlessCurrent([path], inputs: inputs, render: render)
    }

    /// As `writeUnlessCurrent(_:inputs:render:)` for files `render` writes together (a
    /// source's pages): kept only when every one of them is current.
    func writeUnlessCurrent(_ paths: [String], inputs: (inout InputDigest) -> Void, render: () throws -> Void) rethrows
    {
        var digest = InputDigest()
        digest.add(GenerationManifest.buildIdentity)
        digest.add(templates.digest)
        inputs(&digest)
        let key = digest.value
        if paths.allSatisfy({ manifest.isCurrent($0, key: key, root: writer.root) }) {
            paths.forEach(writer.keep)
            return
        }
        try render()
        for path in paths { manifest.record(path, key: key, root: writer.root) }
    }

    /// An absolute URL for `path` under the site's public URL, when it has one.
    func absoluteURL(_ path: String) -> URL? {
        Self.absoluteURL(path, under: content.site.url)
    }

    /// `path` under `base` (the site's public URL), taken as a folder; nil without one.
    static func absoluteURL(_ path: String, under base: URL?) -> URL? {
        guard let base else { return nil }
        let directory = base.absoluteString.hasSuffix("/") ? base : base.appendingPathComponent("")
        return URL(string: path, relativeTo: directory)?.absoluteURL
    }
}
