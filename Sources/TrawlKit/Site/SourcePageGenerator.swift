import Foundation

/// `sources/<id>/index.html`: every item of a source. Tabular sources are a table
/// sortable by column; dated items are grouped as Today and Earlier, where today is the
/// day of the last run (never the clock, so the page does not change by itself).
enum SourcePageGenerator {
    struct Page: Encodable {
        var page: PageContext
        var source: SourceView
        var sourceURL: String
        var hasItems: Bool
        var table: TableView?
        var groups: [ItemGroup]
    }

    /// Fields shown in their own place in a list, not again among the details.
    static let listedElsewhere: Set<String> = ["title", "url", "date", "summary"]

    static func generate(_ site: GenerationContext) throws {
        let today = site.content.latestRun.map { SiteDate.startOfDay($0.started) }
        for source in site.content.sources {
            let root = "../../"
            let files = source.files.mapValues { root + $0.relativePath }
            var page = Page(
                page: site.page(
                    root: root, title: source.name, feedHref: "feed.atom", jsonFeedHref: "feed.json",
                    feedTitle: "\(SafeText.line(site.content.site.title)): \(source.name)"),
                source: SourceView(source, root: root),
                sourceURL: SafeText.link(source.configuration.url) ?? "",
                hasItems: !source.items.isEmpty, table: nil, groups: [])
            if source.items.isEmpty {
                // "No items yet", and no empty table or list.
            } else if source.configuration.kind == .table {
                page.table = table(source.items, files: files)
            } else {
                page.groups = groups(
                    source.items, files: files, today: source.configuration.kind == .status ? nil : today)
            }
            try site.writePage("source", page, to: "sources/\(source.id)/index.html")
        }
    }

    static func table(_ items: [Item], files: [String: String]) -> TableView {
        var names: [String] = []
        for item in items {
            for field in item.fields where !names.contains(field.name) { names.append(field.name) }
        }
        let columns = names.map { name in
            TableView.Column(
                name: SafeText.line(name),
                numeric: items.allSatisfy { item in
                    switch item[field: name] {
                    case .int?, .double?, nil: return true
                    default: return false
                    }
                })
        }
        let rows = items.map { item in
            let cells = names.map { name -> TableView.Cell in
                let value = item[field: name]
                switch value {
                case .url(let url)?:
                    let text = SafeText.line(
                        url.lastPathComponent.isEmpty ? (url.host ?? url.absoluteString) : url.lastPathComponent)
                    return TableView.Cell(text: text, href: SafeText.link(url) ?? "", sort: text)
                case .int(let number)?:
                    return TableView.Cell(text: String(number), href: "", sort: String(number))
                default:
                    let text = ChangeDescription.text(value)
                    let href = name == "title" ? SafeText.link(item.url) ?? "" : ""
                    return TableView.Cell(text: text, href: href, sort: text)
                }
            }
            return TableView.Row(
                cells: cells, fileHref: files[item.id] ?? "",
                search: cells.map(\.text).joined(separator: " ").lowercased())
        }
        return TableView(columns: columns, rows: rows, hasFiles: !files.isEmpty)
    }

    static func groups(_ items: [Item], files: [String: String], today: Date?) -> [ItemGroup] {
        let views = items.map { view($0, files: files) }
        guard let today, items.contains(where: { $0.date != nil }) else {
            return [ItemGroup(heading: "", items: views)]
        }
        var recent: [ItemView] = []
        var earlier: [ItemView] = []
        for (item, view) in zip(items, views) {
            if let date = item.date, date >= today { recent.append(view) } else { earlier.append(view) }
        }
        return [ItemGroup(heading: "Today", items: recent), ItemGroup(heading: "Earlier", items: earlier)]
            .filter { !$0.items.isEmpty }
    }

    /// `on` or `off` from a status item's `on` field (the pipeline sets it from the
    /// configured `on` values), or empty for other items.
    static func state(of item: Item) -> String {
        guard case .bool(let on)? = item[field: "on"] else { return "" }
        return on ? "on" : "off"
    }

    static func view(_ item: Item, files: [String: String]) -> ItemView {
        let title = SafeText.line(item.title)
        // A field that only repeats the title (a status label), or the state the badge
        // shows, is not shown again.
        let state = state(of: item)
        let shown = item.fields.filter { field in
            !listedElsewhere.contains(field.name) && !(field.value.text == item.title && field.name != "title")
                && !(field.name == "on" && !state.isEmpty)
        }
        let fields = shown.map { field -> FieldView in
            if case .url(let url) = field.value, let link = SafeText.link(url) {
                return FieldView(name: SafeText.line(field.name), text: SafeText.line(url.absoluteString), href: link)
            }
            return FieldView(name: SafeText.line(field.name), text: ChangeDescription.text(field.value), href: "")
        }
        let summary = item.summary.map(SafeText.line) ?? ""
        return ItemView(
            title: title.isEmpty ? SafeText.line(item.id) : title,
            href: SafeText.link(item.url) ?? "",
            date: item.date.map(RFC3339.string(from:)) ?? "",
            dateText: item.date.map(SiteDate.short) ?? "",
            summary: summary, fields: fields, hasFields: !fields.isEmpty,
            fileHref: files[item.id] ?? "", state: state,
            search: ([title, summary] + fields.map(\.text)).joined(separator: " ").lowercased())
    }
}
