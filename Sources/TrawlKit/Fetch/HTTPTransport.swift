import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP response as the transport received it: no redirect followed, body complete.
struct TransportResponse: Sendable {
    var url: URL
    var status: Int
    var headers: HTTPHeaders
    var body: Data
}

/// Why an exchange produced no response.
enum TransportFailure: Error, Sendable {
    case timedOut
    /// The body passed `limit` bytes (after decompression) while it arrived.
    case tooLarge
    case unreachable(String)
    case cancelled
}

/// Single HTTP exchanges over FoundationNetworking's URLSession.
///
/// Redirects are handed back instead of followed, so the fetcher can count them, refuse
/// downgrades and ask robots.txt about each hop. The body is counted as it arrives and the
/// transfer cancelled past the limit; URLSession hands over decoded bytes, so a compressed
/// body is capped on its decompressed size. URLSession's own timeout is an idle timeout,
/// so the total and connect timeouts are timers here.
final class HTTPTransport: Sendable {
    private let session: URLSession
    private let delegate = TransferDelegate()

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = 16
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` and waits for the whole response.
    ///
    /// - Parameters:
    ///   - limit: the most body bytes accepted.
    ///   - connectTimeout: how long until the response head must have arrived.
    ///   - timeout: how long the whole exchange may take.
    func send(
        _ request: URLRequest, limit: Int, connectTimeout: Duration, timeout: Duration
    ) async throws(TransportFailure) -> TransportResponse {
        var request = request
        // URLSession on Linux truncates its timeout to whole seconds (0.5 s becomes "at once"),
        // so its own timer is set wide and the timers below are the real limit.
        request.timeoutInterval = timeout.seconds.rounded(.up) + 1
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        let delegate = self.delegate
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    delegate.begin(id, limit: limit, continuation: continuation)
                    task.resume()
                    // Cancelled before the transfer was registered: the handler below found nothing to cancel.
                    if Task.isCancelled, delegate.fail(id, with: .cancelled, onlyBeforeResponse: false) {
                        task.cancel()
                    }
                    let now = DispatchTime.now()
                    DispatchQueue.global().asyncAfter(deadline: now + connectTimeout.seconds) {
                        if delegate.fail(id, with: .timedOut, onlyBeforeResponse: true) { task.cancel() }
                    }
                    DispatchQueue.global().asyncAfter(deadline: now + timeout.seconds) {
                        if delegate.fail(id, with: .timedOut, onlyBeforeResponse: false) { task.cancel() }
                    }
                }
            } onCancel: {
                if delegate.fail(id, with: .cancelled, onlyBeforeResponse: false) { task.cancel() }
            }
        } catch let failure as TransportFailure {
            throw failure
        } catch {
            throw .unreachable(error.localizedDescription)
        }
    }
}

/// Receives URLSession's callbacks for every transfer and completes each one's continuation.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private final class Transfer {
        let limit: Int
        let continuation: CheckedContinuation<TransportResponse, Error>
        var response: HTTPURLResponse?
        var body = Data()
        var failure: TransportFailure?

        init(limit: Int, continuation: CheckedContinuation<TransportResponse, Error>) {
            self.limit = limit
            self.continuation = continuation
        }
    }

    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]

    func begin(_ id: Int, limit: Int, continuation: CheckedContinuation<TransportResponse, Error>) {
        lock.withLock { transfers[id] = Transfer(limit: limit, continuation: continuation) }
    }

    /// Marks transfer `id` as failed; true when the caller should cancel its task.
    func fail(_ id: Int, with failure: TransportFailure, onlyBeforeResponse: Bool) -> Bool {
        lock.withLock {
            guard let transfer = transfers[id], transfer.failure == nil else { return false }
            if onlyBeforeResponse && transfer.response != nil { return false }
            transfer.failure = failure
            return true
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // The fetcher follows redirects itself; the 3xx response completes this task.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let tooLarge = lock.withLock { () -> Bool in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return false }
            let http = response as? HTTPURLResponse
            transfer.response = http
            // A declared length over the limit fails at once, unless the body is compressed
            // (then only the decoded size counts).
            guard let http, http.value(forHTTPHeaderField: "Content-Encoding") == nil,
                let declared = http.value(forHTTPHeaderField: "Content-Length").flatMap({ Int($0) }),
                declared > transfer.limit, transfer.failure == nil
            else { return false }
            transfer.failure = .tooLarge
            return true
        }
        completionHandler(tooLarge ? .cancel : .allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow = lock.withLock { () -> Bool in
            guard let transfer = transfers[dataTask.taskIdentifier], transfer.failure == nil else { return false }
            guard transfer.body.count + data.count <= transfer.limit else {
                transfer.failure = .tooLarge
                transfer.body = Data()
                return true
            }
            transfer.body.append(data)
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = transfer.failure {
            transfer.continuation.resume(throwing: failure)
        } else if let error {
            transfer.continuation.resume(throwing: Self.failure(for: error))
        } else if let response = transfer.response {
            var headers = HTTPHeaders()
            for (name, value) in response.allHeaderFields {
                headers.add(String(describing: name), String(describing: value))
            }
            transfer.continuation.resume(
                returning: TransportResponse(
                    url: response.url ?? task.originalRequest?.url ?? URL(fileURLWithPath: "/"),
                    status: response.statusCode, headers: headers, body: transfer.body))
        } else {
            transfer.continuation.resume(throwing: TransportFailure.unreachable("no HTTP response"))
        }
    }

    /// URLSession's errors arrive as NSError on Linux, so they are told apart by code.
    private static func failure(for error: Error) -> TransportFailure {
        let error = error as NSError
        guard error.domain == NSURLErrorDomain else { return .unreachable(error.localizedDescription) }
        switch error.code {
        case NSURLErrorTimedOut: return .timedOut
        case NSURLErrorCancelled: return .cancelled
        case NSURLErrorCannotConnectToHost: return .unreachable("connection refused")
        case NSURLErrorNetworkConnectionLost: return .unreachable("connection lost")
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: return .unreachable("host not found")
        case NSURLErrorNotConnectedToInternet: return .unreachable("no network")
        case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted,
            NSURLErrorServerCertificateHasBadDate:
            return .unreachable("TLS failed")
        default: return .unreachable("\(error.localizedDescription) (URL error \(error.code))")
        }
    }
}
