import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One headless Chromium in a process group of its own, speaking the DevTools protocol
/// over `--remote-debugging-pipe` (it reads fd 3 and writes fd 4), with a fresh profile
/// in a temporary folder that is removed when it is done.
final class BrowserProcess: @unchecked Sendable {
    let pid: pid_t
    /// Where Trawl writes commands (the browser's fd 3).
    let commands: Int32
    /// Where the browser writes answers and events (its fd 4).
    let answers: Int32
    let profile: URL
    private let lock = NSLock()
    private var ended = false

    private init(pid: pid_t, commands: Int32, answers: Int32, profile: URL) {
        self.pid = pid
        self.commands = commands
        self.answers = answers
        self.profile = profile
    }

    /// Starts the browser on `about:blank`; throws with the reason when it cannot.
    static func launch(executable: String, url: URL, proxy: ProxyAddress? = nil) throws -> BrowserProcess {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "trawl-chromium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        var arguments = [
            executable, "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
            "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
            "--disable-background-networking", "--disable-sync", "--disable-component-update",
            "--disable-default-apps", "--mute-audio", "--hide-scrollbars", "--disable-dev-shm-usage",
        ]
        if let proxy {
            // Every request through it, loopback included (Chromium skips the proxy for
            // localhost unless told), as libcurl does.
            arguments += ["--proxy-server=\(proxy.chromiumServer)", "--proxy-bypass-list=<-loopback>"]
        }
        // Chromium refuses to run its sandbox as root.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        arguments.append("about:blank")

        var toBrowser: [Int32] = [0, 0]
        var fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else {
            try? FileManager.default.removeItem(at: profile)
            throw RenderError.launchFailed(url, reason: "no pipes: \(String(cString: strerror(errno)))")
        }
        // Trawl's ends must not leak into other children.
        for fd in [toBrowser[1], fromBrowser[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // Out of the way of 3 and 4 before they are duplicated onto them.
        let childInput = fcntl(toBrowser[0], F_DUPFD_CLOEXEC, 10)
        let childOutput = fcntl(fromBrowser[1], F_DUPFD_CLOEXEC, 10)
        close(toBrowser[0])
        close(fromBrowser[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, childInput, 3)
        posix_spawn_file_actions_adddup2(&actions, childOutput, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own, so a timeout kills the renderers and helpers it forks too.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(childInput)
        close(childOutput)
        guard status == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            try? FileManager.default.removeItem(at: profile)
            throw RenderError.launchFailed(url, reason: "\(executable): \(String(cString: strerror(status)))")
        }
        // A browser that dies must not take Trawl with it through SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        return BrowserProcess(pid: pid, commands: toBrowser[1], answers: fromBrowser[0], profile: profile)
    }

    /// Kills the whole process group at once (renderer and GPU helpers included).
    func kill() {
        _ = Glibc.kill(-pid, SIGKILL)
    }

    /// Kills the group if it still runs, reaps it, closes the pipes and removes the profile.
    func end() {
        let first = lock.withLock { () -> Bool in
            defer { ended = true }
            return !ended
        }
        guard first else { return }
        kill()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        close(commands)
        close(answers)
        try? FileManager.default.removeItem(at: profile)
    }
}
