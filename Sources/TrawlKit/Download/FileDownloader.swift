import Foundation
import TrawlServe

/// Streams one URL into a `.part` file beside its destination through the fetcher (its
/// robots.txt, redirect rules, retries, timeouts and host gates), resuming with a Range
/// request when a partial copy of the same version is there, checks the size it was
/// promised, then renames the file into place.
struct FileDownloader: Sendable {
    struct Outcome: Sendable {
        var record: DownloadRecord
        var bytesTransferred: Int64
    }

    let url: URL
    let destination: URL
    let previous: DownloadRecord?
    let maxBytes: Int64
    /// The source's cookies and headers (never its method or body); headers and
    /// credentials only for files on the source's own origin.
    var options = RequestOptions()
    var sourceOrigin: String?
    /// The deadline of the whole transfer; files are larger than pages.
    let timeout: Duration
    let progress: @Sendable (_ received: Int64, _ expected: Int64?) -> Void
    /// Told the version being fetched as soon as the response starts, so that an
    /// interrupted download can be resumed next time.
    let onStart: @Sendable (DownloadRecord) -> Void

    private var partURL: URL { PartFile.partURL(for: destination) }

    func run(with fetcher: Fetcher) async throws -> Outcome {
        if url.isFileURL { return try copyLocalFile() }
        let partSize = (try? FileManager.default.attributesOfItem(atPath: partURL.path)[.size] as? Int64) ?? 0
        var headers = HTTPHeaders()
        var resumeOffset: Int64 = 0
        // Resume only a partial copy whose version the server can confirm with If-Range.
        if partSize > 0, previous?.url == url.absoluteString, let validator = previous?.etag ?? previous?.lastModified {
            headers["Range"] = "bytes=\(partSize)-"
            headers["If-Range"] = validator
            resumeOffset = partSize
        }
        let box = SinkBox()
        let response: TransportResponse
        do {
            response = try await fetchIntoPart(fetcher, headers: headers, resumeOffset: resumeOffset, box: box)
        } catch let error as FetchError where error.code == .tooLarge {
            // Past the cap it will never be complete: keep no gigabyte of it.
            box.sink?.abandon()
            try? FileManager.default.removeItem(at: partURL)
            throw error
        } catch {
            // Cut short: what arrived stays in the part, to be resumed next time.
            box.sink?.abandon()
            throw error
        }
        // The part is not a prefix of what the server has (416): start again from nothing.
        if response.status == 416, resumeOffset > 0 {
            try? FileManager.default.removeItem(at: partURL)
            return try await run(with: fetcher)
        }
        guard let sink = box.sink, response.status == 200 || response.status == 206 else {
            _ = try Fetcher.result(of: response, requested: url)
            throw FetchError.requestFailed(url, status: response.status)
        }
        let etag = response.headers["ETag"]
        let lastModified = response.headers["Last-Modified"]
        let size = try sink.finish()
        let record = DownloadRecord(
            url: url.absoluteString, etag: etag, lastModified: lastModified, size: size, complete: true)
        return Outcome(record: record, bytesTransferred: sink.received)
    }

    /// The final response, its body streamed into the part by a fresh sink per attempt.
    private func fetchIntoPart(
        _ fetcher: Fetcher, headers: HTTPHeaders, resumeOffset: Int64, box: SinkBox
    ) async throws -> TransportResponse {
        let (url, destination, maxBytes, progress, onStart) = (
            self.url, self.destination, self.maxBytes, self.progress, self.onStart
        )
        let folder = destination.deletingLastPathComponent().path
        let offset = resumeOffset
        return try await fetcher.followingRedirects(
            url, headers: headers, limit: Int(clamping: maxBytes), timeout: timeout, options: options,
            trustedOrigin: sourceOrigin,
            sink: {
                let sink = FileSink(
                    url: url, destination: destination, resumeOffset: offset, maxBytes: maxBytes,
                    checkSpace: { try Self.checkSpace(needed: $0, in: folder, for: url) }, progress: progress,
                    onStart: onStart)
                box.set(sink)
                return sink
            })
    }

    private func copyLocalFile() throws -> Outcome {
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int64) ?? 0
        if size > maxBytes { throw DownloadError.tooLarge(url, limit: maxBytes) }
        try Self.checkSpace(needed: size, in: destination.deletingLastPathComponent().path, for: url)
        try copy(url, size: size)
        progress(size, size)
        return Outcome(
            record: DownloadRecord(url: url.absoluteString, size: size, complete: true), bytesTransferred: size)
    }

    /// Streams a local file through a part, as a download would arrive.
    private func copy(_ source: URL, size: Int64) throws {
        guard let input = InputStream(url: source) else {
            throw DownloadError.network(source, reason: "cannot open the file")
        }
        input.open()
        defer { input.close() }
        do {
            let file = try PartFile(destination: destination)
            var chunk = [UInt8](repeating: 0, count: 65_536)
            var copied: Int64 = 0
            while true {
                let count = input.read(&chunk, maxLength: chunk.count)
                if count < 0 {
                    file.discard()
                    throw DownloadError.network(source, reason: "cannot read the file")
                }
                if count == 0 { break }
                try chunk.withUnsafeBytes { try file.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                copied += Int64(count)
            }
            guard copied == size else {
                file.discard()
                throw DownloadError.incomplete(source, received: copied, expected: size)
            }
            try file.commit()
        } catch let error as FileWriteError {
            throw DownloadError.unwritable(error.path, reason: error.cause)
        }
    }

    private static func checkSpace(needed: Int64, in folder: String, for url: URL) throws {
        if let available = DiskSpace.available(at: folder), needed > available - 10_000_000 {
            throw DownloadError.notEnoughSpace(url, needed: needed, available: available)
        }
    }
}

/// The sink of the attempt that produced the final response (each retry makes a new one).
private final class SinkBox: @unchecked Sendable {
    private let lock = NSLock()
    private var current: FileSink?

    func set(_ sink: FileSink) { lock.withLock { current = sink } }
    var sink: FileSink? { lock.withLock { current } }
}
