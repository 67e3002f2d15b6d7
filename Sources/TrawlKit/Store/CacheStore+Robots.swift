import Foundation

extension CacheStore {
    /// `robots.json`: each host's robots.txt, kept from one night to the next.
    var robotsFile: URL { root.appendingPathComponent("robots.json", isDirectory: false) }

    /// `robots.lock`: held while `robots.json` is read again and rewritten.
    var robotsLockFile: URL { root.appendingPathComponent("robots.lock", isDirectory: false) }

    /// The robots.txt earlier nights kept, by origin; empty when none are (or the file could
    /// not be read: it is moved aside and reported, and every host is asked again).
    func keptRobots() throws -> [String: RobotsRecord] {
        try read(RobotsFile.self, at: robotsFile, consequence: "robots.txt is asked of every host again")?.robots
            ?? [:]
    }

    /// Keeps each host's robots.txt for the next nights, merged with what the file holds as
    /// it is written: shards of a run share it, each asking only its own hosts, so the one
    /// that writes last keeps what the others learned (`RobotsRecord.merging`). The file is
    /// read and written under `robots.lock` (a `CacheLock`, waited for), so two shards
    /// finishing together take turns.
    func keep(robots: [String: RobotsRecord], night: Date) throws {
        let lock = try CacheLock(path: robotsLockFile.path, waits: true)
        defer { lock.unlock() }
        try write(RobotsFile(robots: RobotsRecord.merging(try keptRobots(), robots, on: night)), to: robotsFile)
    }
}
