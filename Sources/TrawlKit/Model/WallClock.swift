import Foundation

/// The time seam: production reads the system clock, tests pin it.
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    public var now: Date { read() }

    public static let system = WallClock { Date() }

    /// A clock that always reads `date`.
    public static func fixed(_ date: Date) -> WallClock {
        WallClock { date }
    }
}
