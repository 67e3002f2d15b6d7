import Foundation

/// What an edit to a source's scraping rules explains, so repairing a source tells no one
/// anything: a field whose rule changed is re-read silently; when what decides which items
/// there are changed (the item selector, the id), or the new shape was accepted, the source
/// is taken afresh with one "source updated" baseline. Items that appear or vanish under an
/// unchanged rule are news as ever.
struct RuleEdit: Sendable, Equatable {
    /// The fields whose rules were added, removed or changed.
    var fields: Set<String> = []
    /// True when the identity rule changed (`SourceConfiguration.identityRule`).
    var identity = false

    /// The edit from the rules `old` was read by to `new`; none when `old` is unknown (a
    /// snapshot from before rules were kept), so nothing is hidden that should be told.
    init(from old: [String: String], to new: [String: String]) {
        guard !old.isEmpty else { return }
        let identityKey = SourceConfiguration.identityRule
        identity = old[identityKey] != new[identityKey]
        for name in Set(old.keys).union(new.keys) where name != identityKey && old[name] != new[name] {
            fields.insert(name)
        }
    }

    var isEmpty: Bool { fields.isEmpty && !identity }
}

extension ChangeDetector {
    /// `detect`, knowing what the rules of `old` and of `new` (their `rules`) say and whether
    /// the new shape is `accepted`: what the edit explains is no news, and the snapshot saved
    /// carries the new rules.
    func detect(from old: Snapshot?, to new: Snapshot, at time: Date, accepted: Bool) -> Detection {
        guard let old else { return detect(from: nil, to: new, at: time).withRules(new.rules) }
        let edit = RuleEdit(from: old.rules, to: new.rules)
        if accepted || edit.identity {
            let (items, duplicateIDs) = Self.unique(new.items)
            let current = Set(items.map(\.id))
            let why = accepted ? Change.RebaselineReason.accepted : Change.RebaselineReason.identityEdited
            let baseline = Change(
                kind: .baseline, sourceID: new.sourceID, itemID: "", detectedAt: time,
                fieldChanges: [.init(field: why.rawValue, old: nil, new: nil)], trackedItems: items.count)
            // What was removed before stays remembered, unless it is listed again.
            let removed = old.removed.filter { !current.contains($0.id) }
            var snapshot = Snapshot(sourceID: new.sourceID, takenAt: new.takenAt, items: items, removed: removed)
            snapshot.rules = new.rules
            return Detection(changes: [baseline], snapshot: snapshot, duplicateIDs: duplicateIDs, isUnchanged: false)
        }
        var silent = self
        silent.ignoredFields.formUnion(edit.fields)
        // A snapshot made afresh carries no rules; the stored one, handed back, has the same.
        return silent.detect(from: old, to: new, at: time).withRules(new.rules)
    }
}

extension ChangeDetector.Detection {
    /// The detection with its snapshot carrying `rules`: a snapshot read by other rules is
    /// saved again, even with the same items.
    func withRules(_ rules: [String: String]) -> Self {
        guard snapshot.rules != rules else { return self }
        var copy = self
        copy.snapshot.rules = rules
        copy.isUnchanged = false
        return copy
    }
}
