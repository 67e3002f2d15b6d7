import Foundation
import TrawlText

#if canImport(Glibc)
    import Glibc
#endif

/// What the last generation rendered each page from, so an unchanged page is not rendered
/// again: per output path, a key (a digest of every input of the page) and the size and
/// modification time the file had once written.
///
/// A page is skipped only when its key is the same and its file still has the recorded size
/// and time; an edited, deleted or touched output file, a changed snapshot, template,
/// setting, run record or Trawl build gives another key or another file, and the page is
/// rendered (and written only if its bytes change). The manifest lives in the cache folder
/// (`generation/<digest of the output path>.txt`), never in `Output/`, so the site's bytes
/// do not depend on it; one that cannot be read or written only costs a full render.
final class GenerationManifest {
    struct Entry: Equatable {
        var key: String
        var size: Int64
        var modified: Int64
    }

    let file: URL
    private let previous: [String: Entry]
    private var current: [String: Entry] = [:]
    /// How many items the snapshots seen last time hold, by digest of their bytes.
    let knownItemCounts: [String: Int]
    private var itemCounts: [String: Int] = [:]

    init(cacheDirectory: URL, outputDirectory: URL) {
        let name = StableHash.of(outputDirectory.standardizedFileURL.path) + ".txt"
        file = cacheDirectory.appendingPathComponent("generation", isDirectory: true).appendingPathComponent(name)
        (previous, knownItemCounts) = Self.parse((try? String(contentsOf: file, encoding: .utf8)) ?? "")
    }

    /// Remembers how many items a usable snapshot holds, so the next generation can count
    /// them without decoding it.
    func recordItemCount(_ count: Int, digest: String) {
        guard !digest.isEmpty else { return }
        itemCounts[digest] = count
    }

    /// True when `path` was last rendered with `key` and its file is as that render left it.
    func isCurrent(_ path: String, key: String, root: URL) -> Bool {
        guard let entry = previous[path], entry.key == key,
            let now = Self.status(of: root.appendingPathComponent(path, isDirectory: false)),
            now.size == entry.size, now.modified == entry.modified
        else { return false }
        current[path] = entry
        return true
    }

    /// Remembers that `path` now holds what `key` renders to.
    func record(_ path: String, key: String, root: URL) {
        guard !path.contains("\t"), !path.contains("\n"),
            let now = Self.status(of: root.appendingPathComponent(path, isDirectory: false))
        else { return }
        current[path] = Entry(key: key, size: now.size, modified: now.modified)
    }

    /// Writes the manifest when it changed; a cache folder that cannot take it is no error.
    func save() {
        guard current != previous || itemCounts != knownItemCounts else { return }
        var text = "trawl-generation 1\n"
        for path in current.keys.sorted() {
            guard let entry = current[path] else { continue }
            text += "page\t\(path)\t\(entry.key)\t\(entry.size)\t\(entry.modified)\n"
        }
        for digest in itemCounts.keys.sorted() {
            text += "items\t\(digest)\t\(itemCounts[digest] ?? 0)\n"
        }
        // Not flushed: a manifest lost in a power cut only costs a full render, and a page
        // lost while its entry survived has another size or time, so it is rendered again.
        _ = try? FileWriter.write(Data(text.utf8), to: file, durability: .renamed)
    }

    private static func parse(_ text: String) -> (pages: [String: Entry], itemCounts: [String: Int]) {
        var lines = text.split(separator: "\n")
        guard lines.first == "trawl-generation 1" else { return ([:], [:]) }
        lines.removeFirst()
        var entries: [String: Entry] = [:]
        var counts: [String: Int] = [:]
        for line in lines {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            if parts.count == 5, parts[0] == "page", let size = Int64(parts[3]), let modified = Int64(parts[4]) {
                entries[String(parts[1])] = Entry(key: String(parts[2]), size: size, modified: modified)
            } else if parts.count == 3, parts[0] == "items", let count = Int(parts[2]) {
                counts[String(parts[1])] = count
            }
        }
        return (entries, counts)
    }

    /// Size and modification time in nanoseconds, or nil when the file is not there.
    private static func status(of file: URL) -> (size: Int64, modified: Int64)? {
        var info = stat()
        guard stat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// What every key starts with: the Trawl version and the build of the running program
    /// (its size and time), so a rebuilt Trawl renders everything again.
    static let buildIdentity: String = {
        let program = status(of: URL(fileURLWithPath: "/proc/self/exe"))
        return "\(TrawlVersion.current) \(program?.size ?? 0) \(program?.modified ?? 0)"
    }()
}

/// A running 64-bit FNV-1a digest of the parts of a page's input.
struct InputDigest {
    private var hash = FNV1a()

    mutating func add(_ text: String) {
        hash.add(text)
        // A separator, so ("ab", "c") and ("a", "bc") differ.
        hash.add(0xff)
    }

    var value: String { hash.hex }
}
