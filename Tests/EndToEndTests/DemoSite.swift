import Foundation
import TestSupport
import TrawlFeeds
import TrawlKit

/// The demo configuration, copied into a temporary folder so runs write nothing in the repository.
struct DemoSite {
    let directory: TemporaryDirectory
    var config: URL { directory.file("trawl.json") }
    var output: URL { directory.file("Output") }
    var cache: URL { directory.file("Cache") }

    static let demo = SharedTestData.packageRoot.appendingPathComponent("Examples/demo")

    init() throws {
        directory = try TemporaryDirectory("trawl-demo")
        try FileManager.default.copyItem(at: Self.demo.appendingPathComponent("trawl.json"), to: config)
        for day in ["day1", "day2", "charts"] {
            try FileManager.default.copyItem(
                at: Self.demo.appendingPathComponent(day), to: directory.file(day))
        }
    }

    /// `trawl run` on the demo with `DEMO_DAY` set to `day` (a folder, or a base URL).
    func run(_ day: String, _ extra: [String] = []) async throws -> TrawlBinary.Result {
        try await TrawlBinary.run(
            ["run", "--config", config.path, "--output", output.path, "--cache", cache.path] + extra,
            environment: ["DEMO_DAY": day])
    }

    func text(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func feed(_ path: String = "feed.atom") throws -> Feed {
        try FeedParser().parse(Data(contentsOf: output.appendingPathComponent(path))).feed
    }

    /// Every run record, oldest first.
    func runs() throws -> [RunRecord] {
        try CacheStore(root: cache, access: .readOnly).runs()
    }

    /// The demo's sources whose feed entries are changes (tables and switches); the rest
    /// (articles, headlines, episodes) are item feeds.
    static let changeSources: Set<String> = ["noaa-atlantic", "garden"]

    /// The entries the unified feed should hold after `runs`: one for the first night's
    /// baselines, one per change of a change source, one per item an item source added,
    /// brought back or changed (a removal makes none).
    static func expectedEntries(_ runs: [RunRecord]) -> Int {
        let baselines = runs.filter { $0.changes.contains { $0.kind == .baseline } }.count
        let news = runs.flatMap(\.changes).filter(\.isNews)
        let changes = news.filter { changeSources.contains($0.sourceID) }.count
        let items = Set(
            news.filter { !changeSources.contains($0.sourceID) && $0.kind != .removed }.map {
                "\($0.sourceID)/\($0.itemID)"
            })
        return baselines + changes + items.count
    }

    func snapshot(_ sourceID: String) throws -> Snapshot? {
        try CacheStore(root: cache, access: .readOnly).lastGoodSnapshot(of: sourceID)
    }

    /// Every file below `folder` with its modification time.
    static func modificationTimes(under folder: URL) throws -> [String: Date] {
        var times: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.contentModificationDateKey, .isRegularFileKey])
        while let file = enumerator?.nextObject() as? URL {
            let values = try file.resourceValues(forKeys: [.contentModificationDateKey, .isRegularFileKey])
            if values.isRegularFile == true {
                times[String(file.path.dropFirst(folder.path.count))] = values.contentModificationDate
            }
        }
        return times
    }
}
