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
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = ExternalTool.Collector()
        let errors = ExternalTool.Collector()
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        outPipe.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
        errPipe.fileHandleForReading.readabilityHandler = { errors.append($0.availableData) }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        outPipe.fileHandleForReading.readabilityHandler = nil
        errPipe.fileHandleForReading.readabilityHandler = nil
        output.append(outPipe.fileHandleForReading.readDataToEndOfFile())
        errors.append(errPipe.fileHandleForReading.readDataToEndOfFile())
        return Result(status: status, output: output.text, errors: errors.text)
    }
}
