import Foundation
import TestSupport
import Testing
import TrawlKit

#if canImport(Glibc)
    import Glibc
#endif

/// Nights cut short — SIGKILL at random moments, SIGTERM, a full disk — over the real binary
/// and a real web server: each of day 2's changes reaches the run records exactly once.
@Suite(.serialized) struct RunJournalTests {
    /// The demo served over HTTP with a politeness delay, so a run takes long enough to be cut.
    struct SlowDemo {
        let site: DemoSite
        let pages: RecordingFileServer
        let base: String
        let dayOneCache: URL
        /// Day 2's changes from an uncut run, and how long that run took.
        var reference: [String] = []
        var seconds = 0.0

        init(delay: Double = 0.25) async throws {
            site = try DemoSite()
            let text = try String(contentsOf: site.config, encoding: .utf8)
                .replacingOccurrences(of: "\"delay\": 0", with: "\"delay\": \(delay)")
            try text.write(to: site.config, atomically: true, encoding: .utf8)
            pages = try RecordingFileServer(folder: site.directory.file("served"))
            base = pages.server.baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            try NightlyRunTests.publish(
                site.directory.file("day1"), into: pages.folder, stamped: Date(timeIntervalSince1970: 1_800_000_000))
            let first = try await site.run(base)
            #expect(first.status == 0, "\(first.errors)")
            dayOneCache = site.directory.file("cache-day1")
            try FileManager.default.copyItem(at: site.cache, to: dayOneCache)
            try NightlyRunTests.publish(
                site.directory.file("day2"), into: pages.folder, stamped: Date(timeIntervalSince1970: 1_800_086_400))
            let clock = ContinuousClock()
            let started = clock.now
            let whole = try await site.run(base)
            let duration = clock.now - started
            #expect(whole.status == 0, "\(whole.errors)")
            seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            reference = try dayTwoChanges()
            #expect(reference.count == 23)
        }

        /// Puts the cache back as day 1 left it.
        func restoreDayOne(into cache: URL? = nil) throws {
            let target = cache ?? site.cache
            if FileManager.default.fileExists(atPath: target.path) {
                for name in try FileManager.default.contentsOfDirectory(atPath: target.path) {
                    try FileManager.default.removeItem(at: target.appendingPathComponent(name))
                }
            } else {
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: dayOneCache.path) {
                try FileManager.default.copyItem(
                    at: dayOneCache.appendingPathComponent(name), to: target.appendingPathComponent(name))
            }
        }

