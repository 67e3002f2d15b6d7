import Foundation
import TestSupport

/// The files of a shared test-data folder, recursively, sorted for a stable order.
enum Corpus {
    static func files(
        in folder: String, extensions: Set<String> = ["xml", "json", "rss", "atom", "rdf"]
    ) throws -> [URL]? {
        guard let root = try SharedTestData.folder(folder) else { return nil }
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if extensions.contains(url.pathExtension.lowercased()) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The path below the test-data root, for messages: `feeds/feedparser/wellformed/rss/x.xml`.
    static func name(_ url: URL) -> String {
        let root = SharedTestData.root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(root) ? String(path.dropFirst(root.count + 1)) : path
    }

    /// The `Expect:` expression in a feedparser test's leading comment, if any.
    static func expectation(in data: Data) -> String? {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        guard let range = head.range(of: "Expect:") else { return nil }
        let rest = head[range.upperBound...]
        let line = rest.prefix { $0 != "\n" && $0 != "\r" }
        let value = line.trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }
}
