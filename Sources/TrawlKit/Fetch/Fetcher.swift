import Foundation
import TrawlServe
import TrawlText

/// Fetches pages over HTTP(S), politely and conditionally, and from `file://` URLs.
///
/// One fetcher serves one run: it reads each host's robots.txt once, spaces and limits
/// requests per host and overall, retries passing failures, follows a bounded number of
/// redirects and caps every body. Validators go in and come out; storing them is the
/// cache's job.
public final class Fetcher: Sendable {
    /// The politeness, retry and size settings it keeps.
    public let settings: FetchSettings
    let transport = HTTPTransport()
    let hosts: HostGates
    let global: AsyncLimiter
    let robots = RobotsCache()
    /// Headless browsers running at once (`fetch.browsers`): each takes hundreds of MB.
    let browsers: AsyncLimiter
    private let sleep: @Sendable (Duration) async throws -> Void

    /// A fetcher for one run, over libcurl.
    public convenience init(settings: FetchSettings = FetchSettings()) {
        self.init(settings: settings, sleep: { try await Task.sleep(for: $0) })
    }

    /// A fetcher whose waits between retries go through `sleep` (tests record them).
    init(settings: FetchSettings, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.settings = settings
        self.sleep = sleep
        self.hosts = HostGates(delay: settings.delay, concurrency: settings.perHostConcurrency)
        self.global = AsyncLimiter(limit: settings.globalConcurrency)
        self.browsers = AsyncLimiter(limit: settings.browsers)
    }

    /// Fetches `url`, conditionally when `validators` are known: a 304 comes back as `.notModified`.
    ///
    /// `options` adds a source's headers, cookies, credentials, method and body; its
    /// headers and credentials go only to `url`'s own origin, never to a redirect's.
    public func fetch(
        _ url: URL, validators: HTTPValidators? = nil, options: RequestOptions = RequestOptions()
    ) async throws -> FetchResult {
        guard url.isFetchable else { throw FetchError.unsupportedScheme(url) }
        if url.isWebAddress { return try await fetchHTTP(url, validators: validators, options: options) }
        return try readFile(url)
    }

    private func readFile(_ url: URL) throws -> FetchResult {
        let size: Int
        do {
            size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
        } catch {
            throw FetchError.unreadableFile(url, reason: (error as NSError).localizedDescription)
        }
        guard size <= settings.maxBytes else { throw FetchError.tooLarge(url, limit: settings.maxBytes) }
        do {
            let body = try Data(contentsOf: url)
            return .page(FetchedPage(requestedURL: url, url: url, body: body))
        } catch {
            throw FetchError.unreadableFile(url, reason: (error as NSError).localizedDescription)
        }
    }

    private func fetchHTTP(
        _ url: URL, validators: HTTPValidators?, options: RequestOptions
    ) async throws
        -> FetchResult
    {
        try Self.result(
            of: try await followingRedirects(url, validators: validators, options: options), requested: url)
    }

    /// The final answer for `url`, redirects followed by the fetcher's rules: each hop asked
    /// of robots.txt, counted, and never from https to plain http.
    ///
    /// - Parameters:
    ///   - headers: fields added to every request (a download's `Range`).
    ///   - limit: the most body bytes a memory sink accepts (default `maxBytes`).
    ///   - timeout: the deadline of each exchange (default `timeout`).
    ///   - sink: makes a fresh body sink per attempt; in memory when nil.
    ///   - options: a source's own headers, cookies, credentials, method and body.
    ///   - trustedOrigin: where `options`' headers and credentials may go (default: `url`'s origin).
    func followingRedirects(
        _ url: URL, validators: HTTPValidators? = nil, headers: HTTPHeaders = [:], limit: Int? = nil,
        timeout: Duration? = nil, options: RequestOptions = RequestOptions(), trustedOrigin: String? = nil,
        sink: (@Sendable () -> ResponseBodySink)? = nil
    ) async throws -> TransportResponse {
        var current = url
        var redirects = 0
        let origin = trustedOrigin ?? Self.origin(of: url)
        var method = options.method
        var body = options.body
        while true {
            if settings.obeysRobots { try await checkRobots(current, requested: url, proxy: options.proxy) }
            var fields = headers
            for field in options.headerFields(for: current, origin: origin) { fields[field.name] = field.value }
            if body != nil, let type = options.contentType { fields["Content-Type"] = type }
            let response = try await exchange(
                current, requested: url, validators: validators, headers: fields, method: method, body: body,
                limit: limit, timeout: timeout, proxy: options.proxy, sink: sink)
            guard [301, 302, 303, 307, 308].contains(response.status) else { return response }
            // RFC 9110 §15.4: a 303 (and, as browsers do, a 301 or 302 after a POST) turns into a GET.
            if response.status == 303 || (method == "POST" && response.status <= 302) {
                method = "GET"
                body = nil
            }
            guard let location = response.headers["Location"] else {
                throw FetchError.redirectWithoutLocation(url, status: response.status)
            }
            guard redirects < settings.maxRedirects else {
                throw FetchError.tooManyRedirects(url, limit: settings.maxRedirects)
            }
            redirects += 1
            current = try Self.redirectTarget(from: current, location: location, requested: url)
        }
    }

