import Foundation

/// The items of one source as one run saw them.
public struct Snapshot: Sendable, Hashable, Codable {
    public static let schemaVersion = 1

    public var schemaVersion: Int
    public var sourceID: String
    public var takenAt: Date
    public var items: [Item]

    public init(sourceID: String, takenAt: Date, items: [Item]) {
        self.schemaVersion = Snapshot.schemaVersion
        self.sourceID = sourceID
        self.takenAt = takenAt
        self.items = items
    }
}
