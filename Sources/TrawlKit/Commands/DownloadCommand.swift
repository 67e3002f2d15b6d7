import Foundation

/// `trawl download [SOURCE…]`: mirror the files items point to, with progress.
struct DownloadCommand: TrawlCommand {
    static let name = "download"
    static let summary = "mirror the files items point to (e.g. chart PDFs) into Output/files/"
    static let positionals = [
        CommandPositional("SOURCE", .any, help: "only these sources (default: every source with a \"download\" field)")
    ]
    static let options = [
        ConfigurationOptions.config, ConfigurationOptions.cache, ConfigurationOptions.output, RunCommand.quiet,
    ]
    static let epilogue = """
        Complete files are skipped; partial ones resume where they stopped.
        exit status: 0 all files mirrored; 1 some failed; 2 usage error
        """

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let configuration = try ConfigurationOptions.load(arguments)
        for id in arguments.positionals where configuration.source(id)?.download == nil {
            let problem =
                configuration.source(id) == nil ? "no source '\(id)'" : "source '\(id)' has no \"download\" field"
            throw UsageError("\(problem) in \(configuration.file.path)")
        }
        let progress = DownloadProgress(console: console, quiet: arguments.has(RunCommand.quiet))
        let summary = try await FileMirror(configuration: configuration)
            .mirror(sourceIDs: arguments.positionals) { progress.handle($0) }
        progress.finish(summary)
        return summary.failed > 0 ? .failure : .success
    }
}

/// Progress per file and overall: bytes, rate and time left, redrawn in place on a terminal.
final class DownloadProgress: @unchecked Sendable {
    private let console: Console
    private let quiet: Bool
    private let lock = NSLock()
    private let started = Date()
    private var fileStarted = Date()
    private var lastDraw = Date.distantPast
    private var totalBytes: Int64 = 0
    private var position = ""

    init(console: Console, quiet: Bool) {
        self.console = console
        self.quiet = quiet
    }

    func handle(_ event: FileMirror.Event) {
        lock.withLock {
            switch event {
            case .started(let file, let index, let count):
                fileStarted = Date()
                position = "\(index)/\(count)"
                if !quiet, !console.isTerminal { console.note("[\(file.sourceID)] \(index)/\(count) \(file.fileName)") }
            case .progress(let file, let received, let expected):
                guard console.isTerminal, !quiet, Date().timeIntervalSince(lastDraw) > 0.2 else { return }
                lastDraw = Date()
                console.progress("\r\u{1B}[K" + line(file, received: received, expected: expected))
            case .skipped:
                break
            case .finished(let file, let bytes):
                totalBytes += bytes
                if console.isTerminal, !quiet { console.progress("\r\u{1B}[K") }
                if !quiet { console.note("[\(file.sourceID)] \(file.fileName): \(ByteCount.format(bytes))") }
            case .cacheProblem(let message):
                console.warning(message)
            case .refused(let file, let error):
                if console.isTerminal { console.progress("\r\u{1B}[K") }
                console.warning("[\(file.sourceID)] \(file.fileName): \(error)")
            case .failed(let file, let error):
                if console.isTerminal { console.progress("\r\u{1B}[K") }
                console.error("[\(file.sourceID)] \(file.fileName): \(error)")
            }
        }
    }

    func finish(_ summary: FileMirror.Summary) {
        guard !quiet || summary.failed > 0 else { return }
        let seconds = max(Date().timeIntervalSince(started), 0.001)
        let rate = ByteCount.format(Int64(Double(summary.bytes) / seconds))
        console.note(
            "\(summary.downloaded) downloaded (\(ByteCount.format(summary.bytes)), \(rate)/s), "
                + "\(summary.skipped) already complete, \(summary.failed) failed"
                + (summary.refused > 0 ? ", \(summary.refused) refused" : ""))
    }

    private func line(_ file: MirroredFile, received: Int64, expected: Int64?) -> String {
        let seconds = max(Date().timeIntervalSince(fileStarted), 0.001)
        let rate = Double(received) / seconds
        var text = "\(file.fileName) \(ByteCount.format(received))"
        if let expected, expected > 0 {
            let percent = Int(Double(received) * 100 / Double(expected))
            let left = rate > 0 ? Int(Double(expected - received) / rate) : 0
            text += " of \(ByteCount.format(expected)) (\(percent)%), \(left)s left"
        }
        let overall = ByteCount.format(totalBytes + received)
        return "[\(position), \(overall) in all] " + text + ", \(ByteCount.format(Int64(rate)))/s"
    }
}
