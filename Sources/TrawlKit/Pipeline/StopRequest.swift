import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request to stop a run early, from SIGTERM (systemd, `timeout`) or SIGINT (Ctrl-C).
///
/// The pipeline starts no new source once it is set, finishes the ones in hand, saves the run
/// record and throws `RunInterruptedError`. A second signal ends the process at once, with the
/// status the command chose: the run journal keeps even that safe.
public final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var signalName: String?
    private var sources: [DispatchSourceSignal] = []

    /// A request no one has made yet; `trappingSignals(exitingOnSecondWith:)` makes one SIGTERM and SIGINT set.
    public init() {}

    /// Gives the signals back their default action, so a process that goes on after the run
    /// (a test, a server) can still be stopped by them.
    deinit {
        guard !sources.isEmpty else { return }
        for source in sources { source.cancel() }
        signal(SIGTERM, SIG_DFL)
        signal(SIGINT, SIG_DFL)
    }

    /// The signal that asked to stop, e.g. "SIGTERM"; nil while none has.
    public var requestedBy: String? { lock.withLock { signalName } }
    /// Whether a stop has been asked for.
    public var isRequested: Bool { requestedBy != nil }

    /// Asks to stop, as a signal would.
    public func request(by name: String) {
        lock.withLock { if signalName == nil { signalName = name } }
    }

    /// A request that SIGTERM and SIGINT set; a second one exits the process with `status`.
    public static func trappingSignals(exitingOnSecondWith status: Int32) -> StopRequest {
        let request = StopRequest()
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if request.isRequested { exit(status) }
                request.request(by: name)
            }
            source.resume()
            request.lock.withLock { request.sources.append(source) }
        }
        return request
    }
}

/// A run stopped by a signal after saving the record of the sources it finished.
public struct RunInterruptedError: Error, CustomStringConvertible, Sendable {
    /// The signal that stopped the run, e.g. `SIGTERM`.
    public let signal: String
    /// The run record saved for the sources that finished.
    public let record: RunRecord
    /// The ids of the sources not tried.
    public let skipped: [String]

    public var description: String {
        let sources = CountText.of(record.outcomes.count, "source", "sources")
        let changes = CountText.of(record.newsCount, "change", "changes")
        let rest = skipped.isEmpty ? "" : "; not tried: \(skipped.joined(separator: ", ")) (the next run tries them)"
        return "stopped by \(signal): \(sources) finished with \(changes),"
            + " saved in run record \(record.id); the site was not generated\(rest)"
    }
}
