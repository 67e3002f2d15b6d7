import CCurl
import Foundation
import TrawlServe

/// One HTTP request as the transport sends it.
struct TransportRequest: Sendable {
    var url: URL
    var method = "GET"
    var headers = HTTPHeaders()
    var body: Data?
    /// The proxy to go through; nil, libcurl's own choice from the environment.
    var proxy: ProxyAddress?
}

/// One HTTP response as the transport received it: no redirect followed, body complete
/// (or handed to a sink as it arrived).
struct TransportResponse: Sendable {
    var url: URL
    var status: Int
    var headers: HTTPHeaders
    var body: Data
}

/// Why an exchange produced no response.
enum TransportFailure: Error, Sendable, Equatable {
    case timedOut
    /// The body passed `limit` bytes (after decompression) while it arrived.
    case tooLarge
    case unreachable(String)
    /// The server's answer breaks HTTP in a way that makes its body untrustworthy.
    case invalidResponse(String)
    /// The sink could not keep the body (a disk error, a range that does not fit).
    case sinkFailed(String)
    case cancelled
}

extension TransportFailure: CustomStringConvertible {
    /// The failure in words, for messages that have no URL of their own to add.
    var description: String {
        switch self {
        case .timedOut: return "timed out"
        case .tooLarge: return "the answer was too large"
        case .unreachable(let reason): return "unreachable: \(reason)"
        case .invalidResponse(let reason): return "invalid response: \(reason)"
        case .sinkFailed(let reason): return "could not keep the body: \(reason)"
        case .cancelled: return "cancelled"
        }
    }
}

/// Where a response body goes while it arrives.
///
/// The default keeps it in memory; downloads stream it to disk. Both are told the head
/// of the final response first, and either may stop the transfer by throwing.
protocol ResponseBodySink: AnyObject {
    func begin(status: Int, headers: HTTPHeaders) throws(TransportFailure)
    func write(_ bytes: UnsafeRawBufferPointer) throws(TransportFailure)
}

/// Single HTTP exchanges over libcurl, every one on the one event loop of libcurl's multi
/// interface (`TransferLoop`).
///
/// FoundationNetworking's URLSession spins while it waits on Linux: after connecting, it
/// leaves a write-readiness Dispatch source armed on the socket (it only tears sources
/// down when curl unregisters the socket, not when curl narrows its interest to reading),
/// so an always-writable socket wakes it thousands of times a second. curl's own loop
/// sleeps in `poll` until bytes or a deadline arrive.
///
/// Redirects are handed back, not followed, so the fetcher can count them, refuse
/// downgrades and ask robots.txt about each hop. curl decodes gzip and deflate; the sink
/// sees decoded bytes, so a compressed body is capped on its decompressed size.
final class HTTPTransport: Sendable {
    private let handles = CurlHandlePool()

    /// Sends `request` and waits for the whole response.
    ///
    /// - Parameters:
    ///   - limit: the most body bytes a memory sink accepts.
    ///   - connectTimeout: how long until the response head must have arrived.
    ///   - timeout: how long the whole exchange may take, connection to last byte.
    ///   - sink: where the body goes; in memory (up to `limit`) when nil.
    ///   - over: called once the exchange is over and its connection back in the cache,
    ///     on curl's thread, before the caller resumes (it frees the caller's places, so the
    ///     next request need not wait for this task to be scheduled).
    func send(
        _ request: TransportRequest, limit: Int, connectTimeout: Duration, timeout: Duration,
        sink: ResponseBodySink? = nil, over: @escaping @Sendable () -> Void = {}
    ) async throws(TransportFailure) -> TransportResponse {
        let memory = sink == nil ? MemorySink(limit: limit) : nil
        let transfer = CurlTransfer(
            request: request, sink: sink ?? memory!, headTimeout: connectTimeout, timeout: timeout)
        let handles = self.handles
        let outcome: Result<TransportResponse, TransportFailure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                guard let handle = handles.take() else {
                    over()
                    continuation.resume(returning: .failure(.unreachable("libcurl could not start a transfer")))
                    return
                }
                TransferLoop.shared.start(
                    TransferLoop.Job(transfer: transfer, handle: handle) { result in
                        handles.give(back: handle)
                        over()
                        continuation.resume(returning: result)
                    })
            }
        } onCancel: {
            transfer.cancel()
            TransferLoop.shared.cancel(transfer)
        }
        var response = try outcome.get()
        if let memory { response.body = memory.body }
        return response
    }
}

/// The default sink: the body in memory, refused past `limit` bytes.
final class MemorySink: ResponseBodySink {
    let limit: Int
    private(set) var body = Data()

    init(limit: Int) {
        self.limit = limit
    }

    func begin(status: Int, headers: HTTPHeaders) throws(TransportFailure) {
        body = Data()
        // A declared length over the limit fails at once, unless the body is compressed
        // (then only the decoded size counts).
        if headers["Content-Encoding"] == nil, let declared = headers.contentLength, declared > limit {
            throw .tooLarge
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(TransportFailure) {
        guard body.count + bytes.count <= limit else {
            body = Data()
            throw .tooLarge
        }
        body.append(contentsOf: bytes)
    }
}

/// Idle libcurl easy handles, and the one cache of connections they all share.
///
/// Without the share, each easy handle kept its own few connections, so a night over many
/// hosts opened about one connection per request: the handle a transfer happened to take
/// rarely held one to its host. With it, every transfer of the run looks in one cache
/// (connections, DNS answers, TLS sessions), and a host's connection stays open for the
/// whole night; on `TransferLoop`'s one multi handle, an HTTP/2 connection takes every
/// request to its host at once.
final class CurlHandlePool: @unchecked Sendable {
    static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK
    /// Idle connections the shared cache keeps open: two a host (the default per-host
    /// concurrency) for a night of a hundred hosts and more.
    static let idleConnections = 256
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawPointer] = []
    private let keep = 16
    private let share: UnsafeMutablePointer<trawl_curl_share>? = {
        _ = CurlHandlePool.initialised
        return trawl_curl_share_new()
    }()

    func take() -> UnsafeMutableRawPointer? {
        _ = Self.initialised
        let handle: UnsafeMutableRawPointer?
        if let pooled = lock.withLock({ idle.popLast() }) {
            curl_easy_reset(pooled)
            handle = pooled
        } else {
            handle = curl_easy_init()
        }
        if let handle {
            // curl_easy_reset forgets both, so every transfer sets them again.
            trawl_curl_use_share(handle, share)
            trawl_curl_set_long(handle, CURLOPT_MAXCONNECTS, Self.idleConnections)
        }
        return handle
    }

    func give(back handle: UnsafeMutableRawPointer?) {
        guard let handle else { return }
        let kept = lock.withLock { () -> Bool in
            guard idle.count < keep else { return false }
            idle.append(handle)
            return true
        }
        if !kept { curl_easy_cleanup(handle) }
    }

    deinit {
        for handle in idle { curl_easy_cleanup(handle) }
        trawl_curl_share_free(share)
    }
}
