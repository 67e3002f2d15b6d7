import Foundation
import TrawlHTML
import TrawlJSON
import TrawlText

/// Reads one entry of `sources`, with its preset applied first.
struct SourceReader {
    let reader: JSONReader
    let path: String
    /// The configuration file's folder: a `url` without a scheme is a file path relative to it.
    let folder: URL

    static func resolve(_ text: String, against folder: URL) -> URL? {
        if let url = URL(string: text), url.scheme != nil { return url }
        guard !text.isEmpty else { return nil }
        return URL(fileURLWithPath: text, relativeTo: folder).standardizedFileURL
    }

    func read(_ given: JSONValue) -> SourceConfiguration? {
        guard var object = reader.object(given, at: path, shape: ConfigurationKeys.source) else { return nil }
        if let presetName = reader.string(object["preset"], at: "\(path).preset") {
            guard let preset = Presets.named(presetName) else {
                let hint =
                    Suggestion.hint(for: presetName, in: Presets.names)
                reader.problem(
                    "\(path).preset",
                    "unknown preset '\(presetName)'\(hint); presets: \(Presets.names.joined(separator: ", "))",
                    at: object["preset"])
                return nil
            }
            // A problem in a value the preset supplied is reported where the preset is named.
            let named = object["preset"] ?? object
            object = Presets.apply(preset.relocated(to: named.position), under: object)
        }

        guard
            let id = required(object, "id", "every source needs an id").flatMap({ reader.string($0, at: "\(path).id") })
        else { return nil }
        if let problem = SourceConfiguration.idProblem(id) {
            reader.problem("\(path).id", problem, at: object["id"])
        } else if id.utf8.count > SourceConfiguration.maximumIDBytes {
            // It names a folder and `<id>.html`; file names stop at 255 bytes.
            reader.problem(
                "\(path).id",
                "is \(id.utf8.count) bytes long; an id may have at most \(SourceConfiguration.maximumIDBytes)"
                    + " (it names a folder and files)",
                at: object["id"])
        }
        guard
            let kindName = required(object, "kind", "one of list, table, feed, status, json, page (or a preset)")
                .flatMap({
                    reader.choice($0, at: "\(path).kind", from: SourceConfiguration.Kind.allCases.map(\.rawValue))
                }),
            let kind = SourceConfiguration.Kind(rawValue: kindName)
        else { return nil }
        guard
            let urlText = required(object, "url", "the page or feed to fetch").flatMap({
                reader.string($0, at: "\(path).url")
            })
        else { return nil }
        guard let url = Self.resolve(urlText, against: folder), url.isFetchable else {
            reader.problem("\(path).url", "'\(urlText)' is not an http, https or file URL", at: object["url"])
            return nil
        }

        var source = SourceConfiguration(id: id, kind: kind, url: url)
        source.name = reader.string(object["name"], at: "\(path).name") ?? id
        if let base = reader.string(object["base"], at: "\(path).base") {
            // Like `url`: without a scheme, a folder relative to the configuration file.
            source.base = Self.resolve(base, against: folder)
            // A cache-reading command leaves an unset `${BASE}` as `unset-BASE`: no matter there.
            if let base = source.base, !base.isFetchable,
                !reader.expansion.toleratesUnset
            {
                reader.problem("\(path).base", "'\(base)' is not an http, https or file URL", at: object["base"])
            }
        }
        readItems(object["items"], kind: kind, into: &source)
        source.script = reader.string(object["script"], at: "\(path).script").flatMap {
            checkedCSS($0, at: "\(path).script", node: object["script"])
        }
        if source.script != nil, kind != .json {
            reader.problem(
                "\(path).script", "only a json source reads JSON from a page's scripts", at: object["script"])
        }
        source.fields = reader.members(object["fields"], at: "\(path).fields").compactMap { member in
            kind == .json
                ? readJSONField(member.key, member.value, at: "\(path).fields.\(member.key)")
                : readField(member.key, member.value, at: "\(path).fields.\(member.key)")
        }
        source.ignore = readIgnore(object["ignore"], kind: kind)
        source.idFields = reader.strings(object["idField"], at: "\(path).idField") ?? []
        source.ignoreChanges = reader.strings(object["ignoreChanges"], at: "\(path).ignoreChanges") ?? []
        source.required = reader.strings(object["required"], at: "\(path).required") ?? []
        source.next = reader.string(object["next"], at: "\(path).next").flatMap {
            checkedCSS($0, at: "\(path).next", node: object["next"])
        }
        if let maxPages = reader.integer(object["maxPages"], at: "\(path).maxPages") {
            if maxPages < 1 { reader.problem("\(path).maxPages", "must be 1 or more", at: object["maxPages"]) }
            source.maxPages = max(maxPages, 1)
        }
        if let maxItems = reader.integer(object["maxItems"], at: "\(path).maxItems") {
            if maxItems < 1 { reader.problem("\(path).maxItems", "must be 1 or more", at: object["maxItems"]) }
            source.maxItems = max(maxItems, 1)
        }
        source.header = reader.strings(object["header"], at: "\(path).header") ?? []
        source.onValues = reader.strings(object["on"], at: "\(path).on") ?? source.onValues
        source.download = reader.string(object["download"], at: "\(path).download")
        source.guardrail = readGuardrail(object["guard"])
        if let entries = reader.choice(
            object["entries"], at: "\(path).entries", from: SourceConfiguration.EntryStyle.allCases.map(\.rawValue))
        {
            source.entries = SourceConfiguration.EntryStyle(rawValue: entries) ?? source.entries
        }
        source.announceBaseline =
            reader.bool(object["announceBaseline"], at: "\(path).announceBaseline") ?? source.announceBaseline
        if let every = reader.string(object["every"], at: "\(path).every") {
            source.every = IntervalText.seconds(every)
            if source.every == nil {
                reader.problem(
                    "\(path).every", "'\(every)' is not a length of time such as 30m, 6h, 1d or 1w",
                    at: object["every"])
            }
        }
        source.request = readRequest(object, url: url)
        source.render = readRender(object, request: source.request)
        source.detail = readDetail(object, kind: kind)
        checkKindRequirements(source, object)
        readFilters(object, into: &source)
        // Last: a notifier's `match` is checked against every field the source's items can have.
        if let notify = object["notify"] {
            let fields = NotifierReader.Fields(names: NotifierReader.fieldNames(of: [source]), ofEverySource: false)
            source.notify = NotifierReader(reader: reader, fields: fields).read(notify, at: "\(path).notify")
        }
        return source
    }

