import Foundation
import TestSupport
import Testing
import TrawlKit

// Not `@testable`: the README's "Embedding Trawl" example, kept here word for word, must
// compile against the public API alone. `readmeShowsThisExample` fails when the two differ.

/// Runs every source in `trawl.json` once, as `trawl run` does (scrape, detect changes,
/// save the cache, generate the site), and returns a line per source, change and item.
func watch(configurationFile: URL) async throws -> [String] {
    // Reads and checks trawl.json: a ConfigurationError names the file, line and key.
    let configuration = try ConfigurationLoader.load(from: configurationFile)
    let pipeline = Pipeline(configuration: configuration) { event in
        if case .warning(let sourceID, let message) = event { print("warning: [\(sourceID)] \(message)") }
    }
    // nil only when RunOptions(offline: true) asks for the site alone.
    guard let record = try await pipeline.run(RunOptions()) else { return [] }
    var lines = record.outcomes.map { "\($0.sourceID): \($0.status.rawValue), \($0.itemCount) items" }
    for change in record.changes where change.kind != .baseline {
        lines.append("\(change.kind.rawValue): \(change.item?.title ?? change.itemID)")
    }
    // Each source's last good snapshot: its items with their typed fields.
    let store = CacheStore(root: configuration.cacheDirectory)
    for source in configuration.sources {
        for item in try store.lastGoodSnapshot(of: source.id)?.items ?? [] {
            let fields = item.fields.map { "\($0.name)=\($0.value.text)" }
            lines.append("\(source.id): \(item.title) [\(fields.joined(separator: ", "))]")
        }
    }
    // The site again from the cache alone, as `trawl generate` does.
    _ = try SiteGenerator(configuration: configuration).generate()
    return lines
}

/// The example in the README, run on a local page over two nights.
@Suite struct EmbeddingExampleTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("embedding")
        let configuration = """
            {
              "site": { "title": "Watched", "url": "https://example.org/watched/" },
              "output": "Output", "cache": "Cache", "fetch": { "delay": 0 },
              "sources": [
                { "id": "notes", "kind": "list", "url": "notes.html", "base": "https://example.org/",
                  "items": "li", "fields": { "title": "a", "url": { "css": "a::attr(href)", "type": "url" },
                                             "pages": { "css": ".pages", "type": "int" } } }
              ]
            }
            """
        try Data(configuration.utf8).write(to: directory.file("trawl.json"))
    }

    func writePage(_ items: [(String, Int)]) throws {
        let list = items.map { "<li><a href=\"/\($0.0)\">Note \($0.0)</a> <span class=\"pages\">\($0.1)</span></li>" }
        let page = "<!DOCTYPE html><html><body><ul>\(list.joined())</ul></body></html>"
        try Data(page.utf8).write(to: directory.file("notes.html"))
    }

    @Test func theExampleRunsTheSourcesAndReadsTheirItemsBack() async throws {
        try writePage([("a", 3), ("b", 5)])
        let first = try await watch(configurationFile: directory.file("trawl.json"))
        #expect(
            first == [
                "notes: fetched, 2 items",
                "notes: Note a [title=Note a, url=https://example.org/a, pages=3]",
                "notes: Note b [title=Note b, url=https://example.org/b, pages=5]",
            ])
        #expect(FileManager.default.fileExists(atPath: directory.file("Output/index.html").path))

        try writePage([("a", 3), ("c", 8)])
        let second = try await watch(configurationFile: directory.file("trawl.json"))
        #expect(second.contains("added: Note c"))
        #expect(second.contains("removed: Note b"))
        #expect(second.contains("notes: Note c [title=Note c, url=https://example.org/c, pages=8]"))
    }

    @Test func readmeShowsThisExample() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Embedding Trawl"))
        let start = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
        let code = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0.hasPrefix("import ") || $0.isEmpty }.joined(separator: "\n")
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        #expect(source.contains(code))
        #expect(code.contains("func watch(configurationFile: URL)"))
    }
}
