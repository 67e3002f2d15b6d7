import Foundation
import TrawlFeeds

/// Parses every feed of a corpus (by default ../shared/testdata/feeds) in memory, round
/// after round for at least two seconds, and prints feeds/s and MB/s.
///
/// `trawl-bench feeds [FOLDER] [--seconds N]`
enum FeedBenchmark {
    static func run(_ arguments: [String]) async throws {
        var folder =
            ProcessInfo.processInfo.environment["TRAWL_SHARED"].map { $0 + "/testdata/feeds" }
            ?? "../shared/testdata/feeds"
        var seconds = 2.0
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--seconds", let value = rest.popFirst().flatMap(Double.init) {
                seconds = value
            } else {
                folder = argument
            }
        }
        let documents = try corpus(in: URL(fileURLWithPath: folder))
        let bytes = documents.reduce(0) { $0 + $1.count }
        let parser = FeedParser(lenient: true)
        var parsed = 0, failed = 0, rounds = 0
        let clock = ContinuousClock()
        let start = clock.now
        var elapsed = Duration.zero
        repeat {
            for document in documents {
                do {
                    _ = try parser.parse(document)
                    parsed += 1
                } catch {
                    failed += 1
                }
            }
            rounds += 1
            elapsed = clock.now - start
        } while elapsed < .seconds(seconds)
        let time = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let feeds = Double(documents.count * rounds) / time
        let megabytes = Double(bytes * rounds) / 1_048_576 / time
        print(
            String(
                format:
                    "trawl      %5d files  %6.2f MB  %4d rounds  %9.0f feeds/s  %7.2f MB/s  (%d not feeds or unreadable a round)",
                documents.count, Double(bytes) / 1_048_576, rounds, feeds, megabytes, failed / rounds))
        _ = parsed
    }

    /// Every `.xml`, `.json`, `.rss`, `.atom` and `.rdf` file below the folder, sorted by path.
    static func corpus(in folder: URL) throws -> [Data] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
        }
        var files: [URL] = []
        while let url = enumerator.nextObject() as? URL {
            if ["xml", "json", "rss", "atom", "rdf"].contains(url.pathExtension.lowercased()) { files.append(url) }
        }
        guard !files.isEmpty else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path]) }
        return try files.sorted { $0.path < $1.path }.map { try Data(contentsOf: $0) }
    }
}
