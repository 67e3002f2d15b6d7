import Foundation
import TrawlServe

/// Streams a download's body into its `.part` file (`PartFile`: a bounded buffer, no
/// writing through links, the part removed when a write fails).
///
/// It decides from the head whether the body may be kept: a 200 starts the file afresh;
/// a 206 must continue the partial file exactly where it ends (the range asked for),
/// and a 206 to a request that asked for no range is refused, since it holds only part
/// of the file. Other statuses leave the file alone; the fetcher reports them.
final class FileSink: ResponseBodySink, @unchecked Sendable {
    let url: URL
    let destination: URL
    var part: URL { PartFile.partURL(for: destination) }
    /// Where the partial file ends: the `Range` asked for starts here (0: no range asked).
    let resumeOffset: Int64
    let maxBytes: Int64
    private let progress: @Sendable (_ received: Int64, _ expected: Int64?) -> Void
    private let checkSpace: (_ needed: Int64) throws -> Void
    private let onStart: @Sendable (DownloadRecord) -> Void

    private var file: PartFile?
    private(set) var startOffset: Int64 = 0
    private(set) var received: Int64 = 0
    /// The whole file's size, when the head says it.
    private(set) var expectedSize: Int64?
    private(set) var status = 0

    init(
        url: URL, destination: URL, resumeOffset: Int64, maxBytes: Int64,
        checkSpace: @escaping (Int64) throws -> Void,
        progress: @escaping @Sendable (Int64, Int64?) -> Void,
        onStart: @escaping @Sendable (DownloadRecord) -> Void
    ) {
        self.onStart = onStart
        self.url = url
        self.destination = destination
        self.resumeOffset = resumeOffset
        self.maxBytes = maxBytes
        self.checkSpace = checkSpace
        self.progress = progress
    }

    func begin(status: Int, headers: HTTPHeaders) throws(TransportFailure) {
        self.status = status
        received = 0
        guard status == 200 || status == 206 else { return }
        // curl decodes compressed bodies: a declared length then counts encoded bytes.
        let declared = headers["Content-Encoding"] == nil ? headers.contentLength.map(Int64.init) : nil
        if status == 206 {
            guard let field = headers["Content-Range"], let range = ContentRange(field) else {
                throw .sinkFailed("answered 206 without a valid Content-Range, so the part cannot be placed")
            }
            guard resumeOffset > 0 || (range.first == 0 && range.complete == range.length) else {
                throw .sinkFailed(
                    "answered a plain request with 206 Partial Content (\(field)): only part of the file, not kept")
            }
            guard range.first == resumeOffset, range.complete.map({ range.last == $0 - 1 }) ?? true else {
                throw .sinkFailed(
                    "asked for bytes \(resumeOffset)- but got \(field): it does not continue the partial file, not kept"
                )
            }
            if let declared, declared != range.length {
                throw .sinkFailed("Content-Length \(declared) does not match Content-Range \(field)")
            }
            startOffset = range.first
            expectedSize = range.complete ?? range.last + 1
        } else {
            // A 200 to a range request means the file changed: start again from nothing.
            startOffset = 0
            expectedSize = declared
        }
        do {
            try checkSpace(expectedSize.map { $0 - startOffset } ?? 0)
            if let expectedSize, expectedSize > maxBytes { throw DownloadError.tooLarge(url, limit: maxBytes) }
            file = try PartFile(destination: destination, resumingAt: startOffset)
        } catch let error as DownloadError {
            throw .sinkFailed(error.reason)
        } catch {
            throw .sinkFailed("\(error)")
        }
        onStart(
            DownloadRecord(
                url: url.absoluteString, etag: headers["ETag"], lastModified: headers["Last-Modified"],
                size: expectedSize, complete: false))
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(TransportFailure) {
        // Bodies of errors and redirects are not kept.
        guard let file else { return }
        received += Int64(bytes.count)
        let total = startOffset + received
        guard total <= maxBytes else { throw .tooLarge }
        if let expectedSize, total > expectedSize {
            throw .invalidResponse("more bytes than the \(expectedSize) the head announced")
        }
        do {
            try file.append(bytes)
        } catch {
            // The part is gone (a full disk keeps no half file); the next run starts afresh.
            self.file = nil
            throw .sinkFailed(error.description)
        }
        progress(total, expectedSize)
    }

    /// Renames the part into place if it holds exactly the size the head announced;
    /// otherwise keeps it to resume next time and throws.
    func finish() throws -> Int64 {
        guard let file else { throw DownloadError.unwritable(part.path, reason: "the file was not started") }
        self.file = nil
        let size = startOffset + received
        do {
            if let expectedSize, size != expectedSize {
                try file.close()
                throw DownloadError.incomplete(url, received: size, expected: expectedSize)
            }
            try file.commit()
        } catch let error as FileWriteError {
            throw DownloadError.unwritable(error.path, reason: error.cause)
        }
        return size
    }

    /// Closes the part after a failed transfer, keeping what arrived for a resume.
    func abandon() {
        try? file?.close()
        file = nil
    }
}
