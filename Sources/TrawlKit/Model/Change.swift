import Foundation

/// What one run found different about one item (or, for a baseline, a whole source).
public struct Change: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The first run of a source: "now tracking N items", not N additions.
        case baseline
        case added
        case changed
        case removed
        /// An item that had been removed and came back.
        case reappeared
    }

    /// One field's old and new value; `nil` where the field was absent.
    public struct FieldChange: Sendable, Hashable {
        public var field: String
        public var old: Value?
        public var new: Value?

        public init(field: String, old: Value?, new: Value?) {
            self.field = field
            self.old = old
            self.new = new
        }
    }

    public var kind: Kind
    public var sourceID: String
    /// The item's id; for a baseline, empty.
    public var itemID: String
    public var detectedAt: Date
    public var after: Item?
    public var before: Item?
    public var fieldChanges: [FieldChange]
    /// For a baseline: how many items the source now tracks.
    public var trackedItems: Int?

    public init(
        kind: Kind, sourceID: String, itemID: String, detectedAt: Date,
        after: Item? = nil, before: Item? = nil, fieldChanges: [FieldChange] = [],
        trackedItems: Int? = nil
    ) {
        self.kind = kind
        self.sourceID = sourceID
        self.itemID = itemID
        self.detectedAt = detectedAt
        self.after = after
        self.before = before
        self.fieldChanges = fieldChanges
        self.trackedItems = trackedItems
    }

    /// The item as it is now, or as it was last seen when it has gone.
    public var item: Item? { after ?? before }
}
