import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streams one URL into a `.part` file beside its destination, resuming with a Range
/// request when a partial copy of the same version is there, then renames it into place.
final class FileDownloader: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Outcome: Sendable {
        var record: DownloadRecord
        var bytesTransferred: Int64
    }

    private let url: URL
    private let destination: URL
    private let previous: DownloadRecord?
    private let userAgent: String
    private let maxBytes: Int64
    private let progress: @Sendable (_ received: Int64, _ expected: Int64?) -> Void
    /// Told the version being fetched as soon as the response starts, so that an
    /// interrupted download can be resumed next time.
    private let onStart: @Sendable (DownloadRecord) -> Void

    private let lock = NSLock()
    private var handle: FileHandle?
    private var received: Int64 = 0
    private var startOffset: Int64 = 0
    private var expected: Int64?
    private var response: HTTPURLResponse?
    private var failure: Error?
    private var continuation: CheckedContinuation<Void, Never>?

    init(
        url: URL, destination: URL, previous: DownloadRecord?, userAgent: String, maxBytes: Int64,
        progress: @escaping @Sendable (Int64, Int64?) -> Void,
        onStart: @escaping @Sendable (DownloadRecord) -> Void = { _ in }
    ) {
        self.url = url
        self.destination = destination
        self.previous = previous
        self.userAgent = userAgent
        self.maxBytes = maxBytes
        self.progress = progress
        self.onStart = onStart
    }

    private var partURL: URL { destination.appendingPathExtension("part") }

    func run() async throws -> Outcome {
        if url.isFileURL { return try copyLocalFile() }
        let partSize = (try? FileManager.default.attributesOfItem(atPath: partURL.path)[.size] as? Int64) ?? 0
        var request = URLRequest(url: url)
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        // Resume only a partial copy whose version the server can confirm with If-Range.
        if partSize > 0, previous?.url == url.absoluteString,
            let validator = previous?.etag ?? previous?.lastModified
        {
            request.setValue("bytes=\(partSize)-", forHTTPHeaderField: "Range")
            request.setValue(validator, forHTTPHeaderField: "If-Range")
            startOffset = partSize
        }
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        await withCheckedContinuation { continuation in
            lock.withLock { self.continuation = continuation }
            session.dataTask(with: request).resume()
        }
        try? handle?.close()
        if let failure { throw failure }
        guard let response else { throw DownloadError.network(url, reason: "no response") }
        try replace(destination, with: partURL)
        let total = startOffset + received
        let record = DownloadRecord(
            url: url.absoluteString, etag: response.value(forHTTPHeaderField: "ETag"),
            lastModified: response.value(forHTTPHeaderField: "Last-Modified"), size: total, complete: true)
        return Outcome(record: record, bytesTransferred: received)
    }

    private func copyLocalFile() throws -> Outcome {
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64) ?? 0
        try checkSpace(needed: size)
        try? FileManager.default.removeItem(at: partURL)
        try FileManager.default.copyItem(at: url, to: partURL)
        try replace(destination, with: partURL)
        progress(size, size)
        return Outcome(
            record: DownloadRecord(url: url.absoluteString, size: size, complete: true), bytesTransferred: size)
    }

    private func replace(_ destination: URL, with part: URL) throws {
        do {
            if FileManager.default.fileExists(atPath: destination.path) {
                _ = try FileManager.default.replaceItemAt(destination, withItemAt: part)
            } else {
                try FileManager.default.moveItem(at: part, to: destination)
            }
        } catch {
            throw DownloadError.unwritable(destination.path, reason: error.localizedDescription)
        }
    }

    private func checkSpace(needed: Int64) throws {
        let folder = destination.deletingLastPathComponent().path
        if let available = DiskSpace.available(at: folder), needed > available - 10_000_000 {
            throw DownloadError.notEnoughSpace(url, needed: needed, available: available)
        }
        if needed > maxBytes { throw DownloadError.tooLarge(url, limit: maxBytes) }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(DownloadError.network(url, reason: "no HTTP response"), completionHandler)
            return
        }
        guard http.statusCode == 200 || http.statusCode == 206 else {
            fail(DownloadError.http(url, status: http.statusCode), completionHandler)
            return
        }
        do {
            // A 200 to a Range request means the file changed: start again from nothing.
            if http.statusCode == 200 { startOffset = 0 }
            let length = http.expectedContentLength >= 0 ? http.expectedContentLength : nil
            try checkSpace(needed: length ?? 0)
            if startOffset == 0, !FileManager.default.createFile(atPath: partURL.path, contents: nil) {
                throw DownloadError.unwritable(partURL.path, reason: "cannot create the file")
            }
            let handle = try FileHandle(forWritingTo: partURL)
            try handle.truncate(atOffset: UInt64(startOffset))
            try handle.seekToEnd()
            lock.withLock {
                self.handle = handle
                self.response = http
                self.expected = length.map { $0 + startOffset }
            }
            let expected = length.map { $0 + startOffset }
            onStart(
                DownloadRecord(
                    url: url.absoluteString, etag: http.value(forHTTPHeaderField: "ETag"),
                    lastModified: http.value(forHTTPHeaderField: "Last-Modified"), size: expected, complete: false))
            completionHandler(.allow)
        } catch {
            fail(error, completionHandler)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let (total, expected): (Int64, Int64?) = lock.withLock {
            received += Int64(data.count)
            return (startOffset + received, self.expected)
        }
        if total > maxBytes {
            lock.withLock { failure = DownloadError.tooLarge(url, limit: maxBytes) }
            dataTask.cancel()
            return
        }
        do {
            try handle?.write(contentsOf: data)
        } catch {
            lock.withLock { failure = DownloadError.unwritable(partURL.path, reason: error.localizedDescription) }
            dataTask.cancel()
            return
        }
        progress(total, expected)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.withLock {
            if let error, failure == nil {
                failure = DownloadError.network(url, reason: error.localizedDescription)
            }
            continuation?.resume()
            continuation = nil
        }
    }

    private func fail(_ error: Error, _ completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.withLock { failure = error }
        completionHandler(.cancel)
    }
}
