import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file that could not be written: its path, what was being done, and the system's cause
/// in words (`Output/index.html: cannot write: No space left on device`).
struct FileWriteError: Error, CustomStringConvertible, Sendable, Equatable {
    let path: String
    /// What was being done: "cannot write", "cannot create the directory", …
    let action: String
    /// The cause as the C library words it (`No space left on device`), or Trawl's refusal.
    let cause: String

    init(path: String, action: String, code: Int32) {
        self.path = path
        self.action = action
        self.cause = String(cString: strerror(code))
    }

    /// A write Trawl refuses itself, such as one through a symbolic link.
    init(path: String, refusal: String) {
        self.path = path
        self.action = "not written"
        self.cause = refusal
    }

    /// For the current `errno`.
    static func current(_ path: String, _ action: String) -> FileWriteError {
        FileWriteError(path: path, action: action, code: errno)
    }

    var description: String { "\(path): \(reason)" }

    /// What went wrong, without the path.
    var reason: String { "\(action): \(cause)" }
}

/// The C library's message for the current `errno`.
func errnoText() -> String {
    String(cString: strerror(errno))
}
