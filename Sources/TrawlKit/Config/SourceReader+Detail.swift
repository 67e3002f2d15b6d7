import Foundation
import TrawlJSON

/// `"detail"`: what is read from each new item's own page.
extension SourceReader {
    /// `{"article": true | "excerpt" | false, "fields": {…}, "maxPerRun": 50}`. Without
    /// `article`, the article is read unless `fields` are given.
    func readDetail(_ object: JSONValue, kind: SourceConfiguration.Kind) -> DetailSettings? {
        let at = "\(path).detail"
        guard let node = object["detail"], let detail = reader.object(node, at: at, shape: ConfigurationKeys.detail)
        else {
            return nil
        }
        if kind == .status {
            reader.problem(at, "a status source's rows have no pages of their own to read", at: node)
        }
        var settings = DetailSettings()
        settings.fields = reader.members(detail["fields"], at: "\(at).fields").compactMap { member in
            readDetailField(member.key, member.value, at: "\(at).fields.\(member.key)")
        }
        settings.article = readArticleMode(detail["article"], at: "\(at).article") ?? settings.article
        if detail["article"] == nil, detail["fields"] != nil { settings.article = .none }
        if let maxPerRun = reader.integer(detail["maxPerRun"], at: "\(at).maxPerRun") {
            if maxPerRun < 1 { reader.problem("\(at).maxPerRun", "must be 1 or more", at: detail["maxPerRun"]) }
            settings.maxPerRun = max(maxPerRun, 1)
        }
        if settings.article == .none, settings.fields.isEmpty, detail["fields"] == nil {
            reader.problem(at, "reads nothing: set \"article\" to true or \"excerpt\", or give \"fields\"", at: node)
        }
        return settings
    }

    private func readArticleMode(_ node: JSONValue?, at articlePath: String) -> DetailSettings.ArticleMode? {
        guard let node else { return nil }
        switch node.content {
        case .bool(let on): return on ? .full : DetailSettings.ArticleMode.none
        case .string(let word) where word == "excerpt": return .excerpt
        default:
            reader.problem(articlePath, "expected true, false or \"excerpt\", found \(node.kindDescription)", at: node)
            return nil
        }
    }

    /// A field of the item's page, read as a list's field is, from the whole page.
    private func readDetailField(_ name: String, _ node: JSONValue, at fieldPath: String) -> FieldRule? {
        if name == "url" {
            reader.problem(fieldPath, "an item's page cannot change its 'url': it is where the page was read", at: node)
            return nil
        }
        guard let rule = readField(name, node, at: fieldPath) else { return nil }
        if rule.column != nil {
            reader.problem("\(fieldPath).column", "an item's page is read by selector, not by column", at: node)
        }
        return rule
    }
}
