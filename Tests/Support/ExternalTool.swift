import Foundation

/// A command-line tool the server tests drive (curl, wrk), found on PATH.
///
/// When it is missing the test skips with a note, except under `CI=true`, where the
/// Makefile installs it and a missing tool is a failure.
public struct ExternalTool: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The tool if it is on PATH, silently nil if not.
    public static func locate(_ name: String) -> ExternalTool? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return ExternalTool(path: candidate) }
        }
        return nil
    }

    /// The tool, or nil (with a note on stderr) when it is not installed.
    public static func find(_ name: String, package: String) throws -> ExternalTool? {
        if let tool = locate(name) { return tool }
        if SharedTestData.isCI { throw Missing(name: name, package: package) }
        FileHandle.standardError.write(
            Data(
                "note: \(name) is not installed (apt-get install -y \(package)); skipping the tests that need it\n".utf8
            ))
        return nil
    }

    public struct Missing: Error, CustomStringConvertible {
        public let name: String
        public let package: String
        public var description: String { "CI=true but \(name) is missing: apt-get install -y \(package)" }
    }

    /// What a finished run printed and how it ended.
    public struct Output: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// Runs the tool to its end without blocking a thread of the async pool.
    /// `environment` is laid over the test's own.
    public func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Collector(), err = Collector()
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        outPipe.fileHandleForReading.readabilityHandler = { out.append($0.availableData) }
        errPipe.fileHandleForReading.readabilityHandler = { err.append($0.availableData) }
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
        out.append(outPipe.fileHandleForReading.readDataToEndOfFile())
        err.append(errPipe.fileHandleForReading.readDataToEndOfFile())
        return Output(status: status, standardOutput: out.text, standardError: err.text)
    }

    /// Starts the tool and hands back its output as it comes; the caller terminates it.
    public func start(_ arguments: [String]) throws -> (process: Process, output: Collector) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Collector()
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        pipe.fileHandleForReading.readabilityHandler = { out.append($0.availableData) }
        try process.run()
        return (process, out)
    }

    /// Bytes a process wrote, gathered as they arrive.
    public final class Collector: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        public func append(_ more: Data) {
            lock.withLock { data.append(more) }
        }

        public init() {}

        public var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    }
}
