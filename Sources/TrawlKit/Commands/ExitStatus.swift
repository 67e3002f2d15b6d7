/// What `trawl` tells the shell, documented in the README.
public struct ExitStatus: Sendable, Hashable, CustomStringConvertible {
    public let code: Int32

    public init(_ code: Int32) {
        self.code = code
    }

    /// Everything worked (for `select`: something matched).
    public static let success = ExitStatus(0)
    /// Some sources failed but the site was generated; for `select`, nothing matched;
    /// for `feed`, the input is not a feed.
    public static let failure = ExitStatus(1)
    /// A configuration or usage error: nothing was fetched or written.
    public static let usage = ExitStatus(2)
    /// Another run holds the cache lock.
    public static let locked = ExitStatus(3)
    /// SIGTERM or SIGINT stopped the run: the sources finished were recorded, the rest not tried.
    public static let interrupted = ExitStatus(4)
    /// `trawl run`: the sources were fine, but a notifier's news waits for the next run or
    /// was refused for good.
    public static let undelivered = ExitStatus(5)

    public var description: String { String(code) }
}
