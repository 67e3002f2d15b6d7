import Foundation

/// How politely and how far Trawl fetches (the `fetch` block of trawl.json).
public struct FetchSettings: Sendable, Hashable {
    /// The `User-Agent` sent, with the contact appended when one is given.
    public var userAgent: String
    /// A URL or address where a site's owner can reach whoever runs this Trawl.
    public var contact: String?
    /// The minimum pause between the starts of two requests to one host.
    public var delay: Duration
    /// The limit on one whole request, connection to last byte.
    public var timeout: Duration
    /// The limit on connecting and receiving the response head.
    public var connectTimeout: Duration
    /// The largest body accepted, counted (after decompression) as it arrives.
    public var maxBytes: Int
    /// Whether robots.txt is obeyed (RFC 9309).
    public var obeysRobots: Bool
    /// How many redirects one fetch follows.
    public var maxRedirects: Int
    /// Requests to one host at the same time (default 1, as crawlers are polite; over
    /// HTTP/2, streams on the host's one connection).
    public var perHostConcurrency: Int
    /// Requests in flight at the same time, all hosts together.
    public var globalConcurrency: Int
    /// Attempts, backoff and the cap on waits between them.
    public var retry: RetryPolicy
    /// Headless browsers at the same time, for sources with `"render": "browser"`.
    public var browsers: Int
    /// The proxy every request goes through, unless a source names its own (nil: libcurl's
    /// `http_proxy`/`https_proxy`/`no_proxy` from the environment, as curl reads them).
    public var proxy: ProxyAddress?

    /// The `fetch` block's defaults: polite, with retries and limits.
    public init(
        userAgent: String = "Trawl/\(TrawlVersion.current)", contact: String? = nil,
        delay: Duration = .seconds(1), timeout: Duration = .seconds(30), maxBytes: Int = 20_000_000,
        obeysRobots: Bool = true, connectTimeout: Duration = .seconds(10), maxRedirects: Int = 5,
        perHostConcurrency: Int = 1, globalConcurrency: Int = 8, retry: RetryPolicy = RetryPolicy(),
        browsers: Int = 1
    ) {
        self.browsers = browsers
        self.userAgent = userAgent
        self.contact = contact
        self.delay = delay
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.obeysRobots = obeysRobots
        self.connectTimeout = connectTimeout
        self.maxRedirects = maxRedirects
        self.perHostConcurrency = perHostConcurrency
        self.globalConcurrency = globalConcurrency
        self.retry = retry
    }

    /// The User-Agent header: the product, and how to reach its operator.
    public var userAgentHeader: String {
        guard let contact else { return userAgent }
        return "\(userAgent) (+\(contact))"
    }

    /// The product token robots.txt groups are matched against: `Trawl` in `Trawl/0.1.0`.
    public var robotsToken: String {
        RobotsTxt.productToken(of: userAgent)
    }
}
