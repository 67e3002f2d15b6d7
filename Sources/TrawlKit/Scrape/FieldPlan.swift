import TrawlHTML

/// A list's fields made ready for one page's items: each CSS selector compiled once, not
/// looked up (its text hashed) per item and field, and a field whose locator an earlier
/// field has too (`title` and `url` both on `h2 a`) told to reuse what that one selected
/// rather than walk the item again.
struct FieldPlan {
    /// A class, so the loop over items takes each field by reference rather than copying
    /// its rule's strings and arrays.
    final class Field {
        let rule: FieldRule
        let selector: CompiledSelector?
        /// The earlier field whose selection this one shares.
        let sharesSelectionOf: Int?

        init(rule: FieldRule, selector: CompiledSelector?, sharesSelectionOf: Int?) {
            self.rule = rule
            self.selector = selector
            self.sharesSelectionOf = sharesSelectionOf
        }
    }

    let fields: [Field]

    /// The plan for `rules` on a document that is HTML (`html`) or XML; a selector that does
    /// not compile throws its `SelectorError`.
    init(_ rules: [FieldRule], html: Bool) throws {
        var fields: [Field] = []
        for rule in rules {
            var selector: CompiledSelector?
            if case .css(let css) = rule.locator { selector = try CompiledSelector.css(css, html: html) }
            let shared = rule.locator.flatMap { locator in fields.firstIndex { $0.rule.locator == locator } }
            fields.append(Field(rule: rule, selector: selector, sharesSelectionOf: shared))
        }
        self.fields = fields
    }

    /// The row of fields of the item at `node`.
    func row(of node: Node, extractor: inout FieldExtractor) throws -> FieldRow {
        var row = FieldRow()
        row.fields.reserveCapacity(fields.count)
        var selections: [FieldExtractor.Selection] = []
        selections.reserveCapacity(fields.count)
        for field in fields {
            let selection =
                try field.sharesSelectionOf.map { selections[$0] }
                ?? extractor.selection(of: field.rule, selector: field.selector, in: node)
            selections.append(selection)
            row.append(field.rule.name, extractor.value(of: field.rule, from: selection))
        }
        return row
    }
}
