import Foundation

/// The threads blocking transfers run on, kept for the next transfer once one ends.
///
/// A transfer blocks its thread in `curl_easy_perform` (see `HTTPTransport`), so it cannot
/// run on Swift's cooperative pool. Starting a thread per exchange cost a `clone` and a stack
/// for each of a night's thousands of requests; an idle thread here takes the next one, and
/// a new thread starts only when every kept one is busy, so there are never more than the
/// transfers in flight at the busiest moment.
final class TransferThreads: @unchecked Sendable {
    static let shared = TransferThreads()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    /// Threads asleep in `work`, counted until they wake.
    private var waiting = 0

    /// Runs `job` on a kept thread, or on a new one when too few are asleep to take every
    /// job waiting.
    func run(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        let startsThread = jobs.count > waiting
        condition.signal()
        condition.unlock()
        guard startsThread else { return }
        let thread = Thread { [self] in work() }
        thread.name = "trawl-http"
        thread.start()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty {
                waiting += 1
                condition.wait()
                waiting -= 1
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
