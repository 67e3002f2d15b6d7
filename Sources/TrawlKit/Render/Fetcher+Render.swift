import Foundation

extension Fetcher {
    /// Renders `url` in a headless browser with the fetcher's manners: robots.txt for the
    /// page, its host's turn and delay, and at most `fetch.browsers` browsers at once.
    public func render(
        _ url: URL, settings render: RenderSettings, options: RequestOptions = RequestOptions()
    ) async throws -> FetchResult {
        let renderer = BrowserRenderer(
            settings: render, options: options, userAgent: settings.userAgentHeader, maxBytes: settings.maxBytes,
            proxy: options.proxy ?? settings.proxy)
        return try await politely(url) {
            await browsers.acquire()
            let outcome: Result<FetchedPage, Error>
            do {
                outcome = .success(try await renderer.render(url))
            } catch {
                outcome = .failure(error)
            }
            browsers.release()
            return .page(try outcome.get())
        }
    }
}
