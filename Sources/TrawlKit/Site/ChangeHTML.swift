import Foundation

/// The HTML of a feed entry: what changed, as a small table of old → new.
///
/// Written by code with every scraped string escaped (`SafeText.html`); links only for
/// `http`, `https` and `mailto`.
enum ChangeHTML {
    static func render(_ description: ChangeDescription, sourcePage: URL?) -> String {
        let change = description.change
        let source = SafeText.html(description.sourceName)
        let sourceText = sourcePage.map { "<a href=\"\(SafeText.html($0.absoluteString))\">\(source)</a>" } ?? source
        var html = ""
        switch change.kind {
        case .baseline:
            html += "<p>\(sourceText) is now tracked: \(change.trackedItems ?? 0) items. "
            html += "Later runs report what is added, changed and removed.</p>"
            return html
        case .added: html += "<p>New in \(sourceText).</p>"
        case .reappeared: html += "<p>Back in \(sourceText) after it had gone.</p>"
        case .removed: html += "<p>No longer in \(sourceText). This is what it was:</p>"
        case .changed: html += "<p>Changed in \(sourceText):</p>"
        }
        if let summary = description.summary, change.kind != .changed {
            html += "<p>\(SafeText.html(summary))</p>"
        }
        guard !description.rows.isEmpty else { return html }
        if change.kind == .changed {
            html += "<table><thead><tr><th>Field</th><th>Before</th><th>After</th></tr></thead><tbody>"
            for row in description.rows {
                html += "<tr><th>\(SafeText.html(row.field))</th><td>\(SafeText.html(row.old))</td>"
                html += "<td>\(SafeText.html(row.new))</td></tr>"
            }
        } else {
            html += "<table><thead><tr><th>Field</th><th>Value</th></tr></thead><tbody>"
            for row in description.rows {
                let value = change.kind == .removed ? row.old : row.new
                html += "<tr><th>\(SafeText.html(row.field))</th><td>\(SafeText.html(value))</td></tr>"
            }
        }
        html += "</tbody></table>"
        return html
    }
}