    private func required(_ object: JSONValue, _ key: String, _ purpose: String) -> JSONValue? {
        guard let node = object[key] else {
            reader.problem("\(path).\(key)", "missing: \(purpose)", at: object)
            return nil
        }
        return node
    }

    func readField(_ name: String, _ node: JSONValue, at fieldPath: String) -> FieldRule? {
        if case .string = node.content {
            let css = reader.string(node, at: fieldPath)
            return FieldRule(
                name: name,
                locator: css.flatMap { checkedCSS($0, at: fieldPath, node: node) }.map(FieldRule.Locator.css),
                type: Self.defaultType(of: name))
        }
        guard let object = reader.object(node, at: fieldPath, shape: ConfigurationKeys.field) else { return nil }
        var rule = FieldRule(name: name, type: Self.defaultType(of: name))
        if let css = reader.string(object["css"], at: "\(fieldPath).css") {
            rule.locator = checkedCSS(css, at: "\(fieldPath).css", node: object["css"]).map(FieldRule.Locator.css)
        }
        if let xpath = reader.string(object["xpath"], at: "\(fieldPath).xpath") {
            if rule.locator != nil { reader.problem(fieldPath, "give either 'css' or 'xpath', not both", at: object) }
            rule.locator = checkedXPath(xpath, at: "\(fieldPath).xpath", node: object["xpath"]).map(
                FieldRule.Locator.xpath)
        }
        rule.column = reader.string(object["column"], at: "\(fieldPath).column")
        rule.attr = reader.string(object["attr"], at: "\(fieldPath).attr")
        readTyping(object, at: fieldPath, into: &rule)
        return rule
    }

