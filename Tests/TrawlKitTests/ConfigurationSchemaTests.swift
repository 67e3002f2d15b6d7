import Foundation
import TestSupport
import Testing
import TrawlJSON

@testable import TrawlKit

/// `trawl schema` and the loader agree: both read `ConfigurationKeys`, each object's reader
/// passes its own declaration, the readers read every declared key and no other, and the
/// GUIDE names every key. (`ConfigurationSchemaValidationTests` runs check-jsonschema.)
@Suite struct ConfigurationSchemaTests {
    /// Where each declared object sits in a configuration: `wrap` puts `members` there.
    struct Placement: CustomStringConvertible, Sendable {
        let object: String
        let path: String
        let wrap: @Sendable ([(key: String, value: JSONValue)]) -> JSONValue
        var description: String { object }
    }

    static let source: [(key: String, value: JSONValue)] = [
        ("id", "s"), ("kind", "list"), ("url", "https://example.org/"), ("items", "li"),
    ]
    static let jsonSource: [(key: String, value: JSONValue)] = [
        ("id", "s"), ("kind", "json"), ("url", "https://example.org/"), ("items", "$[*]"),
    ]

    static func configuration(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        .object(members.contains { $0.key == "sources" } ? members : members + [("sources", [])])
    }

    static func inSource(_ members: [(key: String, value: JSONValue)]) -> JSONValue {
        configuration([("sources", [.object(members)])])
    }

    static let placements: [Placement] = [
        .init(object: "configuration", path: "") { configuration($0) },
        .init(object: "site", path: "site") { configuration([("site", .object($0))]) },
        .init(object: "fetch", path: "fetch") { configuration([("fetch", .object($0))]) },
        .init(object: "feed", path: "feed") { configuration([("feed", .object($0))]) },
        .init(object: "retention", path: "retention") { configuration([("retention", .object($0))]) },
        .init(object: "source", path: "sources[0]") { inSource(source + $0) },
        .init(object: "items", path: "sources[0].items") {
            inSource(source.filter { $0.key != "items" } + [("items", .object($0))])
        },
        .init(object: "guard", path: "sources[0].guard") { inSource(source + [("guard", .object($0))]) },
        .init(object: "auth", path: "sources[0].auth") { inSource(source + [("auth", .object($0))]) },
        .init(object: "body", path: "sources[0].body") {
            inSource(source + [("method", "POST"), ("body", .object($0))])
        },
        .init(object: "detail", path: "sources[0].detail") { inSource(source + [("detail", .object($0))]) },
        .init(object: "field", path: "sources[0].fields.title") {
            inSource(source + [("fields", ["title": .object($0)])])
        },
        .init(object: "jsonField", path: "sources[0].fields.title") {
            inSource(jsonSource + [("fields", ["title": .object($0)])])
        },
        .init(object: "webhook", path: "notify[0]") {
            configuration([("notify", [.object([("webhook", "https://example.org/hook")] + $0)])])
        },
        .init(object: "email", path: "notify[0]") {
            configuration([("notify", [.object([("email", "ada@example.org")] + $0)])])
        },
        .init(object: "command", path: "notify[0]") {
            configuration([("notify", [.object([("command", ["true"])] + $0)])])
        },
    ]

    /// The problems loading `json` gives (none when it loads).
    static func problems(_ json: JSONValue) -> [ConfigurationError.Problem] {
        do {
            _ = try ConfigurationLoader.load(
                Data(JSONWriter.bytes(json)), file: URL(fileURLWithPath: "/tmp/trawl.json"),
                environment: [:], toleratingUnsetVariables: true)
            return []
        } catch let error as ConfigurationError {
            return error.problems
        } catch {
            Issue.record("unexpected \(error)")
            return []
        }
    }

    /// A value of the declared kind: the loader may refuse it, but never as an unknown key.
    static func sample(_ value: ConfigurationValue) -> JSONValue {
        switch value {
        case .string, .strings, .fields, .any: return "x"
        case .choice(let words), .choices(let words): return .string(words[0])
        case .integer: return 1
        case .number: return 1
        case .boolean: return true
        case .list: return []
        case .map, .object: return [:]
        case .either(let values): return sample(values[0])
        }
    }

