import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program started in a process group of its own, its standard input and error on pipes
/// that Trawl serves from one thread without ever blocking on them: what `ProgramRunner`
/// runs.
final class ChildProgram: @unchecked Sendable {
    enum Status: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    struct End {
        var status: Status
        /// The limit passed and the group was sent SIGTERM (and SIGKILL if it lingered).
        var timedOut: Bool
        /// Standard error's first lines, as far as it was written by the exit.
        var errors: String
    }

    let pid: pid_t
    private let input: Int32
    private let errors: Int32

    private init(pid: pid_t, input: Int32, errors: Int32) {
        self.pid = pid
        self.input = input
        self.errors = errors
    }

    static func spawn(_ argv: [String], environment: [String: String], program: String) throws -> ChildProgram {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0 else { throw failure(program, "no pipe") }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0])
            close(toChild[1])
            throw failure(program, "no pipe")
        }
        // Close-on-exec: no other program started meanwhile inherits these pipes (the child
        // gets its ends through dup2, which clears the flag).
        for fd in toChild + fromChild { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        defer {
            close(toChild[0])
            close(fromChild[1])
        }
        let pid: pid_t
        do {
            pid = try ProcessSpawn.start(
                argv, environment: environment,
                descriptors: [0: .duplicate(toChild[0]), 1: .null(O_WRONLY), 2: .duplicate(fromChild[1])])
        } catch {
            close(toChild[1])
            close(fromChild[0])
            throw failure(program, "cannot start: \(error.reason)")
        }
        for fd in [toChild[1], fromChild[0]] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return ChildProgram(pid: pid, input: toChild[1], errors: fromChild[0])
    }

    private static func failure(_ program: String, _ reason: String) -> ProgramRunner.Failure {
        ProgramRunner.Failure(program: program, reason: reason)
    }

    /// Feeds `input`, keeps standard error, and waits for the exit on a thread of its own;
    /// at `timeout` the group gets SIGTERM, `grace` later SIGKILL.
    func finish(input data: Data, timeout: Duration, grace: Duration) async -> End {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: self.serve(data, timeout: timeout, grace: grace)) }
            thread.start()
        }
    }

    private func serve(_ data: Data, timeout: Duration, grace: Duration) -> End {
        let started = ContinuousClock.now
        var written = 0
        var inputOpen = true
        var errorsOpen = true
        var kept = Data()
        var terminated: ContinuousClock.Instant?
        var timedOut = false
        var status: Status?
        let bytes = [UInt8](data)
        while status == nil {
            if inputOpen && written == bytes.count {
                close(input)
                inputOpen = false
            }
            // A closed pipe is left out (a negative descriptor): at its end of file it would
            // wake every poll at once, a busy loop for as long as the program runs.
            var fds = [
                pollfd(fd: errorsOpen ? errors : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inputOpen ? input : -1, events: Int16(POLLOUT), revents: 0),
            ]
            _ = poll(&fds, 2, 50)
            if errorsOpen, fds[0].revents != 0, readErrors(into: &kept) { errorsOpen = false }
            if inputOpen, fds[1].revents != 0 {
                let count = bytes.withUnsafeBufferPointer { buffer in
                    write(input, buffer.baseAddress! + written, buffer.count - written)
                }
                if count > 0 {
                    written += count
                } else if count < 0 && errno != EAGAIN && errno != EINTR {
                    // It stopped reading (EPIPE): only its exit status counts.
                    close(input)
                    inputOpen = false
                }
            }
            status = reap()
            guard status == nil else { break }
            let now = ContinuousClock.now
            if terminated == nil, now - started >= timeout {
                timedOut = true
                terminated = now
                _ = kill(-pid, SIGTERM)
            } else if let terminated, now - terminated >= grace {
                _ = kill(-pid, SIGKILL)
            }
        }
        if inputOpen { close(input) }
        // What it wrote before it exited; a child it left holding the pipe is not waited for.
        if errorsOpen { _ = readErrors(into: &kept) }
        close(errors)
        return End(status: status ?? .exited(-1), timedOut: timedOut, errors: Self.summary(kept))
    }

    /// Reads what standard error holds now; true at its end (every writer closed it).
    private func readErrors(into kept: inout Data) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(errors, &buffer, buffer.count)
            if count == 0 { return true }
            guard count > 0 else { return false }
            if kept.count < 4_096 { kept.append(contentsOf: buffer.prefix(min(count, 4_096 - kept.count))) }
        }
    }

    private func reap() -> Status? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        guard result == pid else { return nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    /// Standard error, kept short: the first line or two say why.
    private static func summary(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).prefix(3).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
    }
}
