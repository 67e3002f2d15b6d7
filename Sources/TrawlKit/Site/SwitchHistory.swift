import Foundation

/// What the run records tell about a status source's switches: when each last flipped
/// (or appeared), which flipped in the latest run, and which have left the page.
struct SwitchHistory {
    /// The time each switch last flipped or appeared, by item id.
    var lastFlip: [String: Date] = [:]
    /// The switches that flipped in the latest run.
    var flippedInLatestRun: Set<String> = []
    /// Switches no longer on the page, with when they left, in the order they left.
    var gone: [(item: Item, since: Date)] = []
    /// When the source's baseline was taken: switches that never flipped since are as they were then.
    var trackedSince: Date?

    /// Fields whose change is a flip.
    static let stateFields: Set<String> = ["on", "state"]

    init(sourceID: String, current items: [Item], runs: [RunRecord]) {
        var removed: [String: (item: Item, since: Date)] = [:]
        var removalOrder: [String] = []
        for (index, run) in runs.enumerated() {
            let isLatest = index == runs.count - 1
            for change in run.changes(of: sourceID) {
                switch change.kind {
                case .baseline:
                    trackedSince = change.detectedAt
                case .added, .reappeared:
                    lastFlip[change.itemID] = change.detectedAt
                    removed[change.itemID] = nil
                case .changed:
                    guard change.fieldChanges.contains(where: { Self.stateFields.contains($0.field) }) else { continue }
                    lastFlip[change.itemID] = change.detectedAt
                    if isLatest { flippedInLatestRun.insert(change.itemID) }
                case .removed:
                    guard let item = change.before else { continue }
                    removed[change.itemID] = (item, change.detectedAt)
                    removalOrder.removeAll { $0 == change.itemID }
                    removalOrder.append(change.itemID)
                }
            }
        }
        let present = Set(items.map(\.id))
        gone = removalOrder.reversed().compactMap { id in present.contains(id) ? nil : removed[id] }
    }
}
