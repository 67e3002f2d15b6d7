import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path the writer is about to replace: nothing, a file holding other bytes,
/// or a file holding exactly the new ones. A symbolic link is refused, never followed.
enum FileInspection {
    enum Comparison {
        case missing
        case different
        case same
    }

    static func compare(_ path: String, with bytes: UnsafeRawBufferPointer) throws(FileWriteError) -> Comparison {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        try refuseLink(path, status)
        // Sizes differ (or it is not a plain file): no need to read it.
        guard status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == bytes.count else { return .different }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        // An unreadable file simply gets rewritten.
        guard descriptor >= 0 else { return .different }
        defer { close(descriptor) }
        let chunk = 65_536
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < bytes.count {
            let count = read(descriptor, buffer.baseAddress!, min(chunk, bytes.count - offset))
            if count < 0, errno == EINTR { continue }
            guard count > 0, memcmp(buffer.baseAddress!, bytes.baseAddress! + offset, count) == 0 else {
                return .different
            }
            offset += count
        }
        return .same
    }

    /// Throws when `path` is a symbolic link: writing would either go through it (to a file
    /// anywhere) or silently replace a link someone made on purpose.
    static func refuseLink(_ path: String) throws(FileWriteError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        try refuseLink(path, status)
    }

    /// Throws when a folder between `root` (itself may be a link) and the file `url` below it
    /// is a symbolic link: a folder linked from inside the output would take the site's files
    /// anywhere the link points, as a linked file would.
    static func refuseLinkedFolders(of url: URL, below root: URL) throws(FileWriteError) {
        let base = root.standardizedFileURL.pathComponents
        let folders = url.standardizedFileURL.deletingLastPathComponent().pathComponents
        guard folders.count > base.count, Array(folders.prefix(base.count)) == base else { return }
        var folder = root.standardizedFileURL
        for name in folders.dropFirst(base.count) {
            folder.appendPathComponent(name, isDirectory: true)
            var status = stat()
            // Not there yet: nothing below it is either.
            guard lstat(folder.path, &status) == 0 else { return }
            guard status.st_mode & S_IFMT == S_IFLNK else { continue }
            throw FileWriteError(
                path: folder.path,
                refusal: "\(url.lastPathComponent) would be written through this folder, which is a symbolic link;"
                    + " Trawl does not write through links inside the output folder (remove the link)")
        }
    }

    private static func refuseLink(_ path: String, _ status: stat) throws(FileWriteError) {
        guard status.st_mode & S_IFMT == S_IFLNK else { return }
        throw FileWriteError(
            path: path, refusal: "it is a symbolic link, and Trawl neither writes through links nor replaces them")
    }
}
