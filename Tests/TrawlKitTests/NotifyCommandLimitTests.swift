import Foundation
import TestSupport
import Testing

@testable import TrawlKit

#if canImport(Glibc)
    import Glibc
#endif

/// The command notifier's time limit, with real shell scripts and short limits: the program
/// runs in a process group of its own, which gets SIGTERM at the limit and SIGKILL after the
/// grace; a child left holding standard error does not hold the run; and the exit status
/// alone says whether the delivery was made.
@Suite struct NotifyCommandLimitTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory("trawl-command-limit")
    }

    /// A shell script's arguments: read by `sh`, not executed itself, since a test running
    /// beside this one may have inherited the descriptor it was written through ("text file
    /// busy").
    func script(_ name: String, _ text: String) throws -> [String] {
        let file = directory.file(name)
        try Data((text + "\n").utf8).write(to: file)
        return ["/bin/sh", file.path]
    }

    func pid(in name: String) throws -> pid_t {
        // Written by the script before anything else can happen.
        var text = ""
        for _ in 0..<200 where text.isEmpty {
            text = (try? String(contentsOf: directory.file(name), encoding: .utf8)) ?? ""
            if text.isEmpty { usleep(10_000) }
        }
        return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    /// Alive: running, not a zombie nor gone.
    func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        guard let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// Waits (a little) for `pid` to be gone: a killed process is reaped by whoever adopts it.
    func isGone(_ pid: pid_t) -> Bool {
        for _ in 0..<300 {
            if !isAlive(pid) { return true }
            usleep(10_000)
        }
        return false
    }

    @Test func aProgramThatIgnoresSIGTERMAndItsChildrenAreKilledAtTheLimit() async throws {
        let program = try script(
            "stubborn.sh",
            """
            trap '' TERM
            sleep 30 &
            echo $! > '\(directory.file("child").path)'
            wait
            echo finished > '\(directory.file("finished").path)'
            """)
        let runner = ProgramRunner(arguments: program, timeout: .milliseconds(300), grace: .milliseconds(300))
        await #expect {
            try await runner.run(input: Data())
        } throws: { error in
            "\(error)".contains("did not finish within")
        }
        let child = try pid(in: "child")
        #expect(isGone(child), "the whole group was killed, the sleep it left too")
        #expect(
            !FileManager.default.fileExists(atPath: directory.file("finished").path),
            "the script was killed (SIGKILL after the grace), not waited for")
    }

    @Test func aChildLeftHoldingStandardErrorDoesNotHoldTheRun() async throws {
        let program = try script(
            "background.sh",
            """
            echo 'told' >&2
            (sleep 30) &
            echo $! > '\(directory.file("child").path)'
            exit 0
            """)
        try await ProgramRunner(arguments: program, timeout: .seconds(20)).run(input: Data("digest".utf8))
        let child = try pid(in: "child")
        #expect(isAlive(child), "the run ended while the child still held standard error")
        _ = kill(child, SIGKILL)
    }

    @Test func aDeliveryThatSucceedsAfterSIGTERMIsRecordedAsDelivered() async throws {
        let delivered = directory.file("delivered")
        let program = try script(
            "late.sh",
            """
            trap 'echo sent >> "\(delivered.path)"; exit 0' TERM
            sleep 30 &
            wait
            """)
        let runner = ProgramRunner(arguments: program, timeout: .milliseconds(300), grace: .seconds(5))
        try await runner.run(input: Data())
        #expect(try String(contentsOf: delivered, encoding: .utf8) == "sent\n")
    }

    @Test func theExitStatusAndWhatTheProgramSaidAreTheFailure() async throws {
        let program = try script("down.sh", "cat > /dev/null; echo 'receiver is down' >&2; exit 3")
        await #expect {
            try await ProgramRunner(arguments: program).run(input: Data(repeating: 0x41, count: 1 << 20))
        } throws: { error in
            "\(error)" == "/bin/sh: exited with status 3: receiver is down"
        }
    }
}
