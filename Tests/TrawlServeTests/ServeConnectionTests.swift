import Foundation
import TestSupport
import Testing
import TrawlServe

/// The server core's connection handling, byte for byte over a real socket.
///
/// The raw client blocks its thread while it reads, so these tests give it a thread of its own.
@Suite struct ServeConnectionTests {
    func exchange(
        _ text: String,
        handler: @escaping HTTPServer.Handler = { request in
            HTTPResponse(text: "path=\(request.path)")
        }
    ) async throws -> String {
        let server = HTTPServer(handler: handler)
        try server.start()
        defer { server.stop() }
        let port = server.port
        return try await onOwnThread {
            let client = try RawHTTPClient(port: port)
            client.send(text)
            return client.readToEnd()
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrderOnOneConnection() async throws {
        let reply = try await exchange(
            "GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /two HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let one = try #require(reply.range(of: "path=/one"))
        let two = try #require(reply.range(of: "path=/two"))
        #expect(one.upperBound < two.lowerBound)
        #expect(reply.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
    }

    @Test func headSendsTheHeadersButNoBody() async throws {
        let reply = try await exchange("HEAD /x HTTP/1.1\r\nConnection: close\r\n\r\n")
        #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(reply.contains("Content-Length: 7\r\n"))
        #expect(reply.hasSuffix("\r\n\r\n"))
    }

    @Test func http10ClosesAfterOneResponse() async throws {
        let reply = try await exchange("GET /old HTTP/1.0\r\n\r\n")
        #expect(reply.contains("Connection: close\r\n"))
        #expect(reply.hasSuffix("path=/old"))
    }

    @Test(arguments: [
        ("NONSENSE\r\n\r\n", "400"), ("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "501"),
        ("GET / HTTP/1.1\r\nX: \(String(repeating: "a", count: 20_000))\r\n\r\n", "431"),
    ])
    func badRequestsGetAnErrorStatusAndTheConnectionCloses(request: String, status: String) async throws {
        let reply = try await exchange(request)
        #expect(reply.hasPrefix("HTTP/1.1 \(status) "))
        #expect(reply.contains("Connection: close\r\n"))
    }

    @Test func aStreamWithoutALengthEndsByClosing() async throws {
        let reply = try await exchange("GET / HTTP/1.1\r\n\r\n") { _ in
            HTTPResponse(
                body: .stream(length: nil) { writer in
                    try writer.write("first ")
                    try writer.write("second")
                })
        }
        #expect(reply.contains("Connection: close\r\n"))
        #expect(!reply.contains("Content-Length"))
        #expect(reply.hasSuffix("\r\n\r\nfirst second"))
    }

    @Test func aResetResponseSendsNothing() async throws {
        let reply = try await exchange("GET / HTTP/1.1\r\n\r\n") { _ in .reset }
        #expect(reply.isEmpty)
    }

    @Test func stopEndsAnIdleKeepAliveConnection() async throws {
        let server = HTTPServer { _ in HTTPResponse(text: "hi") }
        try server.start()
        let port = server.port
        let (reply, closed) = try await onOwnThread {
            let client = try RawHTTPClient(port: port)
            client.send("GET / HTTP/1.1\r\n\r\n")
            let reply = client.read(until: "hi")
            // The connection stays open for more; stop() must end it.
            server.stop()
            let rest = client.readToEnd()
            return (reply + rest, client.closedByServer)
        }
        await server.waitUntilStopped()
        #expect(reply.hasSuffix("Connection: keep-alive\r\n\r\nhi"))
        #expect(closed)
    }
}
