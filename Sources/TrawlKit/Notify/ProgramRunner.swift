import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program for a notifier (`sendmail`, a `command`): its input on standard input,
/// extra variables in its environment, a time limit, and its standard error kept to say
/// why it failed.
///
/// The program runs in a process group of its own: at the limit the whole group gets
/// SIGTERM, then, `grace` later, SIGKILL, so neither a script that ignores SIGTERM nor a
/// child it left behind holds the run. The run waits for the program's exit alone, never for
/// the end of its output (a background job may keep standard error open for long after),
/// and its exit status alone says whether the delivery was made: 0 is delivered, even after
/// SIGTERM, so a late success is never sent again.
struct ProgramRunner: Sendable {
    var arguments: [String]
    var environment: [String: String] = [:]
    /// Where a program named by a relative path (`./notify.sh`) is found: the configuration's
    /// folder, as for every path in it. A bare name is looked up on `PATH`.
    var folder: URL?
    var timeout: Duration = .seconds(60)
    /// How long the group has between SIGTERM and SIGKILL.
    var grace: Duration = .seconds(5)

    struct Failure: Error, CustomStringConvertible {
        var program: String
        var reason: String
        var description: String { "\(program): \(reason)" }
    }

    /// Runs the program to its exit; throws unless it exits 0.
    func run(input: Data) async throws {
        guard let program = arguments.first, !program.isEmpty else {
            throw Failure(program: "(none)", reason: "no program named")
        }
        let child = try ChildProgram.spawn(
            // `env` finds a bare name on PATH, as a shell would.
            ["/usr/bin/env", "--", Self.resolve(program, in: folder)] + arguments.dropFirst(),
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
            program: program)
        let end = await child.finish(input: input, timeout: timeout, grace: grace)
        let said = end.errors.isEmpty ? "" : ": \(end.errors)"
        switch end.status {
        case .exited(0): return
        case .exited(let code) where end.timedOut:
            throw Failure(program: program, reason: "did not finish within \(timeout) (stopped; status \(code))\(said)")
        case .exited(let code):
            throw Failure(program: program, reason: "exited with status \(code)\(said)")
        case .signaled where end.timedOut:
            throw Failure(program: program, reason: "did not finish within \(timeout) (stopped)\(said)")
        case .signaled(let signal):
            throw Failure(program: program, reason: "stopped by signal \(signal)\(said)")
        }
    }

    /// `./notify.sh` against `folder`; an absolute path or a bare name as it is.
    static func resolve(_ program: String, in folder: URL?) -> String {
        guard let folder, program.contains("/"), !program.hasPrefix("/") else { return program }
        return folder.appendingPathComponent(program).standardizedFileURL.path
    }
}
