import Foundation

/// The cache's name for `FileWriter` with `.synced` durability: a crash at any instant leaves
/// either the old bytes or the new, and a power cut loses no write that returned. Failures
/// are `CacheError`s naming the path.
enum AtomicFile {
    /// Writes `data` unless the file already holds exactly these bytes.
    /// - Returns: true when the file was written.
    @discardableResult
    static func write(_ data: Data, to url: URL) throws -> Bool {
        try cacheError { () throws(FileWriteError) in try FileWriter.write(data, to: url, durability: .synced) }
    }

    /// Removes the temporary files a killed writer left in `directory`; returns how many.
    /// Only safe while holding the cache lock, when no other writer can be mid-write.
    @discardableResult
    static func removeLeftovers(in directory: URL, for target: (String) -> Bool = { _ in true }) -> Int {
        FileWriter.removeLeftovers(in: directory, for: target)
    }

    /// Writes all of `data` to an open file, through short writes and interruptions.
    static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws {
        try data.withUnsafeBytes { bytes in
            try cacheError { () throws(FileWriteError) in try FileWriter.writeAll(bytes, to: descriptor, path: path) }
        }
    }

    /// Creates `directory` and its parents, flushing each parent that gained an entry.
    static func createDirectory(_ directory: URL) throws {
        try cacheError { () throws(FileWriteError) in try FileWriter.createDirectory(directory, durability: .synced) }
    }

    static func syncDirectory(_ directory: URL) throws {
        try cacheError { () throws(FileWriteError) in try FileWriter.syncDirectory(directory) }
    }

    private static func cacheError<T>(_ body: () throws(FileWriteError) -> T) throws(CacheError) -> T {
        do {
            return try body()
        } catch {
            throw CacheError(path: error.path, kind: .unwritable(error.reason))
        }
    }
}
