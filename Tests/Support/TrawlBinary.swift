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

    /// The debug build `swift build --build-tests` leaves beside the tests.
    public static var url: URL {
        if let override = ProcessInfo.processInfo.environment["TRAWL_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        return SharedTestData.packageRoot.appendingPathComponent(".build/debug/trawl")
    }

    /// Runs `trawl arguments…` to completion, with `environment` added to the test's own.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: url.path) else { throw NotBuilt(path: url.path) }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes while the process runs, so a full pipe never blocks it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            outData = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        errData = errors.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            errors: String(decoding: errData, as: UTF8.self))
    }
}
