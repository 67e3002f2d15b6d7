import Foundation

/// Writes the generated files under `Output/`, each only when its bytes would change, so
/// an unchanged site keeps its mtimes (and web servers their ETags).
///
/// Writing goes through `FileWriter` with `.renamed` durability: a temporary file beside the
/// destination, then a rename, so a web server never serves half a page; no `fsync`, since
/// the next `trawl generate` makes every file again from the cache (`docs/CACHE.md`). The
/// writer remembers every path it was given, so the generator can remove generated files
/// that belong to nothing any more.
final class SiteWriter {
    let root: URL
    private(set) var paths: Set<String> = []
    private(set) var rewritten = 0
    /// Files kept without rendering them again.
    private(set) var reused = 0

    init(root: URL) {
        self.root = root
    }

    /// Writes `data` to `path` (relative to the output folder, `/`-separated) unless the
    /// file already holds exactly these bytes.
    func write(_ data: Data, to path: String) throws {
        paths.insert(path)
        let file = root.appendingPathComponent(path)
        do {
            if try FileWriter.write(data, to: file, within: root, durability: .renamed) { rewritten += 1 }
        } catch {
            throw SiteError(path: error.path, reason: error.reason)
        }
    }

    /// Counts `path` as written without touching it: a page that was not rendered again
    /// because nothing it is made of changed.
    func keep(_ path: String) {
        paths.insert(path)
        reused += 1
    }

    private static func isLink(_ url: URL) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
    }

    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Removes files in `folder` (relative) that match `isGenerated` but were not written
    /// this time: the digest of a run that retention removed, the page of a source that
    /// left the configuration. Anything else there (a user's file, `files/` mirrors) stays.
    func removeStale(in folder: String, recursive: Bool = false, where isGenerated: (String) -> Bool) throws {
        let directory = root.appendingPathComponent(folder, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names.sorted() {
            let path = folder.isEmpty ? name : "\(folder)/\(name)"
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            // A linked folder is never entered: its files are not the site's to remove.
            if exists && isDirectory.boolValue {
                if Self.isLink(root.appendingPathComponent(path)) { continue }
                if recursive { try removeStale(in: path, where: isGenerated) }
                continue
            }
            guard isGenerated(name), !paths.contains(path) else { continue }
            do {
                try FileManager.default.removeItem(at: root.appendingPathComponent(path))
            } catch {
                throw SiteError(
                    path: path, reason: "cannot remove a stale generated file: \(FileErrorText.cause(of: error))")
            }
        }
    }
}

/// A site that could not be generated: the file (a template, an output path) and why.
public struct SiteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file that could not be written.
    public let path: String
    /// Why, in words.
    public let reason: String

    /// An error writing `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
