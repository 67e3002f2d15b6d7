import Foundation
import Mustache

/// A tabular source's items as a table: a labelled, sortable column per field, values in
/// words (`1:40,000`), and one link per row — on the title, to the item's URL, whose own
/// column is then left out.
struct TableView: MustacheObject {
    struct Column: MustacheObject {
        /// The heading (`Scale`).
        var name: String
        /// The field's name in the configuration (`scale`).
        var field: String
        var numeric: Bool

        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "name": return .string(name)
            case "field": return .string(field)
            case "numeric": return .bool(numeric)
            default: return nil
            }
        }
    }
    /// Cells and rows are classes, built once and then only read: a page's slice of the
    /// rows, and the template, hold each as one reference.
    final class Cell: MustacheObject {
        let text: String
        let href: String
        /// What the column sorts by: the raw number for numeric columns, dates as RFC 3339.
        let sort: String
        /// Numbers are set right-aligned.
        let numeric: Bool
        /// The cell the row's news mark (`New`, `Changed`) stands in: the title's (the
        /// column that links the item), else the first.
        let holdsMark: Bool

        init(text: String, href: String, sort: String, numeric: Bool, holdsMark: Bool = false) {
            self.text = text
            self.href = href
            self.sort = sort
            self.numeric = numeric
            self.holdsMark = holdsMark
        }

        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "text": return .string(text)
            case "href": return .string(href)
            case "sort": return .string(sort)
            case "numeric": return .bool(numeric)
            case "holdsMark": return .bool(holdsMark)
            default: return nil
            }
        }
    }
    final class Row: MustacheObject {
        let cells: [Cell]
        let fields: FieldTable
        let fileHref: String
        let search: String
        /// `added` or `changed` when the latest run added or changed the row (the row's class
        /// `item-added`), else empty; `newsText` is the word beside its title (`NewsMark`).
        let news: String
        let newsText: String

        init(cells: [Cell], fields: FieldTable, fileHref: String, search: String, news: NewsMark = .none) {
            self.cells = cells
            self.fields = fields
            self.fileHref = fileHref
            self.search = search
            self.news = news.name
            self.newsText = news.text
        }

        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "cells": return .list(of: cells)
            case "fields": return .custom(fields)
            case "fileHref": return .string(fileHref)
            case "search": return .string(search)
            case "news": return .string(news)
            case "newsText": return .string(newsText)
            default: return nil
            }
        }
    }
    var columns: [Column]
    var rows: [Row]
    var hasFiles: Bool

    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "columns": return .list(of: columns)
        case "rows": return .list(of: rows)
        case "hasFiles": return .bool(hasFiles)
        default: return nil
        }
    }

    /// The table of `items`; `news` says, by item id, what the latest run found of each.
    init(_ items: [Item], files: [String: String], wording: ValueWording, news: [String: Change.Kind] = [:]) {
        var names: [String] = []
        for item in items {
            for field in item.fields where !names.contains(field.name) { names.append(field.name) }
        }
        // The item's own URL gets no column: the title (else the first text column) links to it.
        let linkColumn = names.contains("title") ? "title" : names.first { Self.isText($0, in: items) }
        if linkColumn != nil {
            names.removeAll { name in
                items.allSatisfy { item in
                    guard case .url(let url)? = item[field: name] else { return item[field: name] == nil }
                    return url.absoluteString == item.urlText
                } && items.contains { $0[field: name] != nil }
            }
        }
        columns = names.map { name in
            Column(
                name: SafeText.line(ValueWording.label(forField: name)), field: SafeText.line(name),
                numeric: items.allSatisfy { item in
                    switch item[field: name] {
                    case .int?, .double?, nil: return true
                    default: return false
                    }
                })
        }
        let numericColumns = Set(columns.filter(\.numeric).map(\.field))
        // Asked once per column, not once per cell.
        let isNumeric = names.map { numericColumns.contains($0) }
        let markColumn = linkColumn.flatMap { names.firstIndex(of: $0) } ?? 0
        rows = items.map { item in
            let values = item.fields.map { FieldValue($0, wording: wording) }
            let byName = FieldValue.byName(values)
            let cells = names.indices.map { column -> Cell in
                let name = names[column]
                let holdsMark = column == markColumn
                guard let value = byName[name] else {
                    return Cell(text: "", href: "", sort: "", numeric: false, holdsMark: holdsMark)
                }
                if value.type == "url" {
                    let url = URL(string: value.raw)
                    let short = url.map { $0.lastPathComponent.isEmpty ? ($0.host ?? value.raw) : $0.lastPathComponent }
                    return Cell(
                        text: SafeText.line(short ?? value.raw), href: value.href, sort: value.raw, numeric: false,
                        holdsMark: holdsMark)
                }
                let href = name == linkColumn ? SafeText.link(item.link) ?? "" : ""
                return Cell(
                    text: value.human, href: href, sort: value.raw, numeric: isNumeric[column], holdsMark: holdsMark)
            }
            return Row(
                cells: cells, fields: byName, fileHref: files[item.id] ?? "",
                search: Self.searchText(cells), news: NewsMark(news[item.id]))
        }
        hasFiles = !files.isEmpty
    }

    /// The cells' texts joined by spaces, lower-cased: built in one string, as every row has one.
    private static func searchText(_ cells: [Cell]) -> String {
        var text = ""
        for (index, cell) in cells.enumerated() {
            if index > 0 { text += " " }
            text += cell.text
        }
        return text.lowercased()
    }

    private static func isText(_ name: String, in items: [Item]) -> Bool {
        items.contains { if case .string? = $0[field: name] { return true } else { return false } }
    }
}
