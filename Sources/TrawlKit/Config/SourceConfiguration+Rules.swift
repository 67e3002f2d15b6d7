import Foundation

/// A digest of each of a source's scraping rules, kept with the snapshot they made, so the
/// night after an edit can tell what the edit explains (`ChangeDetector+RuleEdit`): a field's
/// rule by the field's name, and under `identityRule` what decides which items there are and
/// how each is known (the kind, the item selector, the id and the fields it is read from).
/// Not the page's address: a mirror moved, or a `${DAY}` in it, is the same list. Everything else of the source (its name, notifiers, guard) changes no item.
extension SourceConfiguration {
    /// The key of the rule that decides which items there are and what they are called.
    static let identityRule = "*identity"
    /// The field a `page` source's items hold their text in.
    static let pageTextField = "text"

    var ruleDigests: [String: String] {
        var digests: [String: String] = [:]
        for field in fields {
            digests[field.name] = CanonicalKey(of: field).hash
        }
        if kind == .page {
            // What a page's text leaves out is the text's rule.
            var text = CanonicalKey()
            text.add(
                "field",
                fields.first { $0.name == SourceConfiguration.pageTextField }.map { CanonicalKey(of: $0).encoding })
            text.add("ignore", ignore)
            digests[SourceConfiguration.pageTextField] = text.hash
            // What a page's items are called and link to when no field says: an element's
            // first heading, else the page's title; the page's address. Rules too, so a new
            // way of finding them re-reads them silently: no watch is told it was "renamed".
            let implicit = [
                ("title", "the element's first heading, else the page's title"), ("url", "the page's address"),
            ]
            for (name, rule) in implicit where field(name) == nil {
                var key = CanonicalKey()
                key.add(name, rule)
                digests[name] = key.hash
            }
        }
        var identity = CanonicalKey()
        identity.add("kind", kind.rawValue)
        identity.add("items", items)
        identity.add("itemsXPath", itemsXPath)
        identity.add("script", script)
        identity.add("header", header)
        identity.add("idField", idFields)
        identity.add("maxItems", maxItems)
        // The fields an id is read from: the idField, else a URL and then a title.
        let readFrom = idFields.isEmpty ? ["url", "title"] : idFields
        for name in readFrom {
            identity.add("field." + name, field(name).map { CanonicalKey(of: $0).encoding })
        }
        digests[Self.identityRule] = identity.hash
        return digests
    }
}
