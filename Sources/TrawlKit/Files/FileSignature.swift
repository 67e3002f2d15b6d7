#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's size, modification time (ns), inode and type, from one `stat`: what tells,
/// without reading it, that a file is still the one seen before. Every write Trawl makes
/// renames a new file into place, and any other write moves the time.
enum FileSignature {
    /// The signature of what is at `path`; nil when nothing is.
    static func of(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        return "\(info.st_size) \(modified) \(info.st_ino) \(info.st_mode & S_IFMT)"
    }
}
