import Foundation
import TrawlText

/// One file an item points to, and where its mirror goes under `Output/files/<source>/`.
struct MirroredFile: Sendable, Hashable {
    var sourceID: String
    var itemID: String
    var url: URL
    /// The sanitised file name inside the source's folder.
    var fileName: String

    /// `files/<source>/<name>`, relative to the output folder (what pages link to).
    var relativePath: String { "files/\(sourceID)/\(fileName)" }
}

/// Chooses safe, stable, distinct file names for a source's files.
enum FileNaming {
    /// The files of `items` whose `field` holds a URL, named after the URL's last path
    /// component with anything but letters, digits, `.`, `-` and `_` replaced; names are
    /// made distinct in item order, so the same snapshot always gives the same names.
    static func files(sourceID: String, field: String, items: [Item]) -> [MirroredFile] {
        var taken = Set<String>()
        var files: [MirroredFile] = []
        for item in items {
            guard let url = url(item, field), url.isFetchable else { continue }
            var name = sanitise(url.lastPathComponent.removingPercentEncoding ?? url.lastPathComponent)
            if name.isEmpty { name = sanitise(item.id) }
            if name.isEmpty { name = "file" }
            let (stem, ext) = split(name)
            var candidate = name
            var counter = 2
            while !taken.insert(candidate.lowercased()).inserted {
                candidate = "\(stem)-\(counter)\(ext)"
                counter += 1
            }
            files.append(MirroredFile(sourceID: sourceID, itemID: item.id, url: url, fileName: candidate))
        }
        return files
    }

    static func url(_ item: Item, _ field: String) -> URL? {
        if field == "url" { return item.url }
        switch item[field: field] {
        case .url(let url): return url
        case .string(let text): return URL(string: text)
        default: return nil
        }
    }

    /// Letters, digits, `.`, `-`, `_`; no leading dot (no hidden files, no `..`); at most 120 characters.
    static func sanitise(_ name: String) -> String {
        let mapped = name.unicodeScalars.map { scalar -> Character in
            let allowed =
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
            return allowed ? Character(scalar) : "_"
        }
        var result = String(mapped)
        while result.hasPrefix(".") { result.removeFirst() }
        return String(result.prefix(120))
    }

    private static func split(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
