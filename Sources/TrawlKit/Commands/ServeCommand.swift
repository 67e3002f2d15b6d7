import Dispatch
import Foundation

/// `trawl serve [DIR] [--port N] [--host H] [--watch]`: previews `Output/` over HTTP.
enum ServeCommand: TrawlCommand {
    static let name = "serve"
    static let summary = "preview Output/ over HTTP on 127.0.0.1"
    static let synopsis = [
        """
        trawl serve [DIR] [--port N] [--host H]
                    [--watch [--config FILE] [--templates DIR] [--cache DIR] [--output DIR]]
        """
    ]
    static let about = "Serves DIR (default: Output) at http://127.0.0.1:8000/ until Ctrl-C."
    static let positionals = [CommandPositional("DIR", .optional)]
    static let port = CommandOption.option("--port", "N", "the port to listen on (default: 8000; 0 picks a free one)")
    static let host = CommandOption.option("--host", "H", "the IPv4 address to listen on (default: 127.0.0.1)")
    static let watch = CommandOption.flag(
        "--watch",
        """
        regenerate the site when the templates or the configuration change,
        and reload open pages; holds the cache lock while it regenerates,
        and waits (saying so) while a run or a shard holds it
        """)
    static let options = [
        port, host, watch,
        ConfigurationOptions.config.helped("the configuration watched and regenerated from (default: trawl.json)"),
        ConfigurationOptions.templates.helped(
            """
            the templates watched and used (default: the configuration's, else
            Templates/ beside the configuration when there is one)
            """),
        ConfigurationOptions.cache.helped(
            "with --watch, the cache the site is made from (default: the configuration's)"),
        ConfigurationOptions.output.helped(
            """
            with --watch, where the site is made, and served from unless DIR
            is given (default: the configuration's)
            """),
    ]

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let configuration = try configuration(from: arguments, console: console)
        let server = try SiteServer(configuration: configuration)
        // The served pages start from the templates being watched, not whatever made them.
        if configuration.watches { await configuration.onChange() }
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
        let port = try arguments.integer(Self.port, in: 0...Int(UInt16.max)).map { UInt16($0) } ?? 8000
        let host = arguments.value(Self.host) ?? "127.0.0.1"
        var root = arguments.positionals.first.map { URL(fileURLWithPath: $0) }
        var watched: [URL] = []
        var onChange: @Sendable () async -> Void = {}
        let problem = BuildProblem()
        if arguments.has(watch) {
            let loaded = try ConfigurationOptions.load(arguments)
            let site = adoptingTemplates(loaded)
            let templates =
                site.templatesDirectory ?? site.file.deletingLastPathComponent().appendingPathComponent("Templates")
            if loaded.templatesDirectory == nil, site.templatesDirectory != nil {
                console.note(
                    "using the templates in \(templates.path) (beside \(site.file.lastPathComponent), "
                        + "which has no \"templates\" key)")
            }
            watched = [site.file, templates]
            root = root ?? site.outputDirectory
            onChange = regeneration(arguments, console: console, problem: problem)
        }
        let folder = root ?? URL(fileURLWithPath: "Output")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw ServeError.notADirectory(arguments.positionals.first ?? folder.path) }
        return SiteServer.Configuration(
            root: folder, host: host, port: port, watchedPaths: watched, onChange: onChange, problem: problem)
    }

    /// The configuration as watch mode uses it: with no `templates` key and no
    /// `--templates`, a `Templates/` folder beside the configuration is the one being edited.
    static func adoptingTemplates(_ configuration: Configuration) -> Configuration {
        var configuration = configuration
        guard configuration.templatesDirectory == nil else { return configuration }
        let beside = configuration.file.deletingLastPathComponent().appendingPathComponent("Templates")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: beside.path, isDirectory: &isDirectory), isDirectory.boolValue {
            configuration.templatesDirectory = beside
        }
        return configuration
    }

    /// What a change to the templates or the configuration does before pages reload: the
    /// configuration is read again and the site generated from the cache, as `trawl generate`
    /// would, holding the cache lock; while a run or a shard holds it, the regeneration waits
    /// for it, saying so. A mistake is reported and the last good site stays served.
    static func regeneration(
        _ arguments: ParsedArguments, console: Console, problem: BuildProblem,
        lockRetry: Duration = .milliseconds(500)
    )
        -> @Sendable () async -> Void
    {
        {
            do {
                let configuration = adoptingTemplates(try ConfigurationOptions.load(arguments))
                let store = CacheStore(root: configuration.cacheDirectory)
                let lock = try await waitForLock(store, console: console, retry: lockRetry)
                defer { lock?.unlock() }
                let files = try SiteGenerator(configuration: configuration).generate()
                problem.clear()
                console.note("regenerated \(CountText.of(files, "file", "files")); reloading open pages")
            } catch is CancellationError {
                // The server stopped while a run held the cache.
            } catch {
                problem.report("\(error)")
                console.error("\(error) (pages show the error until it is fixed)")
            }
        }
    }
}

extension ServeCommand {
    /// The cache lock, waited for while another trawl holds it; nil when there is no cache
    /// to guard (or it is read-only). Throws `CancellationError` when the server stops meanwhile.
    static func waitForLock(_ store: CacheStore, console: Console, retry: Duration) async throws -> CacheLock? {
        var told = false
        while true {
            do {
                return try GenerateCommand.lockUnlessReadOnly(store, console: console)
            } catch let error as CacheLockedError {
                if !told {
                    let owner = error.pid.map { "another trawl (pid \($0))" } ?? "another trawl"
                    console.note("\(owner) holds the cache (\(error.path)): the site is regenerated once it is done")
                    told = true
                }
                try await Task.sleep(for: retry)
            }
        }
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
