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

        // Its own group, so a timeout kills the renderers and helpers it forks too.
        defer {
            close(childInput)
            close(childOutput)
        }
        do {
            let pid = try ProcessSpawn.start(
                arguments, environment: nil,
                descriptors: [
                    0: .null(O_RDONLY), 1: .null(O_WRONLY), 2: .null(O_WRONLY),
                    3: .duplicate(childInput), 4: .duplicate(childOutput),
                ])
            return BrowserProcess(pid: pid, commands: toBrowser[1], answers: fromBrowser[0], profile: profile)
        } catch {
            close(toBrowser[1])
            close(fromBrowser[0])
            try? FileManager.default.removeItem(at: profile)
            throw RenderError.launchFailed(url, reason: "\(executable): \(error.reason)")
        }
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
