import Foundation

/// A source's last good items, decoded from its snapshot file only when a page needs them.
///
/// The file is read and digested every time; when the generation manifest already knows
/// how many items a snapshot with that digest holds (the index shows the count), decoding
/// waits until a page is rendered, which an unchanged source page is not.
final class SourceItems: @unchecked Sendable {
    /// A digest of the snapshot file's bytes, "" when there is none.
    let digest: String
    let count: Int
    /// Whether the bytes decoded to a snapshot, so `count` may be remembered for `digest`.
    let isUsable: Bool
    private let lock = NSLock()
    private var decoded: [Item]?
    private var pending: (() -> [Item])?

    private init(digest: String, count: Int, isUsable: Bool, decoded: [Item]?, pending: (() -> [Item])?) {
        self.digest = digest
        self.count = count
        self.isUsable = isUsable
        self.decoded = decoded
        self.pending = pending
    }

    var items: [Item] {
        lock.withLock {
            if let decoded { return decoded }
            let items = pending?() ?? []
            decoded = items
            pending = nil
            return items
        }
    }

    /// `sourceID`'s items from `store`; `knownCounts` are item counts by snapshot digest.
    static func read(_ sourceID: String, store: CacheStore, knownCounts: [String: Int]) throws -> SourceItems {
        let file = store.snapshotFile(of: sourceID)
        guard
            let data = try store.contents(
                of: file, limit: Snapshot.maxFileBytes, consequence: CacheStore.unusableSnapshot)
        else {
            return SourceItems(digest: "", count: 0, isUsable: false, decoded: [], pending: nil)
        }
        let digest = RunJournal.digest(data)
        if let count = knownCounts[digest] {
            return SourceItems(
                digest: digest, count: count, isUsable: true, decoded: nil,
                pending: { (try? store.lastGoodSnapshot(of: sourceID, from: data))??.items ?? [] })
        }
        let snapshot = try store.lastGoodSnapshot(of: sourceID, from: data)
        let items = snapshot?.items ?? []
        return SourceItems(digest: digest, count: items.count, isUsable: snapshot != nil, decoded: items, pending: nil)
    }
}
