import Foundation
import TrawlDates

/// The time seam: production reads the system clock, tests pin it.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that reads the time from `read`: `WallClock { fixedDate }` in a test.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current time, as this clock tells it.
    public var now: Date { read() }

    /// The system clock, unpinned.
    public static let system = WallClock { Date() }

    /// A clock that always reads `date`.
    public static func fixed(_ date: Date) -> WallClock {
        WallClock { date }
    }
}

extension WallClock {
    /// The system clock, unless `TRAWL_NOW` pins it to an RFC 3339 time (reproducible
    /// demos and golden tests).
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    )
        -> WallClock
    {
        guard let pinned = environment["TRAWL_NOW"], let date = DateCodec.parseRFC3339(pinned) else { return .system }
        return .fixed(date)
    }
}
