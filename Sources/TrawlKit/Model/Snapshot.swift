import Foundation

/// The items of one source as one run saw them.
///
/// `takenAt` is when the snapshot's content was first seen: a later run that scrapes the
/// same items keeps the stored snapshot, file and time untouched, so an unchanged run
/// rewrites nothing in the cache.
public struct Snapshot: Sendable, Hashable, Codable {
    /// The version of the snapshot format written.
    public static let schemaVersion = 2

    /// The version of the file this was read from.
    public var schemaVersion: Int
    /// The source the items are of.
    public var sourceID: String
    /// When this content was first seen.
    public var takenAt: Date
    /// In the order the page lists them; ids are unique.
    public var items: [Item]
    /// Items removed in earlier runs, most recently removed first, so one that comes back
    /// reads as "reappeared" rather than "added". Bounded by `ChangeDetector.tombstoneLimit`.
    public var removed: [Item]
    /// A digest of each scraping rule the items were read by (a field's by its name, and what
    /// decides which items there are), so the night after an edit knows what the edit explains;
    /// empty for a snapshot saved before Trawl kept them.
    public var rules: [String: String] = [:]

    /// A snapshot of `items` taken at `takenAt`.
    public init(sourceID: String, takenAt: Date, items: [Item], removed: [Item] = []) {
        self.schemaVersion = Snapshot.schemaVersion
        self.sourceID = sourceID
        self.takenAt = takenAt
        self.items = items
        self.removed = removed
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, sourceID, takenAt, items, removed, rules
    }

    // Snapshots written before tombstones existed have no `removed`: read it as empty.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        sourceID = try container.decode(String.self, forKey: .sourceID)
        takenAt = try container.decode(Date.self, forKey: .takenAt)
        items = try container.decode([Item].self, forKey: .items)
        removed = try container.decodeIfPresent([Item].self, forKey: .removed) ?? []
        rules = try container.decodeIfPresent([String: String].self, forKey: .rules) ?? [:]
    }
}
