/// Where a scripted response waits until the test opens it, so a test orders two runs by
/// what happened rather than by how long it took: `arrival()` returns once a request waits.
public actor FixtureGate {
    private var isOpen = false
    private var hasArrival = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// Returns once a request has reached the gate.
    public func arrival() async {
        guard !hasArrival else { return }
        await withCheckedContinuation { watchers.append($0) }
    }

    /// Lets every waiting request, and every later one, through.
    public func open() {
        isOpen = true
        held.forEach { $0.resume() }
        held = []
    }

    func pass() async {
        hasArrival = true
        watchers.forEach { $0.resume() }
        watchers = []
        guard !isOpen else { return }
        await withCheckedContinuation { held.append($0) }
    }
}
