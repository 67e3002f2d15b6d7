import Foundation
import TrawlKit

/// Loading a cache's snapshots and nothing else: every source's last good snapshot,
/// `--passes` times over, with the bytes read per CPU second of each pass and the best.
/// For profiling the load that `store` measures inside its runs; on a shared machine the
/// best pass is the steadiest figure.
///
/// `trawl-bench load CACHE [--passes N]`
enum LoadBenchmark {
    static func run(_ arguments: [String]) async throws {
        guard let path = arguments.first else {
            print("usage: trawl-bench load CACHE [--passes N]")
            return
        }
        let passes = max(try StoreBenchmark.integer("--passes", in: arguments) ?? 3, 1)
        let root = URL(fileURLWithPath: path, isDirectory: true)
        let store = CacheStore(root: root, access: .readOnly)
        let ids = try FileManager.default.contentsOfDirectory(atPath: path + "/sources").sorted()
        let megabytes = Double(try StoreBenchmark.snapshotSize(root)) / 1_048_576
        var best = 0.0
        for pass in 1...passes {
            let before = CPUTime.thread
            var items = 0
            for id in ids {
                items += try store.lastGoodSnapshot(of: id)?.items.count ?? 0
            }
            let seconds = CPUTime.thread - before
            best = max(best, megabytes / seconds)
            print(
                String(
                    format: "pass %d: %d items, %.1f MB in %.3f CPU s, %.1f MB/s per CPU second",
                    pass, items, megabytes, seconds, megabytes / seconds))
        }
        print(String(format: "best: %.1f MB/s per CPU second", best))
    }

}
