import Foundation

/// One change as people read it, whatever the output: the page's list, the digest, the
/// feed's entry and the notifications all say the same thing, in the same words.
///
/// Values are worded by `ValueWording` (dates in words, numbers with separators, scales
/// as 1:40,000); a changed text shows the words that changed (`WordDiff`).
struct ChangeDescription: Sendable {
    struct FieldRow: Sendable {
        var field: String
        var old: String
        var new: String
        /// For a changed text: the old and new text as one run of kept, struck and new words.
        var words: [Word]
        var hasWords: Bool
    }

    /// One piece of a word diff, for templates: `removed` in `<del>`, `inserted` in `<ins>`.
    struct Word: Sendable {
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
            let items = CountText.of(count, "item", "items", shown: wording.number(count))
            // After an accepted shape or an edited identity rule: the items taken as they are.
            title = change.rebaselineReason == nil ? "Now tracking \(items)" : "Source updated: \(items)"
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
                    let diff = Self.wordDiff(from: old, to: new)
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
        return Self.wordDiff(from: row.old, to: row.new)
    }

    /// The words that changed between two texts, long unchanged stretches cut to their ends:
    /// texts as long as a whole page's are diffed too (`page` sources), and read as the few
    /// words that changed with the words around them.
    static func wordDiff(from old: String, to new: String) -> WordDiff? {
        WordDiff(from: old, to: new, maxTokens: longTextTokens)?.excerpted()
    }

    /// The most words and spaces a text diff reads: a long page's.
    static let longTextTokens = 60_000

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
        guard let first = rows.first else { return "\(title) changed" }
        // A rename is told with the old title, however long: it is how a reader knows the item.
        let renamed = rows.first { $0.field == "title" && !$0.old.isEmpty && !$0.new.isEmpty }
        let others = rows.filter { $0.field != "title" || renamed == nil }
        let lead = renamed.map { "\(title), renamed from '\(quoted($0.old))'" } ?? title
        guard !others.isEmpty else { return lead }
        let short = others.allSatisfy { $0.old.count <= sentenceValueLimit && $0.new.count <= sentenceValueLimit }
        if others.count == 1, renamed == nil, let row = others.first, short, row.field == first.field {
            if row.field == "state", !row.old.isEmpty, !row.new.isEmpty { return "\(title): \(row.old) → \(row.new)" }
            if ValueWording.Meaning.of(field: row.field) == .scale, !row.old.isEmpty, !row.new.isEmpty {
                return "\(title) rescaled: \(row.old) → \(row.new)"
            }
        }
        if short, others.count <= 3 {
            return "\(lead): " + others.map(phrase).joined(separator: "; ")
        }
        if others.count == 1, let row = others.first { return "\(lead): \(phrase(row))" }
        let names = others.map(\.field)
        let list = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
        return "\(lead): \(list) changed"
    }

    /// One field's change in a sentence: "price 12.00 → 9.99", "tags set to swift",
    /// "summary removed"; a long value is only named ("summary changed") and the body
    /// shows its words.
    private static func phrase(_ row: FieldRow) -> String {
        let short = row.old.count <= sentenceValueLimit && row.new.count <= sentenceValueLimit
        switch (row.old.isEmpty, row.new.isEmpty) {
        case (true, false): return short ? "\(row.field) set to \(row.new)" : "\(row.field) added"
        case (false, true): return "\(row.field) removed"
        default: return short ? "\(row.field) \(row.old) → \(row.new)" : "\(row.field) changed"
        }
    }

    /// A value quoted in a sentence: whole up to `sentenceQuoteLimit` characters, else its
    /// first words and an ellipsis.
    static func quoted(_ text: String) -> String {
        guard text.count > sentenceQuoteLimit else { return text }
        let cut = text.prefix(sentenceQuoteLimit)
        let words = cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut
        return words.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// The longest old title a rename quotes whole.
    static let sentenceQuoteLimit = 80

    // MARK: Plain text

    /// Each shown field's change as a line of plain text, readable where markup is lost:
    /// `price: 12.00 → 9.99`, or a text's changed words as `[-old-] {+new+}`; empty for
    /// anything but a changed item, and for a change the sentence already says whole.
    var detailLines: [String] {
        guard change.kind == .changed else { return [] }
        return rows.compactMap { row in
            if let diff = diff(of: row) { return "\(row.field): \(diff.plainText)" }
            // A value the sentence already says whole is not said again.
            if sentence.contains(row.new), row.old.isEmpty || sentence.contains(row.old) { return nil }
            let old = row.old.isEmpty ? "(none)" : row.old
            let new = row.new.isEmpty ? "(none)" : row.new
            return "\(row.field): \(old) → \(new)"
        }
    }

    /// The sentence and its detail lines, as plain text: what a feed reader, a chat message
    /// or a terminal shows of the change.
    var plainText: String {
        ([sentence] + detailLines).joined(separator: "\n")
    }
}
