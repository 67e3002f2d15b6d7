import Foundation

/// A source's `keep` and `drop` rules applied to its items: an item stays when it matches
/// every `keep` rule and no `drop` rule. `ItemBuilder` asks once the item is whole, after
/// its id and required fields are checked, so a filter never hides a broken layout.
struct ItemFilter {
    let keep: [FieldPattern]
    let drop: [FieldPattern]

    init(source: SourceConfiguration) {
        keep = source.keep
        drop = source.drop
    }

    /// True when the source has no filter: every item stays.
    var isEmpty: Bool { keep.isEmpty && drop.isEmpty }

    /// Whether `item` is one of the source's items.
    func admits(_ item: Item) -> Bool {
        keep.allSatisfy { $0.matches(item) } && !drop.contains { $0.matches(item) }
    }
}
