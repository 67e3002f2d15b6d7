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
        var passes = 3
        if let index = arguments.firstIndex(of: "--passes") {
            guard index + 1 < arguments.count, let count = Int(arguments[index + 1]), count > 0 else {
                print("--passes takes a whole number above 0")
                exit(2)
            }
            passes = count
        }
        let store = CacheStore(root: URL(fileURLWithPath: path, isDirectory: true), access: .readOnly)
        let ids = try FileManager.default.contentsOfDirectory(atPath: path + "/sources").sorted()
        let megabytes = Double(ids.map { size(of: store.snapshotFile(of: $0)) }.reduce(0, +)) / 1_048_576
        var best = 0.0
        for pass in 1...passes {
            let before = cpuSeconds()
            var items = 0
            for id in ids {
                items += try store.lastGoodSnapshot(of: id)?.items.count ?? 0
            }
            let seconds = cpuSeconds() - before
            best = max(best, megabytes / seconds)
            print(
                String(
                    format: "pass %d: %d items, %.1f MB in %.3f CPU s, %.1f MB/s per CPU second",
                    pass, items, megabytes, seconds, megabytes / seconds))
        }
        print(String(format: "best: %.1f MB/s per CPU second", best))
    }

    private static func size(of file: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// CPU time of this thread.
    private static func cpuSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
