import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the last whole generation was made from, so a night that changed nothing the site
/// shows costs a check of its inputs, not a generation (docs/SITE.md, "Generating nothing").
///
/// The stamp holds one digest of every input but the run records: Trawl's build, the
/// templates (and every file of a templates folder), the settings the site reads, the size,
/// modification time and inode of each source's snapshot, health and detail records, the
/// mirrored files found complete, and the same of every file the generation wrote. The run
/// records are listed one by one, since every night adds one: a record added since the
/// stamp keeps it only when the site leaves that run out and it could start no health event
/// (every source answered 304, nothing changed, each as in the last run shown). Anything
/// else (a record gone, a failure, a page fetched whole, an edited output file, a cache file
/// touched) and the site is generated as before. It lives beside the generation manifest in
/// the cache folder; one that cannot be read or written only costs a generation.
struct GenerationStamp: Equatable {
    /// The digest of every input but the run records.
    var key: String
    /// The id of the last run the site shows.
    var shownRun: String
    /// Each run record's file name in `runs/` and its signature.
    var runs: [String: String]
    /// Every file the generation wrote or kept, relative to the output folder.
    var outputs: [String]

    static let header = "trawl-site-stamp 1"

    /// `generation/<digest of the output path>.stamp` in the cache.
    static func file(cacheDirectory: URL, outputDirectory: URL) -> URL {
        let name = StableHash.of(outputDirectory.standardizedFileURL.path) + ".stamp"
        return cacheDirectory.appendingPathComponent("generation", isDirectory: true).appendingPathComponent(
            name, isDirectory: false)
    }

    /// The stamp in `file`; nil when there is none or it does not read as one.
    static func read(_ file: URL) -> GenerationStamp? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        // Split by bytes, not Characters: a stamp of 2,000 sources has as many lines, and
        // splitting it by Characters was a tenth of a quiet night's check.
        var lines = text.utf8.split(separator: newline, omittingEmptySubsequences: false).map(Substring.init)
        guard lines.first == Substring(header), lines.count >= 3, lines[1].hasPrefix("key\t"),
            lines[2].hasPrefix("shown\t")
        else { return nil }
        var stamp = GenerationStamp(
            key: String(lines[1].dropFirst(4)), shownRun: String(lines[2].dropFirst(6)), runs: [:], outputs: [])
        lines.removeFirst(3)
        for line in lines where !line.isEmpty {
            let parts = line.utf8.split(separator: tab, omittingEmptySubsequences: false).map(Substring.init)
            if parts.count == 3, parts[0] == "run" {
                stamp.runs[String(parts[1])] = String(parts[2])
            } else if parts.count == 2, parts[0] == "output" {
                stamp.outputs.append(String(parts[1]))
            } else {
                return nil
            }
        }
        return stamp
    }

    private static let newline = UInt8(ascii: "\n")
    private static let tab = UInt8(ascii: "\t")

    /// Writes the stamp; not flushed, and a cache folder that cannot take it is no error:
    /// a stamp lost only costs a generation.
    func save(to file: URL) {
        var text = "\(Self.header)\nkey\t\(key)\nshown\t\(shownRun)\n"
        for name in runs.keys.sorted() { text += "run\t\(name)\t\(runs[name] ?? "")\n" }
        for path in outputs { text += "output\t\(path)\n" }
        _ = try? FileWriter.write(Data(text.utf8), to: file, durability: .renamed)
    }

    static func remove(_ file: URL) {
        unlink(file.path)
    }

    /// `FileSignature` of `path`, "-" when there is nothing there.
    static func signature(of path: String) -> String {
        FileSignature.of(path) ?? "-"
    }

    /// Each run record in `runs/` with its signature.
    static func runSignatures(_ store: CacheStore) -> [String: String] {
        let folder = store.runsDirectory.path + "/"
        var runs: [String: String] = [:]
        for name in store.recordNames() {
            let file = name.shard.map { "\(name.id).\($0.fileTag).json" } ?? "\(name.id).json"
            runs[file] = signature(of: folder + file)
        }
        return runs
    }
}
