import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl serve` against clients that hold connections: slow request heads (one byte every
/// two seconds) and open live-reload streams, 64 of each, over real sockets.
@Suite(.serialized) struct ServeSlowClientTests {
    let site: TemporaryDirectory

    init() throws {
        site = try TemporaryDirectory("serve-slow")
        try Data("<html><body>hello</body></html>".utf8).write(to: site.file("index.html"))
    }

    static let pageRequest = "GET /index.html HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n"

    @Test func sixtyFourSlowClientsDoNotLockOthersOut() async throws {
        let server = try SiteServer(configuration: .init(root: site.url, port: 0))
        try server.start()
        defer { server.stop() }
        let port = server.url.port.map(UInt16.init) ?? 0
        let served = try await onOwnThread { () -> String in
            let slow = try (0..<64).map { _ in try RawHTTPClient(port: port) }
            for client in slow { client.send("G") }
            // Each sends one more byte every two seconds, never finishing its head.
            let dribbling = Thread {
                for _ in 0..<5 {
                    Thread.sleep(forTimeInterval: 2)
                    for client in slow { client.send("E") }
                }
            }
            dribbling.start()
            Thread.sleep(forTimeInterval: 0.5)
            let page = try RawHTTPClient(port: port)
            page.send(Self.pageRequest)
            return page.readToEnd()
        }
        #expect(served.hasPrefix("HTTP/1.1 200 OK"), "\(served)")
        #expect(served.contains("hello"))
    }

    @Test func aRequestHeadThatNeverEndsGets408AtItsDeadline() async throws {
        let server = HTTPServer(configuration: .init(headerTimeout: .seconds(1))) { _ in .plain(200) }
        try server.start()
        defer { server.stop() }
        let port = server.port
        let (answer, closed) = try await onOwnThread { () -> (String, Bool) in
            let client = try RawHTTPClient(port: port)
            client.send("GET / HTTP/1.1\r\n")
            // A byte every 300 ms: every read is quick, the head is never done.
            for _ in 0..<20 where !client.hasSomethingToRead(within: 300) {
                client.send("X")
            }
            let answer = client.readToEnd()
            return (answer, client.closedByServer)
        }
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
        #expect(closed)
    }

    @Test func sixtyFourReloadStreamsLeavePagesServed() async throws {
        let watched = site.file("trawl.json")
        try Data("{}".utf8).write(to: watched)
        let server = try SiteServer(configuration: .init(root: site.url, port: 0, watchedPaths: [watched]))
        try server.start()
        defer { server.stop() }
        let port = server.url.port.map(UInt16.init) ?? 0
        let (heads, page) = try await onOwnThread { () -> ([String], String) in
            var streams: [RawHTTPClient] = []
            var heads: [String] = []
            for _ in 0..<64 {
                let stream = try RawHTTPClient(port: port)
                streams.append(stream)
                stream.send("GET \(LiveReload.path) HTTP/1.1\r\nHost: test\r\n\r\n")
                heads.append(String(stream.readOnce().prefix(12)))
            }
            let client = try RawHTTPClient(port: port)
            client.send(Self.pageRequest)
            return (heads, client.readToEnd() + String(repeating: "", count: streams.count))
        }
        #expect(heads.filter { $0 == "HTTP/1.1 200" }.count == server.liveReload.maxListeners, "\(heads)")
        #expect(heads.filter { $0 == "HTTP/1.1 503" }.count == 64 - server.liveReload.maxListeners)
        #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page)")
        #expect(page.contains("hello"))
    }
}
