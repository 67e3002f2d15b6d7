import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Starts a program the way Trawl starts every program it drives (a `command` notifier, a
/// sendmail, Chromium): in a process group of its own, so a time limit reaches whatever it
/// starts too, with the signals Trawl ignores or blocks for itself back at their defaults,
/// and with exactly the descriptors it is given.
enum ProcessSpawn {
    /// What one of the child's descriptors is.
    enum Descriptor {
        /// A descriptor of Trawl's, duplicated onto it.
        case duplicate(Int32)
        /// `/dev/null`, with `open`'s flags (`O_RDONLY`, `O_WRONLY`).
        case null(Int32)
    }

    /// Why a program could not be started, in `strerror`'s words.
    struct Failure: Error {
        let reason: String
    }

    /// Starts `argv[0]` with `argv`; `environment` nil passes Trawl's own. Returns the
    /// process id.
    static func start(
        _ argv: [String], environment: [String: String]?, descriptors: [Int32: Descriptor]
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, descriptor) in descriptors.sorted(by: { $0.key < $1.key }) {
            switch descriptor {
            case .duplicate(let source): posix_spawn_file_actions_adddup2(&actions, source, target)
            case .null(let flags): posix_spawn_file_actions_addopen(&actions, target, "/dev/null", flags, 0)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // An ignored SIGTERM is inherited, and a shell cannot even trap it: SIGPIPE (ignored),
        // SIGTERM and SIGINT (which `trawl run` handles) go back to their defaults.
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)

        let args = argv.map { strdup($0) } + [nil]
        defer { args.forEach { free($0) } }
        var pid: pid_t = 0
        let status: Int32
        if let environment {
            let env = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { env.forEach { free($0) } }
            status = posix_spawn(&pid, argv[0], &actions, &attributes, args, env)
        } else {
            status = posix_spawn(&pid, argv[0], &actions, &attributes, args, environ)
        }
        guard status == 0 else { throw Failure(reason: String(cString: strerror(status))) }
        // A program that exits without reading all it is sent closes its pipe: that must be an
        // error for the write, not SIGPIPE for Trawl.
        signal(SIGPIPE, SIG_IGN)
        return pid
    }
}
