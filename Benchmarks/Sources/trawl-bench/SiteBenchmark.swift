import Foundation
import TrawlKit

/// Site generation at scale: 100 sources × 1,000 items by default (half tables, half
/// dated lists), two runs (a baseline, then 1% of items changed), rendered into a fresh
/// output folder, then twice more from the same cache, which must rewrite no file: once
/// rendering every page (the generation manifest removed, as before incremental
/// generation: the peer row), once incrementally (the manifest says which pages are current),
/// and once more with the stamp of the last generation, which finds nothing changed and
/// only checks the inputs.
///
/// `trawl-bench site [--sources N] [--items N] [--keep DIR]`
enum SiteBenchmark {
    static func run(_ arguments: [String]) async throws {
        let sources = try option("--sources", in: arguments) ?? 100
        let items = try option("--items", in: arguments) ?? 1_000
        let root: URL
        if let index = arguments.firstIndex(of: "--keep"), index + 1 < arguments.count {
            root = URL(fileURLWithPath: arguments[index + 1], isDirectory: true)
        } else {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("trawl-site-bench-\(getpid())")
        }
        try? FileManager.default.removeItem(at: root)
        defer { if !arguments.contains("--keep") { try? FileManager.default.removeItem(at: root) } }

        let configuration = try makeCache(sources: sources, items: items, root: root)
        print("site: \(sources) sources × \(items) items, output in \(configuration.outputDirectory.path)")
        // CPU seconds of the whole process too: other work on a shared machine does not slow them.
        print("generation   time       CPU        files   rewritten  reused  files/s   peak RSS")
        var cpuOf: [String: Double] = [:]
        let generation = configuration.cacheDirectory.appendingPathComponent("generation", isDirectory: true)
        for name in ["first", "full", "unchanged", "stamped"] {
            if name == "full" {
                // Without the manifest every page is rendered again, as an unchanged night was before.
                try? FileManager.default.removeItem(at: generation)
            }
            if name == "unchanged" {
                // Without the stamp the generation runs, and the manifest spares the unchanged pages.
                let names = (try? FileManager.default.contentsOfDirectory(atPath: generation.path)) ?? []
                for stamp in names where stamp.hasSuffix(".stamp") {
                    try? FileManager.default.removeItem(at: generation.appendingPathComponent(stamp))
                }
            }
            PeakMemory.reset()
            let clock = ContinuousClock()
            let cpuBefore = processCPUSeconds()
            var report: SiteGenerator.Report?
            let elapsed = try clock.measure {
                report = try SiteGenerator(configuration: configuration).generateReport()
            }
            let cpu = processCPUSeconds() - cpuBefore
            guard let report else { return }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print(
                name.padding(toLength: 12, withPad: " ", startingAt: 0),
                String(
                    format: "%7.2f s  %7.2f s  %6d  %10d  %6d  %7.0f   %d MB", seconds, cpu, report.files,
                    report.rewritten, report.reused, Double(report.files) / seconds, PeakMemory.megabytes()))
            cpuOf[name] = cpu
            if name != "first", report.rewritten != 0 {
                print("FAIL: regenerating an unchanged cache rewrote \(report.rewritten) files")
                exit(1)
            }
        }
        if let full = cpuOf["full"], let unchanged = cpuOf["unchanged"], unchanged > 0 {
            print(String(format: "unchanged, incremental vs. rendering every page: %.2fx (CPU)", full / unchanged))
        }
        if let full = cpuOf["full"], let stamped = cpuOf["stamped"], stamped > 0 {
            print(String(format: "unchanged, stamp checked vs. rendering every page: %.2fx (CPU)", full / stamped))
        }
    }

    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func makeCache(sources: Int, items: Int, root: URL) throws -> Configuration {
        let night = Date(timeIntervalSince1970: 1_796_011_200)
        let sourceConfigurations = (0..<sources).map { index in
            SourceConfiguration(
                id: "source-\(index)", name: "Source \(index)", kind: index % 2 == 0 ? .table : .list,
                url: URL(string: "https://example.org/\(index)")!)
        }
        let configuration = Configuration(
            file: root.appendingPathComponent("trawl.json"),
            site: SiteSettings(title: "Benchmark", url: URL(string: "https://example.org/site/")),
            outputDirectory: root.appendingPathComponent("Output"),
            cacheDirectory: root.appendingPathComponent("Cache"),
            sources: sourceConfigurations)
        let store = CacheStore(root: configuration.cacheDirectory)
        var baseline: [Change] = []
        var changes: [Change] = []
        var outcomes: [RunRecord.Outcome] = []
        let later = night.addingTimeInterval(86_400)
        for source in sourceConfigurations {
            var list = (0..<items).map { item(source: source.id, number: $0, version: 0, at: night) }
            baseline.append(
                Change(kind: .baseline, sourceID: source.id, itemID: "", detectedAt: night, trackedItems: items))
            for number in stride(from: 0, to: items, by: 100) {
                let before = list[number]
                list[number] = item(source: source.id, number: number, version: 1, at: later)
                changes.append(
                    Change(
                        kind: .changed, sourceID: source.id, itemID: before.id, detectedAt: later, after: list[number],
                        before: before,
                        fieldChanges: [
                            .init(field: "title", old: .string(before.title), new: .string(list[number].title))
                        ]))
            }
            try store.save(Snapshot(sourceID: source.id, takenAt: later, items: list))
            let outcome = RunRecord.Outcome(sourceID: source.id, status: .fetched, itemCount: items)
            try store.record(outcome, at: later)
            outcomes.append(outcome)
        }
        try store.save(
            RunRecord(
                id: RunRecord.id(for: night), started: night, finished: night, outcomes: outcomes, changes: baseline))
        try store.save(
            RunRecord(
                id: RunRecord.id(for: later), started: later, finished: later, outcomes: outcomes, changes: changes))
        return configuration
    }

    private static func item(source: String, number: Int, version: Int, at time: Date) -> Item {
        let url = URL(string: "https://example.org/\(source)/\(number)")!
        let title = "Item \(number) of \(source)\(version > 0 ? " (revised)" : "")"
        return Item(
            id: url.absoluteString, title: title, url: url, date: time.addingTimeInterval(-Double(number) * 600),
            summary: "A summary of item \(number), long enough to look like one scraped from a real page.",
            fields: [
                .init("number", .int(number)), .init("scale", .int(number * 1_000)), .init("title", .string(title)),
                .init("url", .url(url)),
            ])
    }

    private static func option(_ name: String, in arguments: [String]) throws -> Int? {
        guard let index = arguments.firstIndex(of: name) else { return nil }
        guard index + 1 < arguments.count, let value = Int(arguments[index + 1]) else {
            throw StoreBenchmark.BenchmarkError("\(name) takes a whole number")
        }
        return value
    }
}
