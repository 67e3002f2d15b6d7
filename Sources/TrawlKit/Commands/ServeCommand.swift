import Dispatch
import Foundation

/// `trawl serve [DIR] [--port N] [--host H] [--watch]`: previews `Output/` over HTTP.
public enum ServeCommand: TrawlCommand {
    public static let name = "serve"
    public static let summary = "preview Output/ over HTTP on 127.0.0.1"
    public static let usage = """
        usage: trawl serve [DIR] [--port N] [--host H] [--watch]

        Serves DIR (default: Output) at http://127.0.0.1:8000/ until Ctrl-C.

        options:
          --port N    the port to listen on (default: 8000; 0 picks a free one)
          --host H    the IPv4 address to listen on (default: 127.0.0.1)
          --watch     regenerate when Templates/ or trawl.json change, and reload open pages
        """
    public static let flags: Set<String> = ["--watch"]
    public static let options: Set<String> = ["--port", "--host"]

    public static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let configuration = try configuration(from: arguments, console: console)
        let server = try SiteServer(configuration: configuration)
        try server.start()
        let here = FileManager.default.currentDirectoryPath + "/"
        let path = configuration.root.path
        let shown = path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path
        let watching = configuration.watches ? " (watching for changes)" : ""
        console.note("serving \(shown)/ at \(server.url.absoluteString)/\(watching) — Ctrl-C stops")
        let signal = await SignalWaiter.waitForInterrupt()
        console.note("stopping (\(signal == SIGTERM ? "SIGTERM" : "SIGINT"))")
        server.stop()
        await server.waitUntilStopped()
        return .success
    }

    /// The server's configuration from the command line, or a usage error naming the problem.
    static func configuration(from arguments: ParsedArguments, console: Console) throws -> SiteServer.Configuration {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("serve takes one folder, not \(arguments.positionals.count)")
        }
        let folder = arguments.positionals.first ?? "Output"
        let root = URL(fileURLWithPath: folder)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ServeError.notADirectory(folder)
        }
        var port: UInt16 = 8000
        if let given = try arguments.integer("--port") {
            guard let valid = UInt16(exactly: given) else {
                throw UsageError("option '--port' takes a port from 0 to 65535, not \(given)")
            }
            port = valid
        }
        let host = arguments.value("--host") ?? "127.0.0.1"
        var watched: [URL] = []
        if arguments.has("--watch") {
            watched = ["Templates", "trawl.json"].map { URL(fileURLWithPath: $0) }
        }
        return SiteServer.Configuration(
            root: root, host: host, port: port, watchedPaths: watched, onChange: regeneration(console: console))
    }

    /// What a change to the templates or configuration does before pages reload.
    ///
    /// The pipeline replaces this with site generation; until then it only says what changed.
    static func regeneration(console: Console) -> @Sendable () async -> Void {
        { console.note("templates or configuration changed; reloading open pages") }
    }
}

/// Waits for SIGINT or SIGTERM, so a server can stop cleanly instead of dying mid-response.
enum SignalWaiter {
    static func waitForInterrupt() async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let queue = DispatchQueue(label: "trawl.signals")
            let claimed = Claim()
            var sources: [any DispatchSourceSignal] = []
            for number in [SIGINT, SIGTERM] {
                // The default action would end the process before the server could stop.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                sources.append(source)
            }
            let all = sources
            for (source, number) in zip(sources, [SIGINT, SIGTERM]) {
                source.setEventHandler {
                    guard claimed.take() else { return }
                    for source in all { source.cancel() }
                    signal(SIGINT, SIG_DFL)
                    signal(SIGTERM, SIG_DFL)
                    continuation.resume(returning: number)
                }
                source.resume()
            }
        }
    }

    /// True the first time only.
    private final class Claim: @unchecked Sendable {
        private let lock = NSLock()
        private var taken = false

        func take() -> Bool {
            lock.withLock {
                defer { taken = true }
                return !taken
            }
        }
    }
}