    /// The keys every kind's fields share: how the text is typed and cleaned.
    func readTyping(_ object: JSONValue, at fieldPath: String, into rule: inout FieldRule) {
        if let type = reader.choice(
            object["type"], at: "\(fieldPath).type", from: FieldRule.ValueType.allCases.map(\.rawValue))
        {
            rule.type = FieldRule.ValueType(rawValue: type) ?? .string
        }
        rule.format = reader.string(object["format"], at: "\(fieldPath).format")
        if let locale = reader.string(object["locale"], at: "\(fieldPath).locale") {
            if locale.wholeMatch(of: /[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*/) == nil {
                reader.problem(
                    "\(fieldPath).locale", "'\(locale)' is not a language or locale (such as 'de' or 'pt-BR')",
                    at: object["locale"])
            }
            rule.locale = locale
        }
        rule.strip = reader.strings(object["strip"], at: "\(fieldPath).strip") ?? []
        rule.many = reader.bool(object["many"], at: "\(fieldPath).many") ?? false
        rule.defaultValue = reader.string(object["default"], at: "\(fieldPath).default")
        rule.replace = reader.members(object["replace"], at: "\(fieldPath).replace").compactMap { member in
            let at = "\(fieldPath).replace.\(member.key)"
            guard let template = reader.string(member.value, at: at) else { return nil }
            guard (try? NSRegularExpression(pattern: member.key)) != nil else {
                reader.problem(at, "'\(member.key)' is not a valid regular expression", at: member.value)
                return nil
            }
            return FieldRule.Replacement(pattern: member.key, template: template)
        }
    }

    /// The well-known fields type themselves unless told otherwise: an item's `url` must be
    /// absolute (relative links resolve), and its `date` a date.
    static func defaultType(of name: String) -> FieldRule.ValueType {
        switch name {
        case "url": return .url
        case "date": return .date
        default: return .string
        }
    }

    private func share(_ key: String, in object: JSONValue, at path: String) -> Double? {
        guard let share = reader.number(object[key], at: "\(path).\(key)") else { return nil }
        guard (0...1).contains(share) else {
            reader.problem(
                "\(path).\(key)", "\(Value.double(share).text) is not a share from 0 to 1 (0.5 is half)",
                at: object[key])
            return nil
        }
        return share
    }

    /// `ignore`: the selectors of a page's parts left out of its text, each checked here.
    private func readIgnore(_ node: JSONValue?, kind: SourceConfiguration.Kind) -> [String] {
        guard let node else { return [] }
        guard kind == .page else {
            reader.problem(
                "\(path).ignore", "only a page source leaves parts out of its text (\"kind\": \"page\")", at: node)
            return []
        }
        let selectors = reader.strings(node, at: "\(path).ignore") ?? []
        return selectors.enumerated().compactMap { index, selector in
            checkedCSS(selector, at: "\(path).ignore[\(index)]", node: node.arrayValue?[index])
        }
    }

    private func readGuardrail(_ node: JSONValue?) -> Guardrail {
        var guardrail = Guardrail()
        let at = "\(path).guard"
        guard
            let object = reader.object(node, at: at, shape: ConfigurationKeys.guardrail)
        else {
            return guardrail
        }
        guardrail.maxLoss = share("maxLoss", in: object, at: at) ?? guardrail.maxLoss
        guardrail.maxMissingRequired = share("maxMissingRequired", in: object, at: at) ?? guardrail.maxMissingRequired
        guardrail.allowEmpty = reader.bool(object["allowEmpty"], at: "\(at).allowEmpty") ?? guardrail.allowEmpty
        guardrail.warnAt = share("warnAt", in: object, at: at) ?? guardrail.warnAt
        return guardrail
    }

    private func checkKindRequirements(_ source: SourceConfiguration, _ object: JSONValue) {
        switch source.kind {
        case .list, .status, .json:
            if source.items == nil, source.itemsXPath == nil, object["items"] == nil {
                let what =
                    source.kind == .json ? "the JSONPath of the items (\"$[*]\")" : "the CSS selector of one item"
                reader.problem("\(path).items", "missing: \(what)", at: object)
            }
            if source.kind != .status, source.field("title") == nil, object["fields"] != nil || object["items"] != nil {
                reader.problem(
                    "\(path).fields", "missing: a \(source.kind.rawValue) source needs a 'title' field", at: object)
            }
            if source.kind == .status, source.field("label") == nil || source.field("state") == nil {
                reader.problem(
                    "\(path).fields", "missing: a status source needs 'label' and 'state' fields", at: object)
            }
        case .table:
            if source.header.isEmpty {
                reader.problem("\(path).header", "missing: labels the table's header row contains", at: object)
            }
        case .feed, .page:
            break
        }
        let names = Self.fieldNames(of: source)
        func check(_ key: String, _ name: String, at where_: String) {
            guard !names.contains(name) else { return }
            reader.problem(where_, Self.unknownField(name, in: names), at: object[key])
        }
        if case .array(let given) = object["idField"]?.content {
            if given.isEmpty {
                reader.problem(
                    "\(path).idField", "name at least one field (or leave idField out)", at: object["idField"])
            }
            for (index, name) in source.idFields.enumerated() {
                check("idField", name, at: "\(path).idField[\(index)]")
            }
        } else if let idField = source.idField {
            check("idField", idField, at: "\(path).idField")
        }
        for (index, name) in source.required.enumerated() {
            check("required", name, at: "\(path).required[\(index)]")
        }
        for (index, name) in source.ignoreChanges.enumerated() {
            check("ignoreChanges", name, at: "\(path).ignoreChanges[\(index)]")
        }
        if let download = source.download { check("download", download, at: "\(path).download") }
    }

    /// The fields the source's items will have: its own, the well-known ones, and what
    /// the kind adds (a status's `on`; a feed entry's, `FeedEntryField`).
    static func fieldNames(of source: SourceConfiguration) -> [String] {
        var names = source.fields.map(\.name) + ["title", "url", "date", "summary"]
        switch source.kind {
        case .status: names.append("on")
        case .feed: names += FeedEntryField.names
        case .page: names.append(SourceConfiguration.pageTextField)
        case .list, .table, .json: break
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    // An empty document has no root, and a query on it never compiles the selector: check
    // against one that has an element.
    private static let probe = Document.parseHTML("<p></p>")

    private func checkedCSS(_ css: String, at selectorPath: String, node: JSONValue?) -> String? {
        do {
            _ = try Self.probe.select(css)
            return css
        } catch {
            reader.problem(selectorPath, "bad selector: \(error)", at: node)
            return nil
        }
    }

    /// `items`: a CSS selector (a JSONPath for `json`), or for `list` `{"xpath": "…"}`, the
    /// XPath 1.0 of one item, as FreshRSS's scraping feeds and `urlwatch`'s jobs give it.
    private func readItems(_ node: JSONValue?, kind: SourceConfiguration.Kind, into source: inout SourceConfiguration) {
        let at = "\(path).items"
        if let node, case .object = node.content {
            guard kind == .list else {
                reader.problem(at, "only a list source takes its items by XPath ({\"xpath\": …})", at: node)
                return
            }
            guard let object = reader.object(node, at: at, shape: ConfigurationKeys.itemsXPath) else { return }
            guard let xpath = reader.string(object["xpath"], at: "\(at).xpath") else {
                reader.problem("\(at).xpath", "missing: the XPath of one item", at: node)
                return
            }
            source.itemsXPath = checkedXPath(xpath, at: "\(at).xpath", node: object["xpath"])
            return
        }
        source.items = reader.string(node, at: at).flatMap {
            kind == .json ? checkedJSONPath($0, at: at, node: node) : checkedCSS($0, at: at, node: node)
        }
    }

    private func checkedXPath(_ xpath: String, at selectorPath: String, node: JSONValue?) -> String? {
        do {
            _ = try Self.probe.xpath(xpath)
            return xpath
        } catch {
            reader.problem(selectorPath, "bad XPath: \(error)", at: node)
            return nil
        }
    }
}
