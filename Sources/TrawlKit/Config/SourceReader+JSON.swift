import TrawlJSON

/// A `json` source's items and fields: JSONPath queries (RFC 9535), checked as they are
/// read so a bad one is a configuration error with its column, before any fetching.
extension SourceReader {
    /// A field is a JSONPath (`"$.name"`), or an object with `json` and the usual typing keys.
    func readJSONField(_ name: String, _ node: JSONValue, at fieldPath: String) -> FieldRule? {
        var rule = FieldRule(name: name, type: Self.defaultType(of: name))
        if case .string = node.content {
            rule.locator = reader.string(node, at: fieldPath).flatMap { checkedJSONPath($0, at: fieldPath, node: node) }
                .map(FieldRule.Locator.json)
            return rule
        }
        guard let object = reader.object(node, at: fieldPath, shape: ConfigurationKeys.jsonField) else { return nil }
        // Without `json` the field is the item node itself.
        if let path = reader.string(object["json"], at: "\(fieldPath).json") {
            rule.locator = checkedJSONPath(path, at: "\(fieldPath).json", node: object["json"]).map(
                FieldRule.Locator.json)
        }
        readTyping(object, at: fieldPath, into: &rule)
        return rule
    }

    func checkedJSONPath(_ text: String, at queryPath: String, node: JSONValue?) -> String? {
        do {
            _ = try JSONPath(text)
            return text
        } catch {
            reader.problem(queryPath, "bad JSONPath: \(error)", at: node)
            return nil
        }
    }
}
