import Foundation
import TrawlArticle
import TrawlHTML

/// Fetches one item's own page through the run's fetcher and reads it as the source's
/// `detail` says: its fields by selector and its article (TrawlArticle, sanitised).
struct DetailPageReader: Sendable {
    let source: SourceConfiguration
    let settings: DetailSettings
    let fetcher: Fetcher

    /// What reading `url` gave, as the record to keep; a failure is thrown, naming the URL.
    /// `previous` is the record kept for the same page and settings: its validators make the
    /// request conditional, and a 304 keeps what it holds.
    func read(_ url: URL, previous: DetailRecord?, at now: Date) async throws -> DetailRecord {
        let options = requestOptions(for: url)
        let fingerprint = settings.fingerprint
        let result: FetchResult
        if let render = source.render {
            result = try await fetcher.render(url, settings: render, options: options)
        } else {
            let validators = previous?.readAt != nil ? previous?.validators : nil
            result = try await fetcher.fetch(url, validators: validators, options: options)
        }
        switch result {
        case .notModified:
            var kept = previous ?? DetailRecord(url: url.absoluteString, settings: fingerprint)
            (kept.readAt, kept.failures, kept.problem) = (now, 0, nil)
            return kept
        case .page(let page):
            var record = try self.record(of: page)
            (record.url, record.settings, record.readAt) = (previous?.url ?? url.absoluteString, fingerprint, now)
            return record
        }
    }

    /// The fields and article of a fetched page.
    func record(of page: FetchedPage) throws -> DetailRecord {
        if PageScraper.isJSON(page) { throw ScrapeError.responseIsJSON(page.url) }
        let document = Document.parseHTML(page.body, url: page.url, contentType: page.contentType)
        var record = DetailRecord(url: page.requestedURL.absoluteString, settings: settings.fingerprint)
        record.validators = page.validators
        if let root = document.root {
            // The page's own links resolve against the page, not the list's `base`.
            var extractor = FieldExtractor(parser: ValueParser(baseURL: document.baseURL))
            for rule in settings.fields {
                if let value = try extractor.value(of: rule, in: root) { record.fields.append(.init(rule.name, value)) }
            }
        }
        if settings.article != .none, let article = ArticleExtractor.extract(document).article {
            record.article = DetailArticle(
                title: article.title, byline: article.byline, published: article.published, excerpt: article.excerpt,
                image: article.image, html: settings.article == .full ? article.html : "")
        }
        return record
    }

    /// The source's request settings go with a page on the source's own origin; to another
    /// site only what is not a secret of the source's: its proxy, and cookies (which name
    /// their own domains).
    private func requestOptions(for url: URL) -> RequestOptions {
        var options = RequestOptions()
        if Self.origin(of: url) == Self.origin(of: source.url) {
            options = source.request
            (options.method, options.body, options.contentType) = ("GET", nil, nil)
        } else {
            options.cookies = source.request.cookies
            options.proxy = source.request.proxy
        }
        return options
    }

    private static func origin(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port ?? -1)"
    }
}
