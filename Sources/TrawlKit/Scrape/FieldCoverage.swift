import Foundation

/// Finds what a kept scrape got wrong without failing: a field that came out empty, or
/// would not parse, on most items (the `guard`'s `warnAt` share, default over 80%), and
/// root-relative links on a local file. These warnings reach the run summary even with
/// `--quiet`, the source's health, `trawl status` and the site.
struct FieldCoverage {
    let source: SourceConfiguration

    func warnings(for result: ScrapeResult) -> [String] {
        var warnings: [String] = []
        let total = result.items.count
        if total > 0 {
            // Required fields fail the scrape instead; a field with a default is never empty.
            for rule in source.fields where rule.defaultValue == nil && !source.required.contains(rule.name) {
                let empty = result.items.filter { $0[field: rule.name] == nil }.count
                guard Double(empty) / Double(total) > source.guardrail.warnAt else { continue }
                warnings.append(message(rule, empty: empty, of: total, unparsed: result.unparsed[rule.name]))
            }
        }
        if result.missingID > 0 {
            warnings.append(missingIDMessage(result))
        }
        if let first = result.rootRelativeLinksOnLocalFile.first {
            let count = result.rootRelativeLinksOnLocalFile.count
            let page = result.pageURL.map { " (\($0.path))" } ?? ""
            warnings.append(
                "\(CountText.of(count, "link is", "links are")) relative to the site's root (e.g. '\(ValueExcerpt(first))') "
                    + "but the page is a local file\(page): set \"base\" to the site's address so they resolve")
        }
        return warnings
    }

    private func message(
        _ rule: FieldRule, empty: Int, of total: Int, unparsed: ScrapeResult.UnparsedValues?
    )
        -> String
    {
        let share = "\(empty) of \(total) items"
        if let unparsed, unparsed.count > 0 {
            var hint = rule.type == .date ? "check its \"format\"" : "check the selector"
            if !rule.strip.isEmpty || rule.type == .date || rule.type == .int || rule.type == .number {
                hint += " and \"strip\""
            }
            let format = rule.format.map { " with format '\($0)'" } ?? ""
            return "field '\(rule.name)' would not parse as \(article(rule.type)) \(rule.type.rawValue)\(format) "
                + "on \(share) (first: '\(ValueExcerpt(unparsed.first))'); \(hint)"
        }
        let locator: String
        switch rule.locator {
        case .css(let css)?: locator = "`\(css)`"
        case .xpath(let xpath)?: locator = "XPath `\(xpath)`"
        case .json(let path)?: locator = "JSONPath `\(path)`"
        case nil: locator = rule.column.map { "column '\($0)'" } ?? "the item itself"
        }
        return "field '\(rule.name)' is empty on \(share): \(locator) matches nothing (or only blank text) in them"
    }

    /// "5 of 72 items were left out: they have no 'url' (the source's idField, which gives
    /// each item its id)".
    private func missingIDMessage(_ result: ScrapeResult) -> String {
        let names = source.idFields.map { "'\($0)'" }
        let what = names.count == 1 ? names[0] : "one of " + names.joined(separator: ", ")
        let field = names.count == 1 ? "idField" : "idField's fields"
        return "\(result.missingID) of \(max(result.held, result.missingID)) items were left out: they have no \(what)"
            + " (the source's \(field), which gives each item its id); set idField to fields every item has"
    }

    private func article(_ type: FieldRule.ValueType) -> String {
        type == .int ? "an" : "a"
    }
}
