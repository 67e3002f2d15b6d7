import Foundation
import TestSupport
import Testing
import TrawlJSON

@testable import TrawlKit

/// What `trawl schema` prints, checked by check-jsonschema (PyPI; `make test-deps` installs
/// it): a valid draft 2020-12 schema that every example configuration, every preset and
/// every trawl.json snippet of docs/GUIDE.md and docs/NOTIFY.md passes, and that a wrong kind or an unknown
/// key fails.
@Suite(.serialized) struct ConfigurationSchemaValidationTests {
    static let root = SharedTestData.packageRoot

    /// A source the fragments are set into: the fewest keys a list source needs.
    static let skeleton: [(key: String, value: JSONValue)] = [
        ("id", "s"), ("kind", "list"), ("url", "https://example.org/"), ("items", "li"),
    ]

    /// Every ```json block of the GUIDE and of docs/NOTIFY.md with the heading it stands under.
    static func guideSnippets() throws -> [(heading: String, text: String)] {
        let guide = try ["docs/GUIDE.md", "docs/NOTIFY.md"].map {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }.joined(separator: "\n")
        var snippets: [(heading: String, text: String)] = []
        var heading = "", block: [Substring]? = nil
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if block != nil, line == "```" {
                snippets.append((heading, block!.joined(separator: "\n")))
                block = nil
            } else if block != nil {
                block!.append(line)
            } else if line == "```json" {
                block = []
            } else if line.hasPrefix("#") {
                heading = line.drop { $0 == "#" || $0 == " " }.description
            }
        }
        return snippets
    }

    /// A GUIDE snippet as a whole configuration: as it is, or a source, a source's members,
    /// a notifier or a source's fields set into one. Nil for what is not configuration (the
    /// output of `trawl extract --json`, a webhook's body).
    static func configuration(ofSnippet snippet: (heading: String, text: String)) throws -> JSONValue? {
        if snippet.heading.hasPrefix("Reading an article") || snippet.heading == "The JSON body" { return nil }
        let value =
            try (try? JSONParser.parse(Data(snippet.text.utf8))) ?? JSONParser.parse(Data("{\(snippet.text)}".utf8))
        let keys = Set(value.keys)
        if keys.contains("sources") { return value }
        if keys.isSubset(of: ConfigurationKeys.top.names) {
            return .object((value.objectValue ?? []) + [("sources", [])])
        }
        if !keys.isDisjoint(with: NotifierReader.kinds) { return ["sources": [], "notify": [value]] }
        if keys.contains("id") { return ["sources": [value]] }
        if snippet.heading == "Fields" { return ["sources": [.object(skeleton + [("fields", value)])]] }
        if keys.isSubset(of: ConfigurationKeys.source.names) {
            return ["sources": [.object(skeleton.filter { !keys.contains($0.key) } + (value.objectValue ?? []))]]
        }
        Issue.record(
            "a GUIDE snippet under '\(snippet.heading)' is neither configuration nor placed here: \(snippet.text)")
        return nil
    }

    /// The example configurations: every trawl.json under Examples/.
    static func examples() -> [URL] {
        let folder = root.appendingPathComponent("Examples")
        let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walk?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent == "trawl.json" }.sorted {
            $0.path < $1.path
        }
    }

    /// Each preset as a source that names nothing else: its keys are a source's.
    static func presets() throws -> [(name: String, configuration: JSONValue)] {
        try Presets.names.map { name in
            let preset = try #require(Presets.named(name)?.objectValue)
            return (name, ["sources": [.object([("id", "p"), ("url", "https://example.org/")] + preset)]])
        }
    }

    static func checkJSONSchema() async throws -> Bool {
        let probe = try await ExampleValidator.python(["-c", "import check_jsonschema"])
        if probe.status == 0 { return true }
        if SharedTestData.isCI { throw ExampleValidator.Missing() }
        FileHandle.standardError.write(
            Data("note: pip install check-jsonschema to validate trawl.json against trawl schema; skipping\n".utf8))
        return false
    }

    /// `trawl schema`'s output, saved in `directory`.
    static func schema(in directory: TemporaryDirectory) async throws -> URL {
        let result = try await TrawlBinary.run(["schema"])
        #expect(result.status == 0, "\(result.errors)")
        let file = directory.file("trawl.schema.json")
        try Data(result.output.utf8).write(to: file)
        return file
    }

    static func validate(_ files: [URL], against schema: URL) async throws -> ExternalTool.Output {
        try await ExampleValidator.python(
            ["-m", "check_jsonschema", "--schemafile", schema.path] + files.map(\.path))
    }

    @Test func theSchemaIsAValidDraft2020Schema() async throws {
        guard try await Self.checkJSONSchema() else { return }
        let directory = try TemporaryDirectory("schema")
        let schema = try await Self.schema(in: directory)
        let result = try await ExampleValidator.python(["-m", "check_jsonschema", "--check-metaschema", schema.path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func everyExamplePresetAndGuideSnippetPasses() async throws {
        guard try await Self.checkJSONSchema() else { return }
        let directory = try TemporaryDirectory("schema")
        let schema = try await Self.schema(in: directory)
        var files = Self.examples()
        #expect(files.count >= 1)
        for (name, configuration) in try Self.presets() {
            files.append(directory.file("preset-\(name).json"))
            try Data(JSONWriter.bytes(configuration)).write(to: files.last!)
        }
        let snippets = try Self.guideSnippets()
        var placed = 0
        for (index, snippet) in snippets.enumerated() {
            guard let configuration = try Self.configuration(ofSnippet: snippet) else { continue }
            files.append(directory.file("guide-\(index).json"))
            try Data(JSONWriter.bytes(configuration)).write(to: files.last!)
            placed += 1
        }
        #expect(placed >= 18, "GUIDE snippets validated: \(placed) of \(snippets.count)")
        let result = try await Self.validate(files, against: schema)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    /// The schema would catch a mistake: each of these fails it, and the loader refuses each too.
    static let invalid: [(name: String, json: String)] = [
        ("wrong-kind", #"{"sources": [{"id": "a", "kind": "lists", "url": "https://example.org/", "items": "li"}]}"#),
        (
            "unknown-source-key",
            #"{"sources": [{"id": "a", "kind": "feed", "url": "https://example.org/", "every6h": 1}]}"#
        ),
        ("unknown-top-key", #"{"sources": [], "sauces": []}"#),
        (
            "unknown-field-key",
            #"{"sources": [{"id": "a", "kind": "list", "url": "u", "items": "li", "fields": {"title": {"cs": "h2"}}}]}"#
        ),
        (
            "jsonpath-in-list-field",
            #"{"sources": [{"id": "a", "kind": "list", "url": "u", "items": "li", "fields": {"title": {"json": "$.t"}}}]}"#
        ),
        (
            "css-in-json-field",
            #"{"sources": [{"id": "a", "kind": "json", "url": "u", "items": "$[*]", "fields": {"title": {"css": "h2"}}}]}"#
        ),
        ("unknown-preset", #"{"sources": [{"id": "a", "preset": "article-lists", "url": "u"}]}"#),
        ("no-kind-or-preset", #"{"sources": [{"id": "a", "url": "u"}]}"#),
        ("two-notifiers-in-one", #"{"sources": [], "notify": [{"webhook": "https://example.org/", "email": "a@b"}]}"#),
        ("wrong-type", #"{"sources": [], "fetch": {"delay": "1s"}}"#),
        ("share-above-one", #"{"sources": [{"id": "a", "kind": "feed", "url": "u", "guard": {"maxLoss": 2}}]}"#),
        ("when-unknown", #"{"sources": [], "notify": [{"command": ["true"], "when": ["change"]}]}"#),
    ]

    @Test func invalidConfigurationsFailTheSchemaAndTheLoader() async throws {
        guard try await Self.checkJSONSchema() else { return }
        let directory = try TemporaryDirectory("schema")
        let schema = try await Self.schema(in: directory)
        var files: [URL] = []
        for (name, json) in Self.invalid {
            files.append(directory.file("\(name).json"))
            try Data(json.utf8).write(to: files.last!)
            #expect(throws: ConfigurationError.self, "\(name)") {
                try ConfigurationLoader.load(from: files.last!, environment: [:])
            }
        }
        let result = try await Self.validate(files, against: schema)
        #expect(result.status != 0)
        // check-jsonschema names each failing file; every one must be among them.
        for file in files {
            #expect(
                result.standardOutput.contains(file.lastPathComponent), "\(file.lastPathComponent) passed the schema")
        }
    }
}

/// Runs Python's modules (check-jsonschema) as the example tests do.
enum ExampleValidator {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "CI=true but python3 cannot import check_jsonschema (make test-deps)" }
    }

    static func python(_ arguments: [String]) async throws -> ExternalTool.Output {
        try await ExternalTool(path: "/usr/bin/env").run(["python3"] + arguments)
    }
}
