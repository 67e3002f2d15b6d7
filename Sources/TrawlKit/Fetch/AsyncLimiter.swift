import Foundation

/// A counting semaphore for tasks: at most `limit` hold it at once; the rest wait in order.
///
/// A lock, not an actor: a place freed goes to the first waiter at once, from whichever
/// thread frees it, with no hop of either task onto an actor's executor. Each hop waits
/// for a core, and a night hands its ten places over 2,000 times (the places left idle
/// between an answer and the next request were a quarter of a quiet night's wall over
/// its floor).
final class AsyncLimiter: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    // Guarded by `lock`.
    private var holders = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func acquire() async {
        if lock.withLock({ takePlace() }) { return }
        await withCheckedContinuation { continuation in
            // A place freed since the first look is taken now rather than waited for.
            let taken = lock.withLock {
                if takePlace() { return true }
                waiters.append(continuation)
                return false
            }
            if taken { continuation.resume() }
        }
    }

    /// Frees a place: the first waiter takes it, else it is open.
    func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiters.isEmpty {
                holders -= 1
                return nil
            }
            return waiters.removeFirst()
        }
        next?.resume()
    }

    /// Takes an open place, if there is one; call holding `lock`.
    private func takePlace() -> Bool {
        guard holders < limit else { return false }
        holders += 1
        return true
    }
}
