import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Foundation's file errors in words, with their path: on Linux they print as
/// "The operation could not be completed. (NSCocoaErrorDomain error 512.)", naming neither
/// the file nor the cause.
enum FileErrorText {
    /// "`/srv/Cache/runs/x.json`: No space left on device", or just the cause when the error
    /// names no path.
    static func describe(_ error: Error) -> String {
        let cause = self.cause(of: error)
        guard let path = path(of: error) else { return cause }
        return "\(path): \(cause)"
    }

    /// What went wrong, without the path.
    static func cause(of error: Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        guard error.domain == NSCocoaErrorDomain else { return error.localizedDescription }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        // Foundation on Linux often drops the cause: ask the file system again.
        let writing = (NSFileWriteUnknownError...NSFileWriteVolumeReadOnlyError).contains(error.code)
        if let path = path(of: error), let cause = probe(path, writing: writing) { return cause }
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError: return "permission denied (reading)"
        case NSFileWriteNoPermissionError: return "permission denied (writing)"
        case NSFileReadInapplicableStringEncodingError: return "not text in the expected encoding"
        case NSFileReadCorruptFileError: return "the file is corrupt"
        case NSFileReadTooLargeError: return "the file is too large to read"
        case NSFileWriteOutOfSpaceError: return "no space left on device"
        case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
        case NSFileWriteFileExistsError: return "a file of that name exists"
        case NSFileReadUnknownError: return "cannot read the file"
        case NSFileWriteUnknownError: return "cannot write the file"
        default: return error.localizedDescription
        }
    }

    /// Why `path` cannot be read (or written), as the system says it; nil when nothing shows.
    static func probe(_ path: String, writing: Bool) -> String? {
        var status = stat()
        if !writing {
            if stat(path, &status) != 0 { return String(cString: strerror(errno)) }
            if status.st_mode & S_IFMT == S_IFDIR { return String(cString: strerror(EISDIR)) }
            if access(path, R_OK) != 0 { return String(cString: strerror(errno)) }
            return nil
        }
        let parent = (path as NSString).deletingLastPathComponent
        if stat(parent.isEmpty ? "." : parent, &status) != 0 { return String(cString: strerror(errno)) }
        if status.st_mode & S_IFMT != S_IFDIR { return String(cString: strerror(ENOTDIR)) }
        if access(parent, W_OK) != 0 { return String(cString: strerror(errno)) }
        var space = statvfs()
        if statvfs(parent, &space) == 0, space.f_bavail == 0 { return String(cString: strerror(ENOSPC)) }
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return String(cString: strerror(EISDIR)) }
        return nil
    }

    /// The path a Foundation error names, if it names one.
    static func path(of error: Error) -> String? {
        let info = (error as NSError).userInfo
        if let path = info[NSFilePathErrorKey] as? String { return path }
        if let url = info[NSURLErrorKey] as? URL, url.isFileURL { return url.path }
        return nil
    }
}
