import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// `trawl serve` with many busy clients on one address, as behind a reverse proxy or a NAT:
/// every request answered, none of them taken for a slow client, over real sockets.
@Suite(.serialized) struct ServeBusyClientTests {
    let site: TemporaryDirectory
    static let page = "<html><body>" + String(repeating: "<p>busy</p>", count: 200) + "</body></html>"

    init() throws {
        site = try TemporaryDirectory("serve-busy")
        try Data(Self.page.utf8).write(to: site.file("index.html"))
    }

    /// How the clients use connections: a fresh one per request (as Python's http.client and
    /// `ab` without `-k` do), or one kept alive for all of a client's requests.
    enum Reuse: String, CaseIterable, Sendable {
        case freshConnections, keepAlive
    }

    @Test(arguments: [32, 64], Reuse.allCases)
    func threeThousandRequestsFromOneAddressAreAllAnswered(clients: Int, reuse: Reuse) async throws {
        let server = try SiteServer(configuration: .init(root: site.url, port: 0))
        try server.start()
        defer { server.stop() }
        let port = server.url.port.map(UInt16.init) ?? 0
        let failures = try await Self.load(port: port, clients: clients, requests: 3000, reuse: reuse)
        #expect(failures.isEmpty, "\(failures.count) of 3000 failed; first: \(failures.prefix(3))")
    }

    @Test func busyClientsAreServedWhileSlowOnesAreEnded() async throws {
        let server = try SiteServer(configuration: .init(root: site.url, port: 0))
        try server.start()
        defer { server.stop() }
        let port = server.url.port.map(UInt16.init) ?? 0
        let (failures, slowEnded) = try await onOwnThread { () -> ([String], Int) in
            // Slowloris: 48 heads begun and never finished, fed a byte every 500 ms.
            let slow = try (0..<48).map { _ in try RawHTTPClient(port: port) }
            for client in slow { client.send("GET / HTTP/1.1\r\n") }
            let feeding = Thread {
                for _ in 0..<8 {
                    Thread.sleep(forTimeInterval: 0.5)
                    for client in slow { client.send("X") }
                }
            }
            feeding.start()
            // Past the patience, they count as slow.
            Thread.sleep(forTimeInterval: 1.2)
            let failures = Self.run(port: port, clients: 32, requests: 1000, reuse: .freshConnections)
            let ended = slow.filter { $0.hasSomethingToRead(within: 0) }.count
            return (failures, ended)
        }
        #expect(failures.isEmpty, "\(failures.count) of 1000 failed; first: \(failures.prefix(3))")
        // One address may hold 16 slow connections: the rest were ended as busy ones arrived.
        #expect(slowEnded >= 48 - 16, "\(slowEnded) slow connections ended")
    }

    /// Runs `requests` GETs from `clients` threads at once; the failures, described.
    static func load(port: UInt16, clients: Int, requests: Int, reuse: Reuse) async throws -> [String] {
        try await onOwnThread { run(port: port, clients: clients, requests: requests, reuse: reuse) }
    }

    static func run(port: UInt16, clients: Int, requests: Int, reuse: Reuse) -> [String] {
        let failures = FailureList()
        let group = DispatchGroup()
        for client in 0..<clients {
            let share = requests / clients + (client < requests % clients ? 1 : 0)
            group.enter()
            Thread {
                defer { group.leave() }
                var connection: RawHTTPClient?
                for _ in 0..<share {
                    do {
                        let current = try connection ?? RawHTTPClient(port: port)
                        current.send("GET /index.html HTTP/1.1\r\nHost: test\r\n\r\n")
                        let reply = current.read(until: "</html>")
                        if !reply.hasPrefix("HTTP/1.1 200 OK") || !reply.hasSuffix(page) {
                            failures.append("\(reply.prefix(80).debugDescription) (\(reply.utf8.count) bytes)")
                            connection = nil
                            continue
                        }
                        connection = reuse == .keepAlive ? current : nil
                    } catch {
                        failures.append("\(error)")
                    }
                }
            }.start()
        }
        group.wait()
        return failures.all
    }
}

/// Failures gathered from many client threads.
private final class FailureList: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ failure: String) { lock.withLock { list.append(failure) } }
    var all: [String] { lock.withLock { list } }
}
