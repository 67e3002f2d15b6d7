import Foundation

/// Runs a program for a notifier (`sendmail`, a `command`): its input on standard input,
/// extra variables in its environment, a time limit, and its standard error kept to say
/// why it failed.
struct ProgramRunner: Sendable {
    var arguments: [String]
    var environment: [String: String] = [:]
    var timeout: Duration = .seconds(60)

    struct Failure: Error, CustomStringConvertible {
        var program: String
        var reason: String
        var description: String { "\(program): \(reason)" }
    }

    /// Runs the program to its end; throws unless it exits 0.
    func run(input: Data) async throws {
        guard let program = arguments.first, !program.isEmpty else {
            throw Failure(program: "(none)", reason: "no program named")
        }
        let process = Process()
        // `env` finds a bare name on PATH, as a shell would.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let stdin = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        let errors = OutputCollector()
        stderr.fileHandleForReading.readabilityHandler = { handle in errors.append(handle.availableData) }
        let finished = AsyncFinish()
        process.terminationHandler = { _ in finished.finish() }
        do {
            try process.run()
        } catch {
            throw Failure(program: program, reason: "cannot start: \(error.localizedDescription)")
        }
        // A program that exits without reading all of its input closes the pipe: that must be
        // an error for this write, not SIGPIPE for Trawl (nor the trap of `write(_:)`).
        signal(SIGPIPE, SIG_IGN)
        // Written on its own thread: a program that reads nothing must not block the run.
        DispatchQueue.global().async {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        let timer = TimeoutFlag()
        let (seconds, attoseconds) = timeout.components
        let deadline =
            DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        DispatchQueue.global().asyncAfter(deadline: deadline) {
            guard process.isRunning else { return }
            timer.fire()
            process.terminate()
        }
        await finished.wait()
        let timedOut = timer.fired
        stderr.fileHandleForReading.readabilityHandler = nil
        errors.append(stderr.fileHandleForReading.readDataToEndOfFile())
        if timedOut { throw Failure(program: program, reason: "did not finish within \(timeout)") }
        guard process.terminationStatus == 0 else {
            let said = errors.text.isEmpty ? "" : ": \(errors.text)"
            throw Failure(program: program, reason: "exited with status \(process.terminationStatus)\(said)")
        }
    }

    /// Standard error, kept short: the first line or two say why.
    private final class OutputCollector: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ more: Data) {
            lock.withLock { if data.count < 4_096 { data.append(more.prefix(4_096 - data.count)) } }
        }

        var text: String {
            lock.withLock { String(decoding: data, as: UTF8.self) }.split(whereSeparator: \.isNewline)
                .prefix(3).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        }
    }

    /// The process's end, awaited with or without a time limit.
    private final class AsyncFinish: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func finish() {
            let resumed = lock.withLock {
                done = true
                defer { waiters = [] }
                return waiters
            }
            for waiter in resumed { waiter.resume() }
        }

        func wait() async {
            await withCheckedContinuation { continuation in
                let ready = lock.withLock {
                    if done { return true }
                    waiters.append(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
        }

    }

    private final class TimeoutFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func fire() { lock.withLock { value = true } }
        var fired: Bool { lock.withLock { value } }
    }
}
