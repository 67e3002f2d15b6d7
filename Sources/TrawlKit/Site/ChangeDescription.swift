import Foundation

/// One change as people read it, whatever the output: the page's list, the digest's
/// table and the feed's entry all say the same thing.
struct ChangeDescription: Sendable {
    struct FieldRow: Sendable, Encodable {
        var field: String
        var old: String
        var new: String
    }

    var change: Change
    var sourceName: String
    /// `Added`, `Changed`, `Removed`, `Reappeared`, `Baseline`.
    var label: String
    /// The item's title, cleaned; for a baseline, "Now tracking N items".
    var title: String
    /// The item's own page, when it has a safe one.
    var link: URL?
    var summary: String?
    /// Old → new, for a changed item; the item's fields for an added, removed or reappeared one
    /// (with `old` or `new` empty).
    var rows: [FieldRow]

    init(_ change: Change, sourceName: String) {
        self.change = change
        self.sourceName = sourceName
        let item = change.item
        let itemTitle = SafeText.line(item?.title ?? "")
        let count = change.trackedItems ?? 0
        switch change.kind {
        case .baseline: label = "Baseline"
        case .added: label = "Added"
        case .changed: label = "Changed"
        case .removed: label = "Removed"
        case .reappeared: label = "Reappeared"
        }
        if change.kind == .baseline {
            title = "Now tracking \(count) \(count == 1 ? "item" : "items")"
        } else {
            title = itemTitle.isEmpty ? SafeText.line(change.itemID) : itemTitle
        }
        link = SafeText.linkURL(item?.url)
        summary = item?.summary.map(SafeText.line).flatMap { $0.isEmpty ? nil : $0 }
        switch change.kind {
        case .baseline:
            rows = []
        case .changed:
            rows = change.fieldChanges.map {
                FieldRow(
                    field: SafeText.line($0.field), old: Self.text($0.old), new: Self.text($0.new))
            }
        case .removed:
            rows = (item?.fields ?? []).map {
                FieldRow(field: SafeText.line($0.name), old: Self.text($0.value), new: "")
            }
        case .added, .reappeared:
            rows = (item?.fields ?? []).map {
                FieldRow(field: SafeText.line($0.name), old: "", new: Self.text($0.value))
            }
        }
    }

    /// "Added: Caching in Swift".
    var headline: String {
        change.kind == .baseline ? title : "\(label): \(title)"
    }

    static func text(_ value: Value?) -> String {
        guard let value else { return "" }
        return SafeText.line(value.text)
    }
}
