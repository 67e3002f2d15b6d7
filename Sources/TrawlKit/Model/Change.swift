import Foundation

/// What one run found different about one item (or, for a baseline, a whole source).
public struct Change: Sendable, Hashable {
    /// What kind of difference a change is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The first run of a source: "now tracking N items", not N additions.
        case baseline
        /// A new item.
        case added
        /// An item whose fields differ (see `fieldChanges`).
        case changed
        /// An item that is no longer listed.
        case removed
        /// An item that had been removed and came back.
        case reappeared
    }

    /// One field's old and new value; `nil` where the field was absent.
    public struct FieldChange: Sendable, Hashable {
        /// The field's name.
        public var field: String
        /// The value before; nil when the field was absent.
        public var old: Value?
        /// The value after; nil when the field is gone.
        public var new: Value?

        /// One field's change from `old` to `new`.
        public init(field: String, old: Value?, new: Value?) {
            self.field = field
            self.old = old
            self.new = new
        }
    }

    /// Added, changed, removed, reappeared, or a source's baseline.
    public var kind: Kind
    /// The source whose item changed.
    public var sourceID: String
    /// The item's id; for a baseline, empty.
    public var itemID: String
    /// When the run that found it started.
    public var detectedAt: Date
    /// The item as it is now; nil for a removal.
    public var after: Item?
    /// The item as it was; nil for an addition.
    public var before: Item?
    /// For `changed`: each field that differs, in the item's field order.
    public var fieldChanges: [FieldChange]
    /// For a baseline: how many items the source now tracks.
    public var trackedItems: Int?

    /// A change as the change detector makes it.
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