    /// Where a redirect leads: only where `URL.mayBeFollowed` lets a page lead (http and
    /// https), and never from https to plain http.
    static func redirectTarget(from current: URL, location: String, requested: URL) throws -> URL {
        guard let target = URL(reference: location, relativeTo: current),
            target.mayBeFollowed(from: current, within: nil)
        else {
            throw FetchError.refusedLink(requested, target: location, via: "a redirect")
        }
        if current.scheme?.lowercased() == "https" && target.scheme?.lowercased() == "http" {
            throw FetchError.insecureRedirect(requested, to: target)
        }
        return target
    }

    /// The final response, classified: a page, "not modified", or the error it amounts to.
    static func result(of response: TransportResponse, requested url: URL) throws -> FetchResult {
        switch response.status {
        case 304: return .notModified(url)
        case 200..<300:
            let validators = HTTPValidators(
                etag: response.headers["ETag"], lastModified: response.headers["Last-Modified"])
            return .page(
                FetchedPage(
                    requestedURL: url, url: response.url, status: response.status, body: response.body,
                    contentType: response.headers["Content-Type"], validators: validators))
        case 404, 410: throw FetchError.notFound(url, status: response.status)
        case 500..<600: throw FetchError.serverError(url, status: response.status)
        default: throw FetchError.requestFailed(url, status: response.status)
        }
    }

    /// One request with its retries: passing failures wait (Retry-After, else backoff) and go again.
    /// `proxy`: a source's own; nil, the `fetch` block's.
    func exchange(
        _ url: URL, requested: URL, validators: HTTPValidators?, headers: HTTPHeaders = [:], method: String = "GET",
        body: Data? = nil, limit: Int? = nil, timeout: Duration? = nil, proxy: ProxyAddress? = nil,
        sink: (@Sendable () -> ResponseBodySink)? = nil
    ) async throws -> TransportResponse {
        var attempt = 0
        while true {
            attempt += 1
            let outcome: Result<TransportResponse, TransportFailure>
            do {
                outcome = .success(
                    try await send(
                        url, validators: validators, headers: headers, method: method, body: body,
                        limit: limit ?? settings.maxBytes,
                        timeout: timeout ?? settings.timeout, proxy: proxy ?? settings.proxy, sink: sink?()))
            } catch {
                outcome = .failure(error)
            }
            let failure: FetchError
            switch outcome {
            case .success(let response):
                guard RetryPolicy.isRetryable(status: response.status),
                    let wait = settings.retry.delay(
                        after: attempt, retryAfter: response.headers["Retry-After"], jitter: .random(in: 0...1))
                else { return response }
                try await sleep(wait)
                continue
            case .failure(.timedOut):
                failure = .timedOut(requested)
            case .failure(.unreachable(let reason)):
                // curl may name the proxy it could not reach: never with its secrets.
                failure = .unreachable(requested, reason: (proxy ?? settings.proxy)?.redacting(reason) ?? reason)
            case .failure(.tooLarge):
                throw FetchError.tooLarge(requested, limit: limit ?? settings.maxBytes)
            case .failure(.invalidResponse(let reason)):
                failure = .invalidResponse(requested, reason: reason)
            case .failure(.sinkFailed(let reason)):
                throw FetchError.unusableBody(requested, reason: reason)
            case .failure(.cancelled):
                throw CancellationError()
            }
            guard let wait = settings.retry.delay(after: attempt, jitter: .random(in: 0...1)) else { throw failure }
            try await sleep(wait)
        }
    }

    /// One HTTP exchange, in turn with the other requests to its host and overall.
    private func send(
        _ url: URL, validators: HTTPValidators?, headers: HTTPHeaders, method: String, body: Data?, limit: Int,
        timeout: Duration, proxy: ProxyAddress?, sink: ResponseBodySink?
    ) async throws(TransportFailure)
        -> TransportResponse
    {
        var request = TransportRequest(url: url, method: method, body: body)
        request.proxy = proxy
        request.headers["User-Agent"] = settings.userAgentHeader
        if let etag = validators?.etag { request.headers["If-None-Match"] = etag }
        if let modified = validators?.lastModified { request.headers["If-Modified-Since"] = modified }
        for field in headers { request.headers[field.name] = field.value }
        let gate = await hosts.gate(for: url)
        do {
            try await gate.enter()
        } catch {
            throw .cancelled
        }
        await global.acquire()
        let global = self.global
        // Both places are freed by curl's thread the moment the exchange is over: the next
        // request to leave need not wait until this task gets a core.
        return try await transport.send(
            request, limit: limit, connectTimeout: settings.connectTimeout, timeout: timeout, sink: sink,
            over: {
                global.release()
                gate.leave()
            })
    }
}

extension Duration {
    /// The duration in seconds, for Foundation APIs that take a TimeInterval.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
