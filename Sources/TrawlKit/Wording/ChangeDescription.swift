import Foundation

/// One change as people read it, whatever the output: the page's list, the digest, the
/// feed's entry and the notifications all say the same thing, in the same words.
///
/// Values are worded by `ValueWording` (dates in words, numbers with separators, scales
/// as 1:40,000); a changed text shows the words that changed (`WordDiff`).
struct ChangeDescription: Sendable {
    struct FieldRow: Sendable, Encodable {
        var field: String
        var old: String
        var new: String
        /// For a changed text: the old and new text as one run of kept, struck and new words.
        var words: [Word]
        var hasWords: Bool
    }

    /// One piece of a word diff, for templates: `removed` in `<del>`, `inserted` in `<ins>`.
    struct Word: Sendable, Encodable {
        var text: String
        var removed: Bool
        var inserted: Bool
    }

    var change: Change
    var sourceName: String
    /// `Added`, `Changed`, `Removed`, `Reappeared`, `Baseline`: a badge's word.
    var label: String
    /// The item's title, cleaned; for a baseline, "Now tracking N items".
    var title: String
    /// What happened, as a sentence without a full stop: "Chesapeake Bay rescaled:
    /// 1:80,000 → 1:100,000", "Pump: off → on", "Caching in Swift added".
    var sentence: String
    /// The item's own page, when it has a safe one.
    var link: URL?
    var summary: String?
    /// Old → new, for a changed item; the item's fields for an added, removed or reappeared one
    /// (with `old` or `new` empty).
    var rows: [FieldRow]
    /// For a changed item: the changes the sentence is about, without those that follow
    /// from another (a status's `on` beside its `state`).
    var shownChanges: [Change.FieldChange]

    init(_ change: Change, sourceName: String, wording: ValueWording = ValueWording()) {
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
            title = "Now tracking \(CountText.of(count, "item", "items", shown: wording.number(count)))"
        } else {
            title = itemTitle.isEmpty ? SafeText.line(change.itemID) : itemTitle
        }
        link = SafeText.linkURL(item?.link)
        summary = item?.summary.map(SafeText.line).flatMap { $0.isEmpty ? nil : $0 }
        shownChanges = change.kind == .changed ? Self.shown(change.fieldChanges) : []
        func value(_ value: Value?, _ field: String) -> String {
            value.map { SafeText.line(wording.text($0, field: field)) } ?? ""
        }
        switch change.kind {
        case .baseline:
            rows = []
        case .changed:
            rows = shownChanges.map { fieldChange in
                let old = value(fieldChange.old, fieldChange.field)
                let new = value(fieldChange.new, fieldChange.field)
                var words: [Word] = []
                if case .string? = fieldChange.old, case .string? = fieldChange.new,
                    let diff = WordDiff(from: old, to: new)
                {
                    words = diff.segments.map {
                        Word(text: $0.text, removed: $0.kind == .removed, inserted: $0.kind == .inserted)
                    }
                }
                return FieldRow(
                    field: SafeText.line(fieldChange.field), old: old, new: new, words: words,
                    hasWords: !words.isEmpty)
            }
        case .removed:
            rows = (item?.fields ?? []).map {
                FieldRow(
                    field: SafeText.line($0.name), old: value($0.value, $0.name), new: "", words: [], hasWords: false)
            }
        case .added, .reappeared:
            rows = (item?.fields ?? []).map {
                FieldRow(
                    field: SafeText.line($0.name), old: "", new: value($0.value, $0.name), words: [], hasWords: false)
            }
        }
        sentence = Self.sentence(kind: change.kind, title: title, rows: rows)
    }

    /// The sentence, as a feed entry's or a notification's title.
    var headline: String { sentence }

    /// The word diff of a row, when it has one.
    func diff(of row: FieldRow) -> WordDiff? {
        guard row.hasWords else { return nil }
        return WordDiff(from: row.old, to: row.new)
    }

    /// Raw text of a value (the cache's wording: RFC 3339 dates, plain digits).
    static func text(_ value: Value?) -> String {
        guard let value else { return "" }
        return SafeText.line(value.text)
    }

    // MARK: Wording

    /// Values longer than this are not repeated in a sentence; the body shows them.
    static let sentenceValueLimit = 40

    /// Fields that follow from another: `on` from a status's `state`, a feed's `updated`
    /// from whatever else changed.
    private static func shown(_ changes: [Change.FieldChange]) -> [Change.FieldChange] {
        let names = Set(changes.map(\.field))
        let derived: [String: String] = ["on": "state"]
        let kept = changes.filter { change in
            if let source = derived[change.field], names.contains(source) { return false }
            if change.field == "updated", changes.count > 1 { return false }
            return true
        }
        return kept.isEmpty ? changes : kept
    }

    private static func sentence(kind: Change.Kind, title: String, rows: [FieldRow]) -> String {
        switch kind {
        case .baseline: return title
        case .added: return "\(title) added"
        case .removed: return "\(title) removed"
        case .reappeared: return "\(title) is back"
        case .changed: break
        }
        guard rows.count == 1, let row = rows.first else {
            let names = rows.map(\.field)
            guard let last = names.last else { return "\(title) changed" }
            let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
            return "\(title): \(list) changed"
        }
        let short = row.old.count <= sentenceValueLimit && row.new.count <= sentenceValueLimit
        switch (row.old.isEmpty, row.new.isEmpty) {
        case (true, false): return short ? "\(title): \(row.field) set to \(row.new)" : "\(title): \(row.field) added"
        case (false, true): return "\(title): \(row.field) removed"
        default: break
        }
        guard short else {
            return row.field == "title" ? "\(title) (renamed)" : "\(title): \(row.field) changed"
        }
        switch row.field {
        case "state": return "\(title): \(row.old) → \(row.new)"
        case "title": return "\(row.old) renamed to \(row.new)"
        default: break
        }
        if ValueWording.Meaning.of(field: row.field) == .scale {
            return "\(title) rescaled: \(row.old) → \(row.new)"
        }
        return "\(title): \(row.field) \(row.old) → \(row.new)"
    }
}
