import Foundation

/// How a source has fared across runs.
public struct Health: Sendable, Hashable, Codable {
    public static let schemaVersion = 1

    public var schemaVersion: Int = Health.schemaVersion
    public var lastAttempt: Date?
    public var lastSuccess: Date?
    public var consecutiveFailures: Int = 0
    public var lastError: String?
    public var itemCount: Int = 0
    /// True when the last attempt failed or was guarded: what is shown is the last good snapshot.
    public var stale: Bool = false

    public init() {}
}
