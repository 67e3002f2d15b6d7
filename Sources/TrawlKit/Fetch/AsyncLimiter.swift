/// A counting semaphore for tasks: at most `limit` hold it at once; the rest wait in order.
actor AsyncLimiter {
    let limit: Int
    private var holders = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func acquire() async {
        if holders < limit {
            holders += 1
            return
        }
        // The releasing task hands its place straight to the first waiter.
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty {
            holders -= 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
