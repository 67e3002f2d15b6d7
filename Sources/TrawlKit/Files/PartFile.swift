import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The streaming side of `FileWriter`, for files too large to hold in memory (downloads):
/// bytes go through a bounded buffer into `<destination>.part` beside the destination, which
/// appears only when `commit()` is called, after the caller has checked what arrived. Writes
/// never follow a symbolic link. A failed write removes the part, so a full disk leaves no
/// file behind; `close()` keeps it, so a transfer cut short can be resumed.
final class PartFile {
    let destination: URL
    let part: URL
    let durability: FileWriter.Durability
    /// The bytes in the file so far, buffered ones included.
    private(set) var size: Int64
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private let bufferSize: Int

    static func partURL(for destination: URL) -> URL { destination.appendingPathExtension("part") }

    /// Opens the part to continue after its first `offset` bytes (0: from nothing); anything
    /// past them is cut off.
    init(
        destination: URL, resumingAt offset: Int64 = 0, durability: FileWriter.Durability = .synced,
        bufferSize: Int = 256 * 1024
    ) throws(FileWriteError) {
        self.destination = destination
        self.part = Self.partURL(for: destination)
        self.durability = durability
        self.bufferSize = bufferSize
        try FileInspection.refuseLink(destination.path)
        try FileWriter.createDirectory(destination.deletingLastPathComponent(), durability: durability)
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (offset == 0 ? O_TRUNC : 0)
        descriptor = open(part.path, flags, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw FileWriteError(path: part.path, refusal: "it is a symbolic link") }
            throw FileWriteError.current(part.path, "cannot create")
        }
        size = offset
        guard ftruncate(descriptor, off_t(offset)) == 0, lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset)
        else {
            let error = FileWriteError.current(part.path, "cannot continue the partial file")
            discard()
            throw error
        }
        buffer.reserveCapacity(bufferSize)
    }

    deinit {
        if descriptor >= 0 { _ = systemClose(descriptor) }
    }

    /// Adds `bytes`; on a failed write the part is removed and the error names it.
    func append(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        if buffer.count + bytes.count > bufferSize { try flush() }
        if bytes.count >= bufferSize {
            try writeOrDiscard(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
        size += Int64(bytes.count)
    }

    /// Writes the buffered bytes to the part.
    func flush() throws(FileWriteError) {
        guard !buffer.isEmpty else { return }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        let result = pending.withUnsafeBytes { bytes in
            Result { () throws(FileWriteError) in try writeOrDiscard(bytes) }
        }
        try result.get()
    }

    /// Flushes and closes the part and renames it over the destination (flushed to disk first
    /// when `.synced`). Call it only once what arrived has been checked.
    func commit() throws(FileWriteError) {
        try flush()
        if durability == .synced, fsync(descriptor) != 0 {
            let error = FileWriteError.current(part.path, "cannot flush to disk")
            discard()
            throw error
        }
        try closeDescriptor()
        try FileInspection.refuseLink(destination.path)
        guard rename(part.path, destination.path) == 0 else {
            let error = FileWriteError.current(destination.path, "cannot rename into place")
            unlink(part.path)
            throw error
        }
        if durability == .synced { try? FileWriter.syncDirectory(destination.deletingLastPathComponent()) }
    }

    /// Flushes and closes the part, keeping it for a later resume.
    func close() throws(FileWriteError) {
        try flush()
        try closeDescriptor()
    }

    /// Closes and removes the part.
    func discard() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
        buffer.removeAll()
        unlink(part.path)
    }

    private func writeOrDiscard(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        guard descriptor >= 0 else { throw FileWriteError(path: part.path, refusal: "the file is closed") }
        do {
            try FileWriter.writeAll(bytes, to: descriptor, path: part.path)
        } catch {
            discard()
            throw error
        }
    }

    private func closeDescriptor() throws(FileWriteError) {
        guard descriptor >= 0 else { return }
        let result = systemClose(descriptor)
        descriptor = -1
        // Some file systems (NFS) report a full disk only when the file is closed.
        if result != 0, errno != EINTR {
            let error = FileWriteError.current(part.path, "cannot write")
            unlink(part.path)
            throw error
        }
    }
}

#if canImport(Glibc)
    private let systemClose = Glibc.close
#else
    private let systemClose = Darwin.close
#endif
