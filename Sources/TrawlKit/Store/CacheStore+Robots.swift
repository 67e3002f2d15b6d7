import Foundation

extension CacheStore {
    /// `robots.json`: each host's robots.txt, kept from one night to the next.
    var robotsFile: URL { root.appendingPathComponent("robots.json", isDirectory: false) }

    /// The robots.txt earlier nights kept, by origin; empty when none are (or the file could
    /// not be read: it is moved aside and reported, and every host is asked again).
    func keptRobots() throws -> [String: RobotsRecord] {
        try read(RobotsFile.self, at: robotsFile, consequence: "robots.txt is asked of every host again")?.robots
            ?? [:]
    }

    /// Keeps each host's robots.txt for the next nights.
    func keep(robots: [String: RobotsRecord]) throws {
        try write(RobotsFile(robots: robots), to: robotsFile)
    }
}
