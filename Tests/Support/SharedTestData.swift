import Foundation

/// The peer suites and real documents in `../shared/testdata`, found by path.
///
/// A user's clone may not have them: tests then skip and say so. Under `CI=true` a
/// missing folder is a failure, so CI can never pass by skipping.
public enum SharedTestData {
    /// The package root, found from this file's location.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var root: URL {
        if let override = ProcessInfo.processInfo.environment["TRAWL_SHARED"] {
            return URL(fileURLWithPath: override).appendingPathComponent("testdata")
        }
        // `../shared` beside the clone; a git worktree sits deeper, so look further up too.
        var folder = packageRoot
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            let candidate = folder.appendingPathComponent("shared/testdata")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata")
    }

    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.path)
    }

    public static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The folder `path` under testdata, or nil (with a note on stderr) when absent.
    /// Throws under CI, where the shared data must be present.
    public static func folder(_ path: String) throws -> URL? {
        let url = root.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        if isCI { throw MissingSharedData(path: url.path) }
        FileHandle.standardError.write(Data("note: \(url.path) is absent; skipping the tests that need it\n".utf8))
        return nil
    }

    public struct MissingSharedData: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "CI=true but the shared test data is missing: \(path)" }
    }
}
