import Foundation

/// A host's robots.txt as kept from one night to the next, with the validators to ask for it
/// again conditionally.
///
/// RFC 9309 §2.4: a crawler may use a kept robots.txt for up to 24 hours; after that it asks
/// again, and a 304 keeps it.
struct RobotsRecord: Sendable, Equatable {
    /// The text read (at most `RobotsTxt.parsedBytes`); nil when robots.txt answered with a
    /// 4xx, which allows everything.
    var text: String?
    var validators: HTTPValidators
    /// When it was last fetched, or confirmed by a 304.
    var checked: Date

    /// How long a kept robots.txt is used without asking (RFC 9309 §2.4).
    static let freshness: TimeInterval = 24 * 60 * 60

    var rules: RobotsTxt { text.map { RobotsTxt(parsing: $0) } ?? .allowAll }

    /// Whether it may still be used without asking, on the night that starts at `night`.
    func isFresh(on night: Date) -> Bool {
        night.timeIntervalSince(checked) < Self.freshness && checked <= night
    }

    /// `kept` and `newer` as one: for an origin both hold, the one checked later (`newer`'s
    /// if the same); one of `kept` no night checked within `RobotsCache.forgottenAfter` of
    /// `night` is left out.
    static func merging(
        _ kept: [String: RobotsRecord], _ newer: [String: RobotsRecord], on night: Date
    ) -> [String: RobotsRecord] {
        kept.filter { night.timeIntervalSince($0.value.checked) < RobotsCache.forgottenAfter }
            .merging(newer) { old, new in new.checked >= old.checked ? new : old }
    }
}
