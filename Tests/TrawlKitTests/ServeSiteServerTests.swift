import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl serve` over real sockets, driven by curl and wrk as a person or a browser would.
@Suite struct ServeSiteServerTests {
    let site: TemporaryDirectory

    init() throws {
        site = try TemporaryDirectory("site")
        try Data("<html><body><h1>Home</h1></body></html>".utf8).write(to: site.file("index.html"))
        try Data(String(repeating: "0123456789", count: 100).utf8).write(to: site.file("data.txt"))
        try Data("<feed/>".utf8).write(to: site.file("feed.atom"))
    }

    func startServer(
        watching paths: [URL] = [], onChange: @escaping @Sendable () async -> Void = {}
    ) throws -> SiteServer {
        let server = try SiteServer(
            configuration: SiteServer.Configuration(
                root: site.url, port: 0, watchedPaths: paths, onChange: onChange, pollInterval: .milliseconds(100)))
        try server.start()
        return server
    }

    @Test func curlSeesTypesValidatorsRangesAndHead() async throws {
        guard let curl = try ExternalTool.find("curl", package: "curl") else { return }
        let server = try startServer()
        defer { server.stop() }
        let base = server.url.absoluteString
        let head = try await curl.run(["-sS", "-I", "\(base)/feed.atom"])
        #expect(head.standardOutput.contains("HTTP/1.1 200 OK"))
        #expect(head.standardOutput.contains("Content-Type: application/atom+xml"))
        #expect(head.standardOutput.contains("Content-Length: 7"))
        let etag = try #require(
            head.standardOutput.split(separator: "\r\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6))
        let revalidated = try await curl.run([
            "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-H", "If-None-Match: \(etag)", "\(base)/feed.atom",
        ])
        #expect(revalidated.standardOutput == "304")
        let range = try await curl.run(["-sS", "-r", "10-14", "\(base)/data.txt"])
        #expect(range.standardOutput == "01234")
        let page = try await curl.run(["-sS", "\(base)/"])
        #expect(page.standardOutput == "<html><body><h1>Home</h1></body></html>")
    }

    @Test(arguments: ["/../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/.%2e/etc/passwd", "/a%00.html"])
    func curlCannotReachOutsideTheRoot(path: String) async throws {
        guard let curl = try ExternalTool.find("curl", package: "curl") else { return }
        let server = try startServer()
        defer { server.stop() }
        let result = try await curl.run([
            "-sS", "--path-as-is", "-o", "/dev/null", "-w", "%{http_code}", server.url.absoluteString + path,
        ])
        #expect(["400", "404"].contains(result.standardOutput))
    }

    @Test func anOversizedRequestHeadGets431() async throws {
        guard let curl = try ExternalTool.find("curl", package: "curl") else { return }
        let server = try startServer()
        defer { server.stop() }
        let result = try await curl.run([
            "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-H", "X-Big: \(String(repeating: "a", count: 20_000))",
            server.url.absoluteString + "/",
        ])
        #expect(result.standardOutput == "431")
    }

    @Test func aChangedTemplateRegeneratesAndReloadsOpenPages() async throws {
        guard let curl = try ExternalTool.find("curl", package: "curl") else { return }
        let templates = try TemporaryDirectory("templates")
        try Data("v1".utf8).write(to: templates.file("page.mustache"))
        let changes = Counter()
        let server = try startServer(watching: [templates.url]) { changes.increment() }
        defer { server.stop() }
        let page = try await curl.run(["-sS", server.url.absoluteString + "/"])
        #expect(page.standardOutput.contains(LiveReload.path))

        let (listener, events) = try curl.start([
            "-sN", "--max-time", "20", server.url.absoluteString + LiveReload.path,
        ])
        defer { listener.terminate() }
        try await eventually { events.text.contains(": listening") }
        try Data("v2, longer".utf8).write(to: templates.file("page.mustache"))
        try await eventually { events.text.contains("event: reload") }
        #expect(changes.value == 1)
    }

    @Test func thousandsOfRequestsUnderLoadAllSucceedAndMemoryStaysFlat() async throws {
        // ab (apache2-utils) counts requests exactly; without it, the wrk test below covers the load.
        guard let ab = ExternalTool.locate("ab") else {
            _ = try ExternalTool.find("wrk", package: "wrk")
            return
        }
        let server = try startServer()
        defer { server.stop() }
        // ab makes an exact number of requests, 16 at a time, over keep-alive connections.
        let arguments = ["-q", "-k", "-n", "4000", "-c", "16", server.url.absoluteString + "/data.txt"]
        let warmUp = try await ab.run(arguments)
        let before = ResidentMemory.current()
        let run = try await ab.run(arguments)
        let after = ResidentMemory.current()
        for output in [warmUp, run] {
            #expect(output.status == 0, "\(output.standardError)")
            #expect(
                LoadReport.figure("Complete requests", in: output.standardOutput) == 4000, "\(output.standardOutput)")
            #expect(LoadReport.figure("Failed requests", in: output.standardOutput) == 0, "\(output.standardOutput)")
            #expect(LoadReport.figure("Non-2xx responses", in: output.standardOutput) == nil)
        }
        #expect(after - before < 16 * 1024 * 1024, "resident memory grew from \(before) to \(after) bytes")
    }

    @Test func wrkGetsNoErrorsOverKeepAliveConnectionsAndMemoryStaysFlat() async throws {
        guard let wrk = try ExternalTool.find("wrk", package: "wrk") else { return }
        let server = try startServer()
        defer { server.stop() }
        let arguments = ["-t2", "-c16", "-d2s", server.url.absoluteString + "/"]
        _ = try await wrk.run(arguments)
        let before = ResidentMemory.current()
        let run = try await wrk.run(arguments)
        let after = ResidentMemory.current()
        #expect(after - before < 16 * 1024 * 1024, "resident memory grew from \(before) to \(after) bytes")
        #expect(run.status == 0)
        #expect(!run.standardOutput.contains("Socket errors"), "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("Non-2xx"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains(" requests in "))
    }

    @Test func stoppingEndsOpenEventStreams() async throws {
        guard let curl = try ExternalTool.find("curl", package: "curl") else { return }
        let server = try startServer(watching: [site.file("none")])
        let (listener, events) = try curl.start([
            "-sN", "--max-time", "20", server.url.absoluteString + LiveReload.path,
        ])
        try await eventually { events.text.contains(": listening") }
        server.stop()
        try await eventually { !listener.isRunning }
    }
}

/// Waits until `condition` holds, checking every 50 ms, for at most ten seconds.
func eventually(_ condition: @Sendable () -> Bool) async throws {
    for _ in 0..<200 {
        if condition() { return }
        try await Task.sleep(for: .milliseconds(50))
    }
    Issue.record("the condition never came true")
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// The resident set size of this process, from /proc/self/statm.
enum ResidentMemory {
    static func current() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Figures from ab's report.
enum LoadReport {
    /// "Failed requests:        0" → 0; nil when the line is absent.
    static func figure(_ label: String, in report: String) -> Int? {
        for line in report.split(separator: "\n") where line.hasPrefix(label + ":") {
            return Int(line.dropFirst(label.count + 1).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
