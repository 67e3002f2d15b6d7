import Foundation

/// How politely and how far Trawl fetches (the `fetch` block of trawl.json).
public struct FetchSettings: Sendable, Hashable {
    public var userAgent: String
    /// A URL or address where a site's owner can reach whoever runs this Trawl.
    public var contact: String?
    /// The minimum pause between two requests to one host.
    public var delay: Duration
    /// The limit on one whole request, connection to last byte.
    public var timeout: Duration
    /// The largest body accepted, counted as it arrives.
    public var maxBytes: Int
    /// Whether robots.txt is obeyed (RFC 9309).
    public var obeysRobots: Bool

    public init(
        userAgent: String = "Trawl/\(TrawlVersion.current)", contact: String? = nil,
        delay: Duration = .seconds(1), timeout: Duration = .seconds(30), maxBytes: Int = 20_000_000,
        obeysRobots: Bool = true
    ) {
        self.userAgent = userAgent
        self.contact = contact
        self.delay = delay
        self.timeout = timeout
        self.maxBytes = maxBytes
        self.obeysRobots = obeysRobots
    }

    /// The User-Agent header: the product, and how to reach its operator.
    public var userAgentHeader: String {
        guard let contact else { return userAgent }
        return "\(userAgent) (+\(contact))"
    }
}
