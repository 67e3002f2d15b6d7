import Foundation
import TrawlKit
import TrawlServe

#if canImport(Glibc)
    import Glibc
#endif

/// Fetches many small pages from the loopback server, a fixed number at a time, and prints
/// pages per second and the CPU seconds the process spent (client and server together).
enum FetchBenchmark {
    static func run(_ arguments: [String]) async throws {
        let pages = arguments.first.flatMap { Int($0) } ?? 2_000
        let concurrency = arguments.dropFirst().first.flatMap { Int($0) } ?? 16
        let body = Data(String(repeating: "<li><a href=\"/item\">An item</a></li>\n", count: 50).utf8)
        let server = HTTPServer(configuration: HTTPServer.Configuration(maxConnections: 128)) { request in
            if request.path == "/robots.txt" { return HTTPResponse(text: "User-agent: *\nDisallow: /private\n") }
            return HTTPResponse(
                headers: ["Content-Type": "text/html; charset=utf-8", "ETag": "\"\(request.path.hashValue)\""],
                body: .data(body))
        }
        try server.start()
        defer { server.stop() }
        let settings = FetchSettings(
            delay: .zero, perHostConcurrency: concurrency, globalConcurrency: concurrency)
        let fetcher = Fetcher(settings: settings)
        let base = server.baseURL

        let cpuBefore = CPUTime.process
        let clock = ContinuousClock()
        let started = clock.now
        var fetched = 0
        try await withThrowingTaskGroup(of: Int.self) { group in
            var next = 0
            func add() {
                let url = base.appendingPathComponent("page/\(next)")
                next += 1
                group.addTask {
                    guard case .page(let page) = try await fetcher.fetch(url) else { return 0 }
                    return page.body.count
                }
            }
            for _ in 0..<min(concurrency, pages) { add() }
            while let size = try await group.next() {
                if size > 0 { fetched += 1 }
                if next < pages { add() }
            }
        }
        let elapsed = (clock.now - started).seconds
        let cpu = CPUTime.process - cpuBefore
        print(
            "fetch: \(fetched) pages, \(concurrency) at a time, in \(format(elapsed)) s: "
                + "\(format(Double(fetched) / elapsed, digits: 0)) pages/s, \(format(cpu)) CPU s (client + server)")
    }

    static func format(_ value: Double, digits: Int = 2) -> String {
        String(format: "%.\(digits)f", value)
    }
}

extension Duration {
    fileprivate var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
