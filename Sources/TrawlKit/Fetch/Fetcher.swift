import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches pages over HTTP(S) and from `file://` URLs.
public final class Fetcher: Sendable {
    public let settings: FetchSettings
    private let session: URLSession

    public init(settings: FetchSettings = FetchSettings()) {
        self.settings = settings
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = settings.timeout.seconds
        self.session = URLSession(configuration: configuration)
    }

    /// Fetches `url`, conditionally when `validators` are known.
    public func fetch(_ url: URL, validators: HTTPValidators? = nil) async throws -> FetchResult {
        switch url.scheme?.lowercased() {
        case "file": return try readFile(url)
        case "http", "https": return try await fetchHTTP(url, validators: validators)
        default: throw FetchError.unsupportedScheme(url)
        }
    }

    private func readFile(_ url: URL) throws -> FetchResult {
        do {
            let body = try Data(contentsOf: url)
            guard body.count <= settings.maxBytes else { throw FetchError.tooLarge(url, limit: settings.maxBytes) }
            return .page(FetchedPage(requestedURL: url, url: url, body: body))
        } catch let error as FetchError {
            throw error
        } catch {
            throw FetchError.unreadableFile(url, reason: (error as NSError).localizedDescription)
        }
    }

    private func fetchHTTP(_ url: URL, validators: HTTPValidators?) async throws -> FetchResult {
        var request = URLRequest(url: url)
        request.setValue(settings.userAgentHeader, forHTTPHeaderField: "User-Agent")
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let modified = validators?.lastModified {
            request.setValue(modified, forHTTPHeaderField: "If-Modified-Since")
        }
        let (body, response): (Data, URLResponse)
        do {
            (body, response) = try await session.data(for: request)
        } catch let error as URLError where error.code == .timedOut {
            throw FetchError.timedOut(url)
        } catch {
            throw FetchError.unreachable(url, reason: (error as NSError).localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw FetchError.unreachable(url, reason: "no HTTP response")
        }
        switch http.statusCode {
        case 304: return .notModified(url)
        case 200..<300: break
        case 404, 410: throw FetchError.notFound(url, status: http.statusCode)
        case 500..<600: throw FetchError.serverError(url, status: http.statusCode)
        default: throw FetchError.requestFailed(url, status: http.statusCode)
        }
        guard body.count <= settings.maxBytes else { throw FetchError.tooLarge(url, limit: settings.maxBytes) }
        let validators = HTTPValidators(
            etag: http.value(forHTTPHeaderField: "ETag"),
            lastModified: http.value(forHTTPHeaderField: "Last-Modified"))
        return .page(
            FetchedPage(
                requestedURL: url, url: http.url ?? url, status: http.statusCode, body: body,
                contentType: http.value(forHTTPHeaderField: "Content-Type"), validators: validators))
    }
}

extension Duration {
    /// The duration in seconds, for Foundation APIs that take a TimeInterval.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
