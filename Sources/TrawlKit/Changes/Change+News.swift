import Foundation

// One count of changes, so the index, the digests, the run summary, `trawl diff` and the
// notifications agree: what was added, changed, removed or came back. A baseline (a
// source's first run) tracks items; it is not news.

extension Change {
    /// True for what a person is told of: everything but a baseline.
    public var isNews: Bool { kind != .baseline }
}

extension RunRecord {
    /// The changes a person is told of (see `Change.isNews`).
    public var newsCount: Int { changes.reduce(0) { $0 + ($1.isNews ? 1 : 0) } }
}
