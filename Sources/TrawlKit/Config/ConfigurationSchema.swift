import TrawlJSON

/// The JSON Schema (draft 2020-12) of `trawl.json`, made from `ConfigurationKeys`, the
/// declarations the loader checks keys against: what `trawl schema` prints, so an editor
/// completes and checks the file.
///
/// The schema says what each key holds; what only the loader can tell (a selector that
/// does not parse, a field `idField` names that does not exist, a key that goes only with
/// another) stays the loader's to report.
enum ConfigurationSchema {
    static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema: the top-level object inline, every other object under `$defs`.
    static var document: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("$schema", .string(dialect)),
            ("title", "trawl.json"),
        ]
        members += objectSchema(ConfigurationKeys.top).objectValue ?? []
        let definitions = ConfigurationKeys.objects.dropFirst().map { object in
            (key: object.name, value: objectSchema(object))
        }
        members.append(("$defs", .object(definitions)))
        return .object(members)
    }

    /// The schema as `trawl schema` prints it: pretty, ending in a newline.
    static var text: String { JSONWriter.string(document) + "\n" }

    private static func objectSchema(_ object: ConfigurationObject) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("type", "object"),
            ("description", .string(object.description)),
            ("properties", .object(object.keys.map { (key: $0.name, value: keySchema($0)) })),
            ("additionalProperties", false),
        ]
        if !object.required.isEmpty {
            members.append(("required", .array(object.required.map(JSONValue.string))))
        }
        if !object.anyOf.isEmpty {
            members.append(("anyOf", .array(object.anyOf.map { ["required": [.string($0)]] })))
        }
        if !object.oneOf.isEmpty {
            members.append(("oneOf", .array(object.oneOf.map { ["required": [.string($0)]] })))
        }
        if object.keys.contains(where: { if case .fields = $0.value { true } else { false } }) {
            members += fieldsByKind
        }
        return .object(members)
    }

    /// A json source's fields are JSONPaths; every other kind's (a preset's too: none is
    /// json) are CSS selectors and the options that go with them.
    private static var fieldsByKind: [(key: String, value: JSONValue)] {
        func fields(_ object: ConfigurationObject) -> JSONValue {
            [
                "properties": [
                    "fields": ["additionalProperties": ["anyOf": [["type": "string"], reference(object)]]]
                ]
            ]
        }
        return [
            ("if", ["properties": ["kind": ["const": "json"]], "required": ["kind"]]),
            ("then", fields(ConfigurationKeys.jsonField)),
            ("else", fields(ConfigurationKeys.field)),
        ]
    }

    private static func keySchema(_ key: ConfigurationKey) -> JSONValue {
        var schema = valueSchema(key.value).objectValue ?? []
        schema.append(("description", .string(key.description)))
        return .object(schema)
    }

    private static func valueSchema(_ value: ConfigurationValue) -> JSONValue {
        switch value {
        case .string: return ["type": "string"]
        case .choice(let words): return ["type": "string", "enum": .array(words.map(JSONValue.string))]
        case .integer(let minimum):
            guard let minimum else { return ["type": "integer"] }
            return ["type": "integer", "minimum": .int(minimum)]
        case .number(let minimum, let maximum):
            var members: [(key: String, value: JSONValue)] = [("type", "number")]
            if let minimum, let number = JSONNumber(minimum) { members.append(("minimum", .number(number))) }
            if let maximum, let number = JSONNumber(maximum) { members.append(("maximum", .number(number))) }
            return .object(members)
        case .boolean: return ["type": "boolean"]
        case .strings: return ["anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]]
        case .choices(let words):
            let word: JSONValue = ["type": "string", "enum": .array(words.map(JSONValue.string))]
            return ["anyOf": [word, ["type": "array", "items": word]]]
        case .list(let element): return ["type": "array", "items": valueSchema(element)]
        case .map(let element): return ["type": "object", "additionalProperties": valueSchema(element)]
        case .object(let object): return reference(object)
        case .either(let values): return ["anyOf": .array(values.map(valueSchema))]
        case .fields: return ["type": "object"]
        case .any: return [:]
        }
    }

    private static func reference(_ object: ConfigurationObject) -> JSONValue {
        ["$ref": .string("#/$defs/\(object.name)")]
    }
}
