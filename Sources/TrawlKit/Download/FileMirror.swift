import Foundation
import TrawlText

/// Mirrors the files a source's items point to (its `download` field) into
/// `Output/files/<source>/`: complete files skipped, partial ones resumed, each written
/// beside its destination and renamed into place.
struct FileMirror: Sendable {
    let configuration: Configuration
    /// Read-only: mirroring runs beside the nightly job and does not hold its lock, so a
    /// file it cannot read is reported and left for the next run to move aside.
    let store: CacheStore

    init(configuration: Configuration) {
        self.configuration = configuration
        self.store = CacheStore(root: configuration.cacheDirectory, access: .readOnly)
    }

    /// What a mirror did, per file.
    enum Event: Sendable {
        case started(MirroredFile, index: Int, of: Int)
        case progress(MirroredFile, received: Int64, expected: Int64?)
        case skipped(MirroredFile)
        case finished(MirroredFile, bytes: Int64)
        case failed(MirroredFile, Error)
        /// A link that is not to be fetched at all (`file:///etc/passwd` on a web page).
        case refused(MirroredFile, DownloadError)
        /// A cache file that could not be used.
        case cacheProblem(String)
    }

    struct Summary: Sendable {
        var downloaded = 0
        var skipped = 0
        var failed = 0
        var refused = 0
        var bytes: Int64 = 0
    }

    /// The files of every source with a `download` field (or only `sourceIDs`), from the last good snapshots.
    func plannedFiles(sourceIDs: [String] = []) throws -> [MirroredFile] {
        var files: [MirroredFile] = []
        for source in configuration.sources where sourceIDs.isEmpty || sourceIDs.contains(source.id) {
            guard let field = source.download, let snapshot = try store.lastGoodSnapshot(of: source.id) else {
                continue
            }
            files += FileNaming.files(sourceID: source.id, field: field, items: snapshot.items)
        }
        return files
    }

    /// The mirrored files that are complete on disk, by source and item id (pages link these).
    func completeFiles(of sourceID: String) -> [String: MirroredFile] {
        guard let source = configuration.source(sourceID), let field = source.download,
            let snapshot = try? store.lastGoodSnapshot(of: sourceID)
        else { return [:] }
        let records = (try? store.downloadRecords(of: sourceID)) ?? [:]
        var result: [String: MirroredFile] = [:]
        for file in FileNaming.files(sourceID: sourceID, field: field, items: snapshot.items)
        where isComplete(file, record: records[file.fileName]) {
            result[file.itemID] = file
        }
        return result
    }

    /// Mirrors the files, one at a time, through `fetcher`: its robots.txt at every hop,
    /// redirect rules, retries, timeouts and per-host gates. Only http(s) links are
    /// fetched; a `file:` link only from a source that is itself a local file, and only
    /// inside the configuration file's folder (the demo's sample charts).
    func mirror(
        sourceIDs: [String] = [], fetcher: Fetcher? = nil, report: @escaping @Sendable (Event) -> Void
    ) async throws -> Summary {
        let fetcher = fetcher ?? Fetcher(settings: configuration.fetch)
        let files = try plannedFiles(sourceIDs: sourceIDs)
        defer {
            for problem in store.problems.drain() { report(.cacheProblem(problem.description)) }
        }
        var summary = Summary()
        var records: [String: [String: DownloadRecord]] = [:]
        for (index, file) in files.enumerated() {
            var sourceRecords = try records[file.sourceID] ?? store.downloadRecords(of: file.sourceID)
            defer { records[file.sourceID] = sourceRecords }
            let previous = sourceRecords[file.fileName]
            if isComplete(file, record: previous) {
                summary.skipped += 1
                report(.skipped(file))
                continue
            }
            if let refusal = refusal(of: file) {
                summary.refused += 1
                report(.refused(file, refusal))
                continue
            }
            report(.started(file, index: index + 1, of: files.count))
            let destination = self.destination(of: file)
            do {
                try FileManager.default.createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                // Remember the version before the body arrives, so an interrupted
                // download can resume next time only if the server still has that version.
                let recordsSoFar = sourceRecords
                let store = self.store
                var downloader = FileDownloader(
                    url: file.url, destination: destination, previous: previous,
                    maxBytes: Int64(configuration.fetch.maxBytes) * 50, timeout: configuration.fetch.timeout * 60,
                    progress: { received, expected in report(.progress(file, received: received, expected: expected)) },
                    onStart: { partial in
                        var records = recordsSoFar
                        records[file.fileName] = partial
                        // Failing to note it costs only the chance to resume, never a file.
                        _ = try? store.save(downloadRecords: records, of: file.sourceID)
                    })
                if let source = configuration.source(file.sourceID) {
                    (downloader.options, downloader.sourceOrigin) = (source.request, Fetcher.origin(of: source.url))
                    (downloader.options.method, downloader.options.body) = ("GET", nil)
                }
                let outcome = try await downloader.run(with: fetcher)
                sourceRecords[file.fileName] = outcome.record
                try store.save(downloadRecords: sourceRecords, of: file.sourceID)
                summary.downloaded += 1
                summary.bytes += outcome.bytesTransferred
                report(.finished(file, bytes: outcome.bytesTransferred))
            } catch {
                summary.failed += 1
                report(.failed(file, error))
            }
        }
        return summary
    }

    /// Why `file` is not fetched at all, or nil when it may be.
    func refusal(of file: MirroredFile) -> DownloadError? {
        if file.url.isWebAddress { return nil }
        // The page names the file: the web, or a `file:` URL only from a local page, from beside the configuration.
        guard let page = configuration.source(file.sourceID)?.url,
            file.url.mayBeFollowed(from: page, within: configuration.file.deletingLastPathComponent())
        else { return .refusedScheme(file.url) }
        return nil
    }

    func destination(of file: MirroredFile) -> URL {
        configuration.outputDirectory.appendingPathComponent(file.relativePath)
    }

    /// Complete: recorded as complete for this URL, and the file on disk has the recorded size.
    private func isComplete(_ file: MirroredFile, record: DownloadRecord?) -> Bool {
        guard let record, record.complete, record.url == file.url.absoluteString else { return false }
        let size = (try? FileManager.default.attributesOfItem(atPath: destination(of: file).path)[.size] as? Int64)
        return size != nil && size == record.size
    }
}

extension CacheStore {
    func downloadsFile(of sourceID: String) -> URL {
        sourceDirectory(sourceID).appendingPathComponent("downloads.json")
    }

    func downloadRecords(of sourceID: String) throws -> [String: DownloadRecord] {
        try read(DownloadsFile.self, at: downloadsFile(of: sourceID), consequence: "its files are checked again")?
            .files ?? [:]
    }

    @discardableResult
    func save(downloadRecords: [String: DownloadRecord], of sourceID: String) throws -> Bool {
        try write(DownloadsFile(files: downloadRecords), to: downloadsFile(of: sourceID))
    }
}
