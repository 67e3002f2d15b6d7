import Foundation

/// Notices changes under a few paths by polling their modification times and sizes.
///
/// Polling is portable and cheap for the handful of templates and one configuration file
/// that `trawl serve --watch` looks at.
struct FileWatcher: Sendable {
    let paths: [URL]

    /// Path → (modification time, size) for every file under `paths`.
    typealias Fingerprint = [String: FileState]

    struct FileState: Equatable, Sendable {
        var modified: Date
        var size: Int
    }

    func fingerprint() -> Fingerprint {
        var result: Fingerprint = [:]
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path.path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                result[path.path] = state(of: path.path)
                continue
            }
            guard let walker = manager.enumerator(atPath: path.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let full = path.appendingPathComponent(relative).path
                result[full] = state(of: full)
            }
        }
        return result
    }

    private func state(of path: String) -> FileState? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return FileState(
            modified: (attributes[.modificationDate] as? Date) ?? .distantPast, size: (attributes[.size] as? Int) ?? 0)
    }
}
