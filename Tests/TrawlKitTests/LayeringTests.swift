import Foundation
import TestSupport
import Testing

/// TrawlKit's dependencies point down: each folder uses what it and the layers below declare,
/// never what a layer above (or a peer beside it) declares. `docs/ARCHITECTURE.md` draws the
/// same layers; the sources are read by path, so this holds on a clean clone.
@Suite struct LayeringTests {
    /// TrawlKit's folders from the bottom up. Folders in one layer are peers: neither uses the other.
    static let layers: [[String]] = [
        ["Support"],
        ["Model"],
        ["Wording"],
        ["Files"],
        ["HTTP"],
        ["Fetch"],
        ["Render"],
        ["Config"],
        ["Import"],
        ["Scrape", "Changes"],
        ["Store"],
        ["Download", "Detail"],
        ["Site"],
        ["Notify"],
        ["Pipeline", "Serve", "Propose"],
        ["Commands"],
    ]

    /// Uses known to point the wrong way, each to be removed by the named work. One that is gone
    /// fails too, so this list only shrinks.
    static let knownWrongEdges: [LayerCheck.Edge: String] = [:]

    static let sources = SharedTestData.packageRoot.appendingPathComponent("Sources/TrawlKit")
    static let architecture = SharedTestData.packageRoot.appendingPathComponent("docs/ARCHITECTURE.md")

    static func check() throws -> LayerCheck {
        LayerCheck(layers: layers, files: try LayerCheck.files(in: sources))
    }

    static func name(_ folder: String, in ranks: [String: Int]) -> String {
        "\(folder) (layer \((ranks[folder] ?? 0) + 1) of \(layers.count))"
    }

    @Test func everyFolderHasAPlaceInTheLayers() throws {
        let check = try Self.check()
        #expect(check.files.count > 100, "read \(check.files.count) Swift files under \(Self.sources.path)")
        for folder in check.unplacedFolders {
            Issue.record(
                """
                Sources/TrawlKit/\(folder)/ holds Swift files but has no place in LayeringTests.layers: \
                add it to the layer whose folders it uses (or a new one above them), here and in the \
                layers of docs/ARCHITECTURE.md
                """)
        }
        for folder in check.emptyFolders {
            Issue.record(
                """
                LayeringTests.layers names \(folder), but Sources/TrawlKit/\(folder)/ holds no Swift file: \
                remove it here and from the layers of docs/ARCHITECTURE.md
                """)
        }
    }

    @Test func noFolderUsesWhatAHigherLayerDeclares() throws {
        let check = try Self.check()
        let ranks = check.ranks
        let byFolders = Dictionary(grouping: check.violations()) { [$0.edge.from, $0.edge.to] }
        for (folders, violations) in byFolders.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            let unknown = violations.filter { Self.knownWrongEdges[$0.edge] == nil }
            guard let first = unknown.first else { continue }
            let (from, to) = (folders[0], folders[1])
            let direction =
                first.isPeer
                ? "\(from) and \(to) are peers in one layer and must not use each other"
                : "\(Self.name(from, in: ranks)) uses \(Self.name(to, in: ranks)), which is above it"
            Issue.record(
                """
                \(from) → \(to): \(direction).
                \(unknown.map { "  \($0)" }.joined(separator: "\n"))
                Move what \(from) needs down into \(from) or a layer below it (or move the code that \
                needs it up to \(to) or above); if the layers themselves should change, change \
                LayeringTests.layers and the layers in docs/ARCHITECTURE.md together.
                """)
        }
        let present = Set(check.violations().map(\.edge))
        for (edge, work) in Self.knownWrongEdges where !present.contains(edge) {
            Issue.record(
                "the known wrong use \(edge) is gone (\(work)): remove it from LayeringTests.knownWrongEdges")
        }
    }

    /// The layers docs/ARCHITECTURE.md draws, top layer first, peers joined by " · ".
    @Test func architectureDrawsTheSameLayers() throws {
        let text = try String(contentsOf: Self.architecture, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let heading = lines.firstIndex(of: "### TrawlKit's layers"),
            let open = lines[heading...].firstIndex(of: "```"),
            let close = lines[(open + 1)...].firstIndex(of: "```")
        else {
            Issue.record("docs/ARCHITECTURE.md has no \"### TrawlKit's layers\" section with a ``` block")
            return
        }
        let drawn = lines[(open + 1)..<close].reversed().map { line in
            line.components(separatedBy: " · ").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(
            drawn == Self.layers,
            "docs/ARCHITECTURE.md's layers (top first) differ from LayeringTests.layers: make them the same")
    }
}
