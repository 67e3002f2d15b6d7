import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cache's lock, `Cache/trawl.lock`: one run at a time.
///
/// Exclusion comes from `flock(2)` on the file, which the kernel drops when its process
/// dies, so a lock left by a killed run is simply taken over; the file holds the owner's
/// pid so a second run can say who is in the way. Released by `unlock()` or on deinit.
public final class CacheLock: @unchecked Sendable {
    /// The lock file's name in the cache folder (a shard's adds its shard).
    public static let fileName = "trawl.lock"

    /// The lock file held.
    public let path: String
    /// The pid written in a lock file whose process was gone when this lock was taken.
    public let tookOverFrom: Int32?
    /// Whether the lock file named a process when it was taken: one that ended without
    /// releasing it (killed), and may have left temporary files behind.
    let wasLeftBehind: Bool
    private let mutex = NSLock()
    private var descriptor: Int32

    /// Takes the lock at `path`; throws `CacheLockedError` while another holds it, unless
    /// `waits`, for a lock held only for a moment (`robots.lock`): then it waits its turn.
    init(path: String, waits: Bool = false) throws {
        self.path = path
        // A releasing run deletes the file; locking an inode that was just unlinked would let
        // two runs in, so the lock only counts when the path still names the locked file.
        for _ in 0..<10 {
            // Never through a symbolic link: the pid would overwrite, and the unlock delete, its target.
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                if errno == ELOOP {
                    throw CacheError(
                        path: path,
                        kind: .unwritable(
                            "the lock file is a symbolic link; remove it (Trawl never writes through one)"))
                }
                throw CacheError(path: path, kind: .unwritable("cannot open the lock file: \(errnoText())"))
            }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
                close(descriptor)
                throw CacheError(
                    path: path,
                    kind: .unwritable("the lock file is not a plain file of its own (a hard link?); remove it"))
            }
            if flock(descriptor, waits ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
                let reason = errno
                let owner = Self.pid(in: descriptor)
                close(descriptor)
                if reason == EWOULDBLOCK { throw CacheLockedError(path: path, pid: owner) }
                errno = reason
                throw CacheError(path: path, kind: .unwritable("cannot lock: \(errnoText())"))
            }
            guard Self.isStillLinked(descriptor, at: path) else {
                close(descriptor)
                continue
            }
            let previous = Self.pid(in: descriptor)
            let line = "\(getpid())\n"
            guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, line, line.utf8.count, 0) == line.utf8.count else {
                let message = errnoText()
                close(descriptor)
                throw CacheError(path: path, kind: .unwritable("cannot write the lock file: \(message)"))
            }
            fsync(descriptor)
            self.descriptor = descriptor
            self.tookOverFrom = previous.flatMap { $0 == getpid() ? nil : $0 }
            self.wasLeftBehind = previous != nil
            return
        }
        throw CacheLockedError(path: path, pid: nil)
    }

    deinit {
        unlock()
    }

    /// Releases the lock and deletes the file; calling it again does nothing.
    public func unlock() {
        mutex.withLock {
            guard descriptor >= 0 else { return }
            // Unlinked while still locked, so no other run can lock the old file in between.
            unlink(path)
            close(descriptor)
            descriptor = -1
        }
    }

    /// Who holds the lock at `path`, if a live process does; nil when the file is absent or
    /// free. Looks without taking it for more than an instant, and never creates the file.
    public static func holder(of path: String) -> Holder? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return nil
        }
        return errno == EWOULDBLOCK ? Holder(pid: pid(in: descriptor)) : nil
    }

    /// A live process holding a lock; `pid` is what its lock file says, when readable.
    public struct Holder: Sendable {
        /// The holder's process id, when its lock file says.
        public let pid: Int32?
    }

    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private static func isStillLinked(_ descriptor: Int32, at path: String) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_ino == named.st_ino && opened.st_dev == named.st_dev
    }
}

/// Another live run holds the cache lock.
public struct CacheLockedError: Error, CustomStringConvertible, Sendable {
    /// The lock file another process holds.
    public let path: String
    /// The pid the lock file names, when it could be read.
    public let pid: Int32?

    public var description: String {
        let owner = pid.map { "another trawl (pid \($0))" } ?? "another trawl"
        return "\(owner) is using the cache: \(path) is locked; this run stops without touching the cache."
            + " Wait for it to finish (the lock is released when that process ends)."
    }
}
