import Foundation

/// The one place items are made, for every kind of source: from each `FieldRow` a scraper
/// yields it decides the item's id and its title, URL, date and summary, keeps the items
/// that have every required field and pass the source's filters (`ItemFilter`), and counts
/// the rest for `ScrapeGuard` and the warnings.
struct ItemBuilder {
    let source: SourceConfiguration
    let filter: ItemFilter

    init(source: SourceConfiguration) {
        self.source = source
        self.filter = ItemFilter(source: source)
    }

    /// Adds the row's item to `result` when it has every required field and the filters
    /// keep it; else counts it.
    func add(_ row: FieldRow, to result: inout ScrapeResult) {
        let isCandidate = source.kind == .list || source.kind == .json || !row.fields.isEmpty
        if isCandidate { result.held += 1 }
        guard let item = item(from: row) else {
            // A record with content but nothing in its `idField` is told of (`FieldCoverage`):
            // left out silently, 5 of 72 rows would just be gone.
            if !source.idFields.isEmpty, isCandidate { result.missingID += 1 }
            // Every element a list's selector (or a json source's query) matches is meant to
            // be an item, so one with no id (the field it comes from is gone) lacks a
            // required field too: left uncounted, a page that lost its links would pass the
            // guard. A table's spacer
            // rows and section headings, a status row without a label and a feed entry with
            // nothing to know it by are no items at all.
            if source.kind == .list || source.kind == .json || source.kind == .page { result.missingRequired += 1 }
            return
        }
        guard source.required.allSatisfy({ has(item, $0) }) else {
            result.missingRequired += 1
            return
        }
        if filter.admits(item) {
            result.items.append(item)
        } else {
            result.filteredOut += 1
        }
    }

    /// The row's item, or nil when it has neither an id nor a title to show.
    func item(from row: FieldRow) -> Item? {
        if source.kind == .status {
            // A status row is known by its label, which is also what it shows; it links nowhere.
            guard let label = row["label"]?.text, !label.isEmpty else { return nil }
            let id = source.idFields.isEmpty ? label : composite(of: row)
            return Item(id: id.isEmpty ? label : id, title: label, fields: row.fields)
        }
        let url: URL? = {
            switch row["url"] {
            case .url(let url): return url
            case .string(let text): return URL(string: text)
            default: return nil
            }
        }()
        let date: Date? = {
            if case .date(let date) = row["date"] { return date }
            return nil
        }()
        let title = row["title"]?.text ?? ""
        let id = identity(of: row, url: url, title: title)
        guard !id.isEmpty else { return nil }
        return Item(
            id: id, title: title.isEmpty ? id : title, url: url, date: date, summary: row["summary"]?.text,
            fields: row.fields)
    }

    /// `idField` when configured; else the record's own id, its URL, or its title.
    private func identity(of row: FieldRow, url: URL?, title: String) -> String {
        guard source.idFields.isEmpty else { return composite(of: row) }
        return row.ownID ?? url?.absoluteString ?? title
    }

    /// The `idField` fields' texts joined by ` | ` (one field: its text); empty when any is
    /// missing or blank, as an id of half its parts would merge items that differ.
    private func composite(of row: FieldRow) -> String {
        var parts: [String] = []
        for name in source.idFields {
            guard let text = row[name]?.text, !text.isEmpty else { return "" }
            parts.append(text)
        }
        return parts.joined(separator: " | ")
    }

    /// Whether the item has `field`. A configured field must have been scraped: an item
    /// without a title shows its id instead, which must not hide that the title is gone.
    func has(_ item: Item, _ field: String) -> Bool {
        if source.field(field) != nil { return item[field: field] != nil }
        switch field {
        case "title": return !item.title.isEmpty
        case "url": return item.url != nil
        case "date": return item.date != nil
        case "summary": return item.summary != nil
        default: return item[field: field] != nil
        }
    }
}
