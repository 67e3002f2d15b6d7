import CCurl
import Foundation
import TrawlServe

/// One exchange on a libcurl easy handle: the request set up, the head parsed line by
/// line, the body handed to the sink, and curl's outcome put in words.
final class CurlTransfer: @unchecked Sendable {
    private let request: TransportRequest
    private let sink: ResponseBodySink
    private let headTimeout: Duration
    private let timeout: Duration
    private let started = ContinuousClock.now

    private let lock = NSLock()
    private var cancelled = false
    // Touched only on the loop's thread, inside curl's callbacks.
    private var status = 0
    private var headers = HTTPHeaders()
    private var headComplete = false
    private var failure: TransportFailure?

    init(request: TransportRequest, sink: ResponseBodySink, headTimeout: Duration, timeout: Duration) {
        self.request = request
        self.sink = sink
        self.headTimeout = headTimeout
        self.timeout = timeout
    }

    func cancel() {
        lock.withLock { cancelled = true }
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    // Kept from `prepare` to `finish`: curl reads them while the transfer runs.
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    deinit {
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Sets the exchange up on `handle`, for `TransferLoop` to run; nil when it may start.
    func prepare(_ handle: UnsafeMutableRawPointer) -> TransportFailure? {
        if isCancelled { return .cancelled }
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        for field in request.headers {
            headerList = curl_slist_append(headerList, "\(field.name): \(field.value)")
        }
        // curl adds "Expect: 100-continue" to larger bodies; servers that ignore it stall.
        if request.body != nil { headerList = curl_slist_append(headerList, "Expect:") }
        let context = Unmanaged.passUnretained(self).toOpaque()
        trawl_curl_set_string(handle, CURLOPT_URL, request.url.absoluteString)
        trawl_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        trawl_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        trawl_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        // A request to a host whose connection is still being opened waits to learn whether
        // it speaks HTTP/2, and then shares it, rather than opening a second one.
        trawl_curl_set_long(handle, CURLOPT_PIPEWAIT, 1)
        // "" asks for every encoding this libcurl can decode (gzip, deflate, br, zstd).
        trawl_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        trawl_curl_set_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout))
        trawl_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(headTimeout))
        trawl_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
        trawl_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        if let bundle = Self.certificateBundle { trawl_curl_set_string(handle, CURLOPT_CAINFO, bundle) }
        configureMethod(handle)
        configureProxy(handle)
        trawl_curl_set_data_callback(handle, CURLOPT_HEADERFUNCTION, Self.headerCallback)
        trawl_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        trawl_curl_set_data_callback(handle, CURLOPT_WRITEFUNCTION, Self.writeCallback)
        trawl_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        trawl_curl_set_long(handle, CURLOPT_NOPROGRESS, 0)
        trawl_curl_set_progress_callback(handle, Self.progressCallback)
        trawl_curl_set_pointer(handle, CURLOPT_XFERINFODATA, context)
        return nil
    }

    /// The exchange's outcome once curl is done with it (`code`), the handle made ready for
    /// the next transfer.
    func finish(_ code: CURLcode, on handle: UnsafeMutableRawPointer) -> Result<TransportResponse, TransportFailure> {
        // The handle goes back to the pool: it must not point at this transfer any more.
        trawl_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, nil)
        trawl_curl_set_pointer(handle, CURLOPT_HTTPHEADER, nil)
        if request.proxy != nil { resetProxy(handle) }
        if let failure { return .failure(failure) }
        if isCancelled { return .failure(.cancelled) }
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            return .failure(Self.failure(for: code, detail: detail, handle: handle))
        }
        guard headComplete else { return .failure(.invalidResponse("no HTTP response")) }
        return .success(TransportResponse(url: request.url, status: status, headers: headers, body: Data()))
    }

    private func configureMethod(_ handle: UnsafeMutableRawPointer) {
        if let body = request.body {
            trawl_curl_set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                // COPYPOSTFIELDS copies now, so the bytes need not outlive this call.
                _ = trawl_curl_set_pointer(
                    handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
            }
        }
        if request.method != "GET" && !(request.method == "POST" && request.body != nil) {
            trawl_curl_set_string(handle, CURLOPT_CUSTOMREQUEST, request.method)
        }
    }

    /// The proxy and its credentials, given to curl apart so neither is escaped in a URL.
    /// A proxy's `https://` has curl speak TLS to the proxy itself.
    private func configureProxy(_ handle: UnsafeMutableRawPointer) {
        guard let proxy = request.proxy else { return }
        trawl_curl_set_string(handle, CURLOPT_PROXY, proxy.curlAddress)
        if let credentials = proxy.credentials {
            trawl_curl_set_string(handle, CURLOPT_PROXYUSERNAME, credentials.user)
            trawl_curl_set_string(handle, CURLOPT_PROXYPASSWORD, credentials.password)
        }
    }

    /// The handle goes back to the pool: the next transfer must not use this one's proxy
    /// (nil restores curl's default, the environment's `http_proxy` and the rest).
    private func resetProxy(_ handle: UnsafeMutableRawPointer) {
        trawl_curl_set_string(handle, CURLOPT_PROXY, nil)
        trawl_curl_set_string(handle, CURLOPT_PROXYUSERNAME, nil)
        trawl_curl_set_string(handle, CURLOPT_PROXYPASSWORD, nil)
    }

    // MARK: Callbacks (on the loop's thread)

    private func received(headerLine bytes: UnsafeRawBufferPointer) -> Bool {
        // Trimmed as bytes: "\r\n" is one Character in Swift.
        var end = bytes.count
        while end > 0, bytes[end - 1] == 10 || bytes[end - 1] == 13 { end -= 1 }
        let line = String(decoding: bytes[0..<end], as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // The status line of a new response (an interim 1xx, or the final one).
            let parts = line.split(separator: " ", maxSplits: 2)
            status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            headers = HTTPHeaders()
            headComplete = false
            return true
        }
        if line.isEmpty {
            guard !(100..<200).contains(status) else { return true }
            headComplete = true
            do throws(TransportFailure) {
                if let problem = headers.contentLengthProblem { throw .invalidResponse(problem) }
                try sink.begin(status: status, headers: headers)
            } catch {
                failure = error
                return false
            }
            return true
        }
        if let colon = line.utf8.firstIndex(of: UInt8(ascii: ":")) {
            // Split and trimmed on the UTF-8 view: Foundation's trimming cost a quiet night 6%.
            let name = Self.trimmed(line.utf8[..<colon])
            let value = Self.trimmed(line.utf8[line.utf8.index(after: colon)...])
            headers.add(name, value)
        }
        return true
    }

    /// The bytes without leading and trailing spaces and tabs (a header field's optional
    /// whitespace, RFC 9110 §5.6.3).
    private static func trimmed(_ bytes: Substring.UTF8View) -> String {
        var slice = bytes
        while let first = slice.first, first == 32 || first == 9 { slice.removeFirst() }
        while let last = slice.last, last == 32 || last == 9 { slice.removeLast() }
        return String(Substring(slice))
    }

    private func received(body bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == nil, !isCancelled else { return false }
        do throws(TransportFailure) {
            try sink.write(bytes)
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// Called by curl at least once a second: a chance to stop a cancelled or slow transfer.
    private func shouldStop() -> Bool {
        if isCancelled { return true }
        if !headComplete && ContinuousClock.now - started > headTimeout {
            failure = .timedOut
            return true
        }
        return false
    }

    private static let headerCallback: trawl_curl_data_callback = { data, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        let ok = transfer.received(headerLine: UnsafeRawBufferPointer(start: data, count: length))
        return ok ? length : 0
    }

    private static let writeCallback: trawl_curl_data_callback = { data, size, count, context in
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        return transfer.received(body: UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
    }

    private static let progressCallback: trawl_curl_progress_callback = { context, _, _, _, _ in
        Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue().shouldStop() ? 1 : 0
    }

    /// `CURL_CA_BUNDLE`, as the curl tool reads it: the certificates to trust instead of the
    /// system's (a private CA, or a benchmark's throw-away one).
    private static let certificateBundle: String? = {
        guard let path = ProcessInfo.processInfo.environment["CURL_CA_BUNDLE"], !path.isEmpty else { return nil }
        return path
    }()

    private static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int((duration.seconds * 1000).rounded(.up).clamped(to: 1...Double(Int32.max))))
    }

    /// curl's result codes in words a person can act on.
    private static func failure(
        for code: CURLcode, detail: String, handle: UnsafeMutableRawPointer
    ) -> TransportFailure {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        case CURLE_ABORTED_BY_CALLBACK: return .cancelled
        case CURLE_COULDNT_CONNECT:
            var osError = 0
            trawl_curl_get_long(handle, CURLINFO_OS_ERRNO, &osError)
            return .unreachable(osError == Int(ECONNREFUSED) ? "connection refused" : "cannot connect")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: return .unreachable("host not found")
        case CURLE_PARTIAL_FILE:
            return .invalidResponse("the connection closed before the whole body arrived")
        case CURLE_GOT_NOTHING: return .unreachable("the server closed the connection without answering")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR: return .unreachable("connection lost")
        case CURLE_BAD_CONTENT_ENCODING:
            return .invalidResponse("the body could not be decoded from its Content-Encoding")
        case CURLE_WEIRD_SERVER_REPLY: return .invalidResponse("not a valid HTTP response (\(detail))")
        case CURLE_FILESIZE_EXCEEDED: return .tooLarge
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE,
            CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER:
            return .unreachable("TLS failed (\(detail))")
        case CURLE_UNSUPPORTED_PROTOCOL: return .unreachable("only http and https can be fetched")
        default:
            let text = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            return .unreachable("\(text) (curl error \(code.rawValue))")
        }
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
