import Foundation

/// Runs the built `trawl` executable, as a user or cron would.
public enum TrawlBinary {
    public struct Result: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    public struct NotBuilt: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "no trawl binary at \(path): run 'swift build' first" }
    }

    /// The debug build that `swift build --build-tests` leaves beside the tests.
    public static var url: URL {
        if let override = ProcessInfo.processInfo.environment["TRAWL_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        return SharedTestData.packageRoot.appendingPathComponent(".build/debug/trawl")
    }

    /// Runs `trawl arguments…` to completion, with `environment` laid over the test's own.
    ///
    /// It waits without blocking a thread, so servers the test runs in this process keep answering.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw NotBuilt(path: url.path) }
        let output = try await ExternalTool(path: url.path).run(arguments, environment: environment)
        return Result(status: output.status, output: output.standardOutput, errors: output.standardError)
    }
}
