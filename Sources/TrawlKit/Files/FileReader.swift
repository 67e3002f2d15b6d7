import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way Trawl reads a whole file it keeps (the cache): only a regular file, and only
/// up to a limit. A directory, a FIFO or a device where a file should be is named for what it
/// is and never opened for reading (a FIFO's open blocks until a writer comes); a file larger
/// than the limit is refused before a byte is read, so a 2 GB file never fills the memory.
enum FileReader {
    /// Why a file could not be had.
    enum Failure: Error, Equatable {
        /// Something other than a regular file is there: "a directory", "a FIFO (named pipe)".
        case notRegularFile(String)
        /// The file holds more than `limit` bytes.
        case tooLarge(bytes: Int64, limit: Int)
        /// The system refused (permissions, I/O), in its words.
        case unreadable(String)
    }

    /// The bytes of the file at `path`, nil when nothing is there.
    static func read(_ path: String, limit: Int) -> Result<Data?, Failure> {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return errno == ENOENT ? .success(nil) : .failure(.unreadable(errnoText()))
        }
        if let failure = refusal(status, limit: limit) { return .failure(failure) }
        // Non-blocking: should a FIFO take the file's place after the check, the open still returns.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .success(nil) : .failure(.unreadable(errnoText()))
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(errnoText())) }
        if let failure = refusal(status, limit: limit) { return .failure(failure) }
        // One byte past the limit tells a file that grew since `fstat`.
        var data = Data(count: Int(status.st_size) + 1)
        var count = 0
        while true {
            if count == data.count {
                guard data.count <= limit else { break }
                data.count = min(limit + 1, data.count * 2)
            }
            let read = data.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { return .failure(.unreadable(errnoText())) }
            if read == 0 { break }
            count += read
        }
        guard count <= limit else { return .failure(.tooLarge(bytes: Int64(count), limit: limit)) }
        data.count = count
        return .success(data)
    }

    private static func refusal(_ status: stat, limit: Int) -> Failure? {
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG else { return .notRegularFile(kind(of: type)) }
        return Int64(status.st_size) > Int64(limit) ? .tooLarge(bytes: Int64(status.st_size), limit: limit) : nil
    }

    /// What a non-regular file is, in words.
    static func kind(of type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFLNK: return "a symbolic link"
        default: return "not a file"
        }
    }
}
