import CCurl
import Foundation

/// libcurl's multi interface on one thread: every transfer of the process on one event loop.
///
/// libcurl lets concurrent requests to a host share one HTTP/2 connection (streams
/// multiplexed) only among the transfers of one multi handle. With a blocking
/// `curl_easy_perform` per thread, each transfer ran in a multi of its own, so a host got
/// as many connections as it had requests in flight, and every exchange woke a thread of
/// its own. Here one thread sleeps in `curl_multi_poll` until a socket, a deadline or a new
/// transfer needs it, and curl's callbacks (the head, the body into its sink, progress) run
/// on it.
final class TransferLoop: @unchecked Sendable {
    static let shared = TransferLoop()

    /// A transfer set up on its easy handle, and who waits for its outcome.
    struct Job {
        let transfer: CurlTransfer
        let handle: UnsafeMutableRawPointer
        /// Called on the loop's thread.
        let done: (Result<TransportResponse, TransportFailure>) -> Void
    }

    private let multi: UnsafeMutableRawPointer?
    private let condition = NSCondition()
    // Guarded by `condition`: what other threads hand the loop.
    private var arriving: [Job] = []
    private var stopping: [CurlTransfer] = []
    private var started = false

    private init() {
        _ = CurlHandlePool.initialised
        multi = curl_multi_init()
        if let multi {
            trawl_curl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
            trawl_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, CurlHandlePool.idleConnections)
        }
    }

    /// Runs `job` on the loop; `job.done` is called there with its outcome.
    func start(_ job: Job) {
        guard let multi else {
            job.done(.failure(.unreachable("libcurl could not start a transfer")))
            return
        }
        condition.lock()
        arriving.append(job)
        let startsThread = !started
        started = true
        condition.signal()
        condition.unlock()
        if startsThread {
            let thread = Thread { [self] in run() }
            thread.name = "trawl-http"
            thread.start()
        }
        curl_multi_wakeup(multi)
    }

    /// Ends `transfer` at once if it is running (its outcome: cancelled); one not yet
    /// started sees its own cancellation when it would start.
    func cancel(_ transfer: CurlTransfer) {
        condition.withLock { stopping.append(transfer) }
        if let multi { curl_multi_wakeup(multi) }
    }

    private func run() {
        guard let multi else { return }
        var active: [UnsafeMutableRawPointer: Job] = [:]
        while true {
            condition.lock()
            while arriving.isEmpty && stopping.isEmpty && active.isEmpty { condition.wait() }
            let jobs = arriving
            let cancelled = stopping
            arriving = []
            stopping = []
            condition.unlock()
            for job in jobs {
                if let failure = job.transfer.prepare(job.handle) {
                    job.done(.failure(failure))
                    continue
                }
                active[job.handle] = job
                curl_multi_add_handle(multi, job.handle)
            }
            for transfer in cancelled {
                guard let job = active.values.first(where: { $0.transfer === transfer }) else { continue }
                finish(job, CURLE_ABORTED_BY_CALLBACK, in: multi, active: &active)
            }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var easy: UnsafeMutableRawPointer?
            var code = CURLE_OK
            while trawl_curl_multi_next_done(multi, &easy, &code) != 0 {
                guard let handle = easy, let job = active[handle] else { continue }
                finish(job, code, in: multi, active: &active)
            }
            // At most a second: curl's progress callback, which notices a head that is late,
            // runs on every pass.
            if !active.isEmpty { curl_multi_poll(multi, nil, 0, 1000, nil) }
        }
    }

    private func finish(
        _ job: Job, _ code: CURLcode, in multi: UnsafeMutableRawPointer,
        active: inout [UnsafeMutableRawPointer: Job]
    ) {
        active[job.handle] = nil
        curl_multi_remove_handle(multi, job.handle)
        job.done(job.transfer.finish(code, on: job.handle))
    }
}
