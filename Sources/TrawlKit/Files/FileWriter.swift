import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way Trawl writes a whole file (the cache, the site): a temporary file in the same
/// directory, then `rename(2)` over the target, so a reader (or a crash) sees the old bytes or
/// the new, never a mixture. Nothing is written when the file already holds the bytes, and
/// nothing is written through or over a symbolic link. `docs/CACHE.md` states the rules.
enum FileWriter {
    /// How much of a write must survive a power cut.
    enum Durability: Sendable {
        /// The file is flushed (`fsync`) before the rename and its directory after: the cache.
        case synced
        /// The rename only: a power cut may lose the last writes. For files that are made
        /// again from the cache by the next `trawl generate` (the site).
        case renamed
    }

    /// Temporary files start with this, so a sweep after a crash can find and remove them.
    static let temporaryPrefix = ".trawl-tmp-"

    /// Writes `data` to `url` unless the file holds exactly these bytes. With `root` (the
    /// output folder), no folder between it and the file may be a symbolic link either.
    /// - Returns: true when the file was written, false when it already held them.
    @discardableResult
    static func write(
        _ data: Data, to url: URL, within root: URL? = nil, durability: Durability
    ) throws(FileWriteError) -> Bool {
        if let root { try FileInspection.refuseLinkedFolders(of: url, below: root) }
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(FileWriteError) in try write(bytes, to: url, durability: durability) }
        }
        return try result.get()
    }

    @discardableResult
    static func write(
        _ bytes: UnsafeRawBufferPointer, to url: URL, durability: Durability
    ) throws(FileWriteError)
        -> Bool
    {
        let path = url.path
        switch try FileInspection.compare(path, with: bytes) {
        case .same: return false
        case .different, .missing: break
        }
        let directory = url.deletingLastPathComponent()
        try createDirectory(directory, durability: durability)
        let temporary = temporaryPath(for: url)
        do throws(FileWriteError) {
            let descriptor = try openNew(temporary, reportingAs: path)
            defer { close(descriptor) }
            try writeAll(bytes, to: descriptor, path: path)
            if durability == .synced, fsync(descriptor) != 0 {
                throw FileWriteError.current(path, "cannot flush to disk")
            }
            guard rename(temporary, path) == 0 else { throw FileWriteError.current(path, "cannot rename into place") }
        } catch {
            unlink(temporary)
            throw error
        }
        // The new bytes are in place: a failure to flush the folder now only weakens what
        // survives a power cut, and throwing would tell the caller its write did not happen.
        if durability == .synced { try? syncDirectory(directory) }
        return true
    }

    /// `.trawl-tmp-<pid>-<random>-<name>` beside `url`: its name ends with its target's.
    static func temporaryPath(for url: URL) -> String {
        url.deletingLastPathComponent().appendingPathComponent(
            "\(temporaryPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(url.lastPathComponent)"
        ).path
    }

    /// Creates a file that must not exist yet (never following a link); `reportingAs` is the
    /// path errors name, the target rather than its random temporary name.
    static func openNew(_ path: String, reportingAs target: String) throws(FileWriteError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FileWriteError.current(target, "cannot create a temporary file beside it")
        }
        return descriptor
    }

    /// Writes all of `bytes` to an open file, through short writes and interruptions.
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(FileWriteError) {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw FileWriteError.current(path, "cannot write")
            }
            offset += written
        }
    }

    /// Creates `directory` and its parents; with `.synced`, flushes each parent that gained an entry.
    static func createDirectory(_ directory: URL, durability: Durability = .synced) throws(FileWriteError) {
        var status = stat()
        if stat(directory.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return }
        let parent = directory.deletingLastPathComponent()
        if parent.path != directory.path { try createDirectory(parent, durability: durability) }
        if mkdir(directory.path, 0o755) != 0, errno != EEXIST {
            throw FileWriteError.current(directory.path, "cannot create the directory")
        }
        if durability == .synced { try syncDirectory(parent) }
    }

    static func syncDirectory(_ directory: URL) throws(FileWriteError) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileWriteError.current(directory.path, "cannot open the directory") }
        defer { close(descriptor) }
        // Some file systems refuse fsync on a directory (EINVAL); the rename is still done.
        if fsync(descriptor) != 0, errno != EINVAL {
            throw FileWriteError.current(directory.path, "cannot flush the directory")
        }
    }

    /// Removes the temporary files a killed writer left in `directory`; returns how many.
    /// Only safe when no other writer can be mid-write there (the cache lock is held).
    @discardableResult
    static func removeLeftovers(in directory: URL, for target: (String) -> Bool = { _ in true }) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        for name in names where name.hasPrefix(temporaryPrefix) && target(name) {
            if unlink(directory.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }
}

#if canImport(Glibc)
    let systemWrite = Glibc.write
#else
    let systemWrite = Darwin.write
#endif
