import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file so that a crash at any instant leaves either the old bytes or the new.
///
/// The bytes go to a temporary file in the same directory (so the rename cannot cross file
/// systems), which is flushed with `fsync` before `rename(2)` replaces the target; the
/// directory is then flushed too, so the rename itself survives a power cut.
enum AtomicFile {
    /// Temporary files start with this, so a sweep after a crash can find and remove them.
    static let temporaryPrefix = ".trawl-tmp-"

    static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try createDirectory(directory)
        let temporary = directory.appendingPathComponent(
            "\(temporaryPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(url.lastPathComponent)")
        do {
            try writeAndSync(data, to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CacheError(path: url.path, kind: .unwritable("cannot rename into place: \(errnoText())"))
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
        // The new bytes are in place: a failure to flush the folder now only weakens what
        // survives a power cut, and throwing would tell the caller its write did not happen.
        try? syncDirectory(directory)
    }

    /// Removes the temporary files a killed writer left in `directory`; returns how many.
    /// Only safe while holding the cache lock, when no other writer can be mid-write.
    @discardableResult
    static func removeLeftovers(in directory: URL, for target: (String) -> Bool = { _ in true }) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        // The temporary's name ends with its target's: `.trawl-tmp-<pid>-<random>-<name>`.
        for name in names where name.hasPrefix(temporaryPrefix) && target(name) {
            if unlink(directory.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }

    private static func writeAndSync(_ data: Data, to url: URL) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CacheError(path: url.path, kind: .unwritable("cannot create: \(errnoText())"))
        }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: url.path)
        guard fsync(descriptor) == 0 else {
            throw CacheError(path: url.path, kind: .unwritable("cannot flush to disk: \(errnoText())"))
        }
    }

    /// Writes all of `data` to an open file, through short writes and interruptions.
    static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw CacheError(path: path, kind: .unwritable("cannot write: \(errnoText())"))
                }
                offset += written
            }
        }
    }

    /// Creates `directory` and its parents, flushing each parent that gained an entry.
    static func createDirectory(_ directory: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return
        }
        let parent = directory.deletingLastPathComponent()
        if parent.path != directory.path { try createDirectory(parent) }
        if mkdir(directory.path, 0o755) != 0, errno != EEXIST {
            throw CacheError(path: directory.path, kind: .unwritable("cannot create the directory: \(errnoText())"))
        }
        try syncDirectory(parent)
    }

    static func syncDirectory(_ directory: URL) throws {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CacheError(path: directory.path, kind: .unwritable("cannot open the directory: \(errnoText())"))
        }
        defer { close(descriptor) }
        // Some file systems refuse fsync on a directory (EINVAL); the rename is still done.
        if fsync(descriptor) != 0, errno != EINVAL {
            throw CacheError(path: directory.path, kind: .unwritable("cannot flush the directory: \(errnoText())"))
        }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#else
    private let systemWrite = Darwin.write
#endif

/// The C library's message for the current `errno`.
func errnoText() -> String {
    String(cString: strerror(errno))
}