    @Test func everyObjectIsPlacedOnce() {
        #expect(Self.placements.map(\.object) == ConfigurationKeys.objects.map(\.name))
    }

    @Test(arguments: placements)
    func theLoaderAcceptsEveryKeyTheSchemaDeclaresThere(_ placement: Placement) throws {
        let object = try #require(ConfigurationKeys.objects.first { $0.name == placement.object })
        for key in object.keys {
            let unknown = Self.problems(placement.wrap([(key.name, Self.sample(key.value))])).filter {
                $0.message.hasPrefix("unknown key")
            }
            #expect(unknown.isEmpty, "\(placement.object).\(key.name): \(unknown)")
        }
    }

    @Test(arguments: placements)
    func theLoaderRefusesAKeyTheSchemaDoesNotDeclare(_ placement: Placement) {
        let problems = Self.problems(placement.wrap([("undeclaredKey", "x")]))
        let at = JSONReader.join(placement.path, "undeclaredKey")
        #expect(
            problems.contains { $0.path == at && $0.message.hasPrefix("unknown key 'undeclaredKey'") }, "\(problems)")
    }

    /// The keys the readers look up (`object["…"]`, read off the code), against the
    /// declared ones: a key read but not declared would be refused as unknown; one declared
    /// but never read would be offered by the schema and do nothing.
    @Test func theReadersReadEveryDeclaredKeyAndNoOther() throws {
        let folder = SharedTestData.packageRoot.appendingPathComponent("Sources/TrawlKit/Config")
        var read = Set<String>()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".swift") && !name.hasPrefix("ConfigurationKeys") {
            let code = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let lookups = /(?:object|top|node|given|preset|source|element|detail)\["([^"\\]+)"\]/
            let helpers = /(?:seconds|count|share|required)\((?:object, )?"([^"\\]+)"/
            read.formUnion(code.matches(of: lookups).map { String($0.1) })
            read.formUnion(code.matches(of: helpers).map { String($0.1) })
        }
        // Trawl ignores `$schema`: it is there for editors.
        let readIndirectly: Set<String> = ["$schema"]
        let declared = Set(ConfigurationKeys.objects.flatMap(\.names))
        #expect(read.subtracting(declared).sorted() == [], "read but not declared")
        #expect(declared.subtracting(read).subtracting(readIndirectly).sorted() == [], "declared but never read")
    }

    @Test func theGuideNamesEveryKey() throws {
        let docs = SharedTestData.packageRoot.appendingPathComponent("docs")
        let text = try ["GUIDE.md", "NOTIFY.md"].map {
            try String(contentsOf: docs.appendingPathComponent($0), encoding: .utf8)
        }.joined()
        let unnamed = ConfigurationKeys.objects.flatMap(\.names).filter { !text.contains("`\($0)`") }
        #expect(unnamed == [])
    }

    @Test func aListFieldWithAJSONPathIsRefusedWithWhy() {
        let problems = Self.problems(Self.inSource(Self.source + [("fields", ["title": ["json": "$.name"]])]))
        #expect(
            problems.map(\.description) == [
                "sources[0].fields.title.json: a JSONPath is for a json source (\"kind\": \"json\")"
            ])
    }

    @Test func theSchemaKeyIsAccepted() {
        #expect(Self.problems(Self.configuration([("$schema", "./trawl.schema.json")])) == [])
    }

    @Test func theSchemaOffersEveryKindPresetAndNotifier() throws {
        let schema = try JSONParser.parse(Data(ConfigurationSchema.text.utf8))
        let source = try #require(schema["$defs"]?["source"]?["properties"])
        #expect(source["kind"]?["enum"] == .array(SourceConfiguration.Kind.allCases.map { .string($0.rawValue) }))
        #expect(source["preset"]?["enum"] == .array(Presets.names.map(JSONValue.string)))
        let notifiers = try #require(schema["properties"]?["notify"]?["items"]?["anyOf"]?.arrayValue)
        #expect(
            notifiers.compactMap { $0["$ref"]?.stringValue } == ["#/$defs/webhook", "#/$defs/email", "#/$defs/command"])
        #expect(schema["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["properties"]?["sources"]?["description"]?.stringValue?.isEmpty == false)
    }
}
