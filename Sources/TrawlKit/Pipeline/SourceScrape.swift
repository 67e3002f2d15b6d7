import Foundation
import TrawlText

/// Fetches a source's page (and the pages after it) and scrapes them: the part of a run
/// that `trawl try` shares, so it shows exactly what a run would keep.
struct SourceScrape: Sendable {
    let source: SourceConfiguration
    let fetcher: Fetcher
    /// `--accept`: a table that is gone gives no items instead of failing, for the guard to let through.
    var accepting = false

    /// The first page and every page's items together; nil when a conditional fetch
    /// (`validators`) says the page has not changed.
    func run(validators: HTTPValidators? = nil) async throws -> (page: FetchedPage, result: ScrapeResult)? {
        let first =
            if let render = source.render {
                try await fetcher.render(source.url, settings: render, options: source.request)
            } else {
                try await fetcher.fetch(source.url, validators: validators, options: source.request)
            }
        guard case .page(let page) = first else { return nil }
        var combined = try scrape(page)
        var pagesSeen: Set<URL> = [page.url]
        var (next, current) = (combined.nextPage, page.url)
        // A full list fetches no more pages: what they hold would only be dropped.
        while let url = next, pagesSeen.count < source.maxPages, !combined.isFull(at: source.maxItems),
            pagesSeen.insert(url).inserted
        {
            // The page names the next page: it leads only where any page may (never to a local
            // file, unless a local source's own folder), and the user hears of a refused one.
            guard url.mayBeFollowed(from: current, within: localFolder) else {
                combined.notices.append(
                    "\(ValueExcerpt(current.absoluteString)) names its next page \(ValueExcerpt(url.absoluteString)),"
                        + " which is not fetched: a page may lead only to http and https addresses")
                break
            }
            // Pages after the first are links: fetched with GET, without the first request's body.
            var followOn = source.request
            (followOn.method, followOn.body) = ("GET", nil)
            guard case .page(let more) = try await fetcher.fetch(url, options: followOn) else { break }
            current = more.url
            combined.append(try scrape(more))
            combined.limit(to: source.maxItems)
            next = combined.nextPage
        }
        combined.limit(to: source.maxItems)
        if let notice = combined.limitNotice(maxItems: source.maxItems) { combined.notices.append(notice) }
        return (page, combined)
    }

    /// Where a local source's pages may lead: the folder of the file the user configured.
    private var localFolder: URL? {
        source.url.isFileURL ? source.url.deletingLastPathComponent() : nil
    }

    private func scrape(_ page: FetchedPage) throws -> ScrapeResult {
        do {
            return try PageScraper(source: source).scrape(page)
        } catch let error as ScrapeError where error.code == .tableNotFound && accepting {
            return ScrapeResult()
        }
    }

    /// What a failure means for what is shown: said as it is, on a first run too. It is saved
    /// in the run record and shown on the site, so it names no flag: the command line adds how
    /// to take a page's new shape to a guard failure (`AcceptHint`).
    static func message(for error: Error, hadSnapshot: Bool) -> String {
        if OutcomeError(classifying: error, message: "").isGuard {
            let kept = hadSnapshot ? "last good snapshot kept" : "first run: there is no earlier snapshot to keep"
            return "\(error) (\(kept))"
        }
        return "\(error) (\(hadSnapshot ? "last good snapshot kept" : "no snapshot yet"))"
    }
}
