import Foundation

/// What a host's robots.txt came to.
enum RobotsVerdict: Sendable {
    case rules(RobotsTxt)
    /// robots.txt answered with a server error: disallow all.
    case unreachable(String)
    /// The host could not be reached at all: every request to it fails the same way.
    case failed(FetchError)
}

/// Each host's robots.txt, fetched once however many requests ask for it at once, and what
/// earlier nights kept of it (`RobotsRecord`).
actor RobotsCache {
    private var verdicts: [String: Task<RobotsVerdict, Never>] = [:]
    /// Kept from earlier nights, by origin.
    private var kept: [String: RobotsRecord] = [:]
    /// When tonight started: what was checked within a day of it is used without asking.
    private var night: Date?
    /// What tonight fetched or confirmed, to keep for the next nights.
    private var renewed: [String: RobotsRecord] = [:]

    func verdict(for origin: String, load: @escaping @Sendable () async -> RobotsVerdict) async -> RobotsVerdict {
        if let pending = verdicts[origin] { return await pending.value }
        let task = Task { await load() }
        verdicts[origin] = task
        return await task.value
    }

    /// Takes what earlier nights kept, for the night starting at `night`.
    func recall(_ records: [String: RobotsRecord], night: Date) {
        kept = records
        self.night = night
    }

    /// What is kept for `origin`, and whether it may be used without asking tonight.
    func kept(for origin: String) -> (record: RobotsRecord, isFresh: Bool)? {
        guard let record = kept[origin] else { return nil }
        return (record, night.map { record.isFresh(on: $0) } ?? false)
    }

    /// Keeps what tonight read of `origin`'s robots.txt (its `checked` set to tonight).
    func renew(_ origin: String, text: String?, validators: HTTPValidators) {
        renewed[origin] = RobotsRecord(text: text, validators: validators, checked: night ?? Date())
    }

    /// Everything to keep for the next nights; nil when tonight renewed nothing, so a night
    /// that asked no host for robots.txt writes nothing. A host no night asked for in
    /// `forgottenAfter` is left out.
    func records() -> [String: RobotsRecord]? {
        guard !renewed.isEmpty else { return nil }
        let now = night ?? Date()
        let recent = kept.filter { now.timeIntervalSince($0.value.checked) < Self.forgottenAfter }
        return recent.merging(renewed) { _, tonight in tonight }
    }

    /// Thirty days: a host a source asks for weekly or monthly keeps its record.
    static let forgottenAfter: TimeInterval = 31 * 24 * 60 * 60
}