        /// `trawl run` as a child process that the test may signal.
        func launch(cache: URL? = nil) throws -> Process {
            let process = Process()
            process.executableURL = TrawlBinary.url
            process.arguments = [
                "run", "--config", site.config.path, "--output", site.output.path, "--cache",
                (cache ?? site.cache).path,
            ]
            process.environment = ProcessInfo.processInfo.environment.merging(["DEMO_DAY": base]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        /// Day 2's changes in every record after day 1's, as sortable keys.
        func dayTwoChanges(cache: URL? = nil) throws -> [String] {
            let runs = try CacheStore(root: cache ?? site.cache, access: .readOnly).runs()
            return runs.dropFirst().flatMap(\.changes).map { "\($0.sourceID) \($0.kind) \($0.itemID)" }.sorted()
        }
    }

    static func waitForExit(_ process: Process) async throws {
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test func killedAtRandomMomentsEveryChangeReachesTheRecordsOnce() async throws {
        let demo = try await SlowDemo()
        var random = SeededGenerator(seed: 17)
        var killedMidRun = 0
        let window = demo.seconds
        for _ in 0..<12 {
            try demo.restoreDayOne()
            let process = try demo.launch()
            try await Task.sleep(for: .seconds(Double.random(in: 0.05...(window * 1.1), using: &random)))
            kill(process.processIdentifier, SIGKILL)
            try await Self.waitForExit(process)
            let store = CacheStore(root: demo.site.cache, access: .readOnly)
            if FileManager.default.fileExists(atPath: store.journalFile.path) { killedMidRun += 1 }

            let next = try await demo.site.run(demo.base)
            #expect(next.status == 0, "\(next.errors)")
            #expect(try demo.dayTwoChanges() == demo.reference)
            #expect(!FileManager.default.fileExists(atPath: store.journalFile.path))
        }
        #expect(killedMidRun > 0, "no kill landed while a journal was open")
    }

    @Test func sigtermFinishesTheSourceInHandRecordsItAndExitsFour() async throws {
        let demo = try await SlowDemo(delay: 0.5)
        try demo.restoreDayOne()
        let store = CacheStore(root: demo.site.cache, access: .readOnly)
        let process = try demo.launch()
        // Once the first source is journaled, the others are still waiting on the host's delay.
        while process.isRunning {
            let lines = (try? String(contentsOf: store.journalFile, encoding: .utf8))?.split(separator: "\n") ?? []
            if lines.count >= 2 { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        kill(process.processIdentifier, SIGTERM)
        try await Self.waitForExit(process)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == ExitStatus.interrupted.code)
        #expect(!FileManager.default.fileExists(atPath: store.journalFile.path))
        let interrupted = try #require(try store.latestRun())
        #expect(!interrupted.outcomes.isEmpty && interrupted.outcomes.count < 6)

        let next = try await demo.site.run(demo.base)
        #expect(next.status == 0, "\(next.errors)")
        #expect(try demo.dayTwoChanges() == demo.reference)
    }

    @Test func aFullDiskIsAnErrorNamingThePathAndTheNextRunRecoversEverything() async throws {
        let demo = try await SlowDemo(delay: 0)
        let mountPoint = demo.site.directory.file("small")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        let dayOneSize = try Self.size(of: demo.dayOneCache)
        var fullRuns = 0
        for extraKB in [0, 4, 8, 16, 24, 32, 40] {
            let kilobytes = dayOneSize / 1024 + extraKB
            guard try await Self.mount(mountPoint, kilobytes: kilobytes) else {
                print("skipped: mounting a tmpfs is not permitted here")
                return
            }

            let cache = mountPoint.appendingPathComponent("Cache")
            try demo.restoreDayOne(into: cache)
            let result = try await TrawlBinary.run(
                ["run", "--config", demo.site.config.path, "--output", demo.site.output.path, "--cache", cache.path],
                environment: ["DEMO_DAY": demo.base])
            if result.status != 0 {
                fullRuns += 1
                #expect(result.errors.contains("No space left on device"), "\(result.errors)")
                #expect(result.errors.contains(cache.path), "\(result.errors)")
                #expect(!result.errors.contains("NSCocoaErrorDomain"), "\(result.errors)")
            }
            // Room again: the next run completes what the full one left.
            #expect(try await Self.remount(mountPoint, kilobytes: 16_384))
            let next = try await TrawlBinary.run(
                ["run", "--config", demo.site.config.path, "--output", demo.site.output.path, "--cache", cache.path],
                environment: ["DEMO_DAY": demo.base])
            #expect(next.status == 0, "\(next.errors)")
            #expect(try demo.dayTwoChanges(cache: cache) == demo.reference, "with \(kilobytes) KB")
            #expect(try await Self.unmount(mountPoint))
        }
        #expect(fullRuns > 0, "the disk was never full")
    }

    static func size(of folder: URL) throws -> Int {
        var total = 0
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        while let file = enumerator?.nextObject() as? URL {
            // tmpfs gives each file whole 4 KB pages.
            total += ((try file.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) + 4095) / 4096 * 4096
        }
        return total
    }

    static func mount(_ point: URL, kilobytes: Int) async throws -> Bool {
        try await ExternalTool(path: "/bin/mount").run(["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", point.path])
            .status == 0
    }

    static func remount(_ point: URL, kilobytes: Int) async throws -> Bool {
        try await ExternalTool(path: "/bin/mount").run(["-o", "remount,size=\(kilobytes)k", point.path]).status == 0
    }

    static func unmount(_ point: URL) async throws -> Bool {
        try await ExternalTool(path: "/bin/umount").run([point.path]).status == 0
    }
}
