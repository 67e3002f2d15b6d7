import Foundation
import Testing
import TestSupport
@testable import TrawlKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server core over real sockets on 127.0.0.1.
@Suite struct ServeHTTPServerTests {
    @Test func answersOnAnOSChosenPort() async throws {
        let server = HTTPServer { request in HTTPResponse(text: "you asked for \(request.path)") }
        try server.start()
        defer { server.stop() }
        #expect(server.port != 0)
        let (body, response) = try await URLSession.shared.data(from: server.baseURL.appendingPathComponent("hello"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == "you asked for /hello")
    }
}
