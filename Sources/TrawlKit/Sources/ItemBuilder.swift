import Foundation

/// Makes an `Item` from scraped fields: its id, and the well-known title, URL, date, summary.
struct ItemBuilder {
    let source: SourceConfiguration

    /// The item, or nil when it has neither an id nor a title to show.
    func item(from fields: [Item.Field]) -> Item? {
        func value(_ name: String) -> Value? { fields.first { $0.name == name }?.value }
        let url: URL? = {
            switch value("url") {
            case .url(let url): return url
            case .string(let text): return URL(string: text)
            default: return nil
            }
        }()
        let date: Date? = {
            if case .date(let date) = value("date") { return date }
            return nil
        }()
        let title = value("title")?.text ?? ""
        let id = identity(fields: fields, url: url, title: title)
        guard !id.isEmpty else { return nil }
        return Item(
            id: id, title: title.isEmpty ? id : title, url: url, date: date, summary: value("summary")?.text,
            fields: fields)
    }

    /// `idField` when configured; else the URL, else the title.
    private func identity(fields: [Item.Field], url: URL?, title: String) -> String {
        if let idField = source.idField {
            return fields.first { $0.name == idField }?.value.text ?? ""
        }
        return url?.absoluteString ?? title
    }
}
