import Foundation

/// Checks that a module's folders use only what their own folder and the layers below declare.
///
/// A folder's names are the types, functions and variables declared at the top of its files,
/// and the types its files nest in an extension of another type (`extension CacheStore {
/// struct Entry }`) when no other declaration shares the name. A use is any mention in code
/// (comments and strings do not count; interpolations do) of a name another folder declares,
/// unless the using folder declares the same name at its top or the using file at any depth.
struct LayerCheck {
    /// A Swift file of the module: its folder and its path for messages.
    struct File {
        var folder: String
        var path: String
        var text: String
    }

    /// A folder using a name another folder declares.
    struct Edge: Hashable, Comparable, CustomStringConvertible {
        var from: String
        var to: String
        var name: String

        static func < (a: Edge, b: Edge) -> Bool { (a.from, a.to, a.name) < (b.from, b.to, b.name) }
        var description: String { "\(from) → \(to) (\(name))" }
    }

    /// One mention that breaks the layering, with where the name is declared.
    struct Violation: CustomStringConvertible {
        var edge: Edge
        /// `Store/CacheStore.swift:107`
        var usedAt: String
        var declaredAt: String
        /// True when the two folders are peers, in one layer.
        var isPeer: Bool

        var description: String { "\(usedAt): \(edge.name) (declared in \(declaredAt))" }
    }

    /// The folders from the bottom up; folders in one layer are peers and use nothing of each other.
    let layers: [[String]]
    let files: [File]

    /// The rank of each folder in `layers`.
    var ranks: [String: Int] {
        var ranks: [String: Int] = [:]
        for (rank, layer) in layers.enumerated() {
            for folder in layer { ranks[folder] = rank }
        }
        return ranks
    }

    /// Folders that hold Swift files but have no place in `layers`.
    var unplacedFolders: [String] {
        Set(files.map(\.folder)).subtracting(ranks.keys).sorted()
    }

    /// Folders `layers` names that hold no Swift file.
    var emptyFolders: [String] {
        let present = Set(files.map(\.folder))
        return layers.joined().filter { !present.contains($0) }
    }

    /// Every mention of a name declared in another folder: edges down, up and between peers.
    func uses() -> [(edge: Edge, usedAt: String, declaredAt: String)] {
        let scanned = files.map { (file: $0, scan: SwiftSourceScanner($0.text)) }
        let ranks = ranks

        // A folder's own names shadow another folder's: what it declares at the top, and what
        // a file declares at any depth (a nested `Item`, a local `value`), in that file.
        var declaredInFolder: [String: Set<String>] = [:]
        var declaredInFile: [String: Set<String>] = [:]
        var typeDeclarationCount: [String: Int] = [:]
        for (file, scan) in scanned {
            for declaration in scan.declarations {
                declaredInFile[file.path, default: []].insert(declaration.name)
                if declaration.scope != .nested { declaredInFolder[file.folder, default: []].insert(declaration.name) }
                if declaration.isType { typeDeclarationCount[declaration.name, default: 0] += 1 }
            }
        }
        // The names the module sees, with the folders (and places) that declare them.
        var owners: [String: [(folder: String, place: String, isType: Bool)]] = [:]
        for (file, scan) in scanned {
            for declaration in scan.declarations {
                switch declaration.scope {
                case .topLevel:
                    break
                case .inExtension where declaration.isType && typeDeclarationCount[declaration.name] == 1:
                    break
                default:
                    continue
                }
                owners[declaration.name, default: []].append(
                    (file.folder, "\(file.path):\(declaration.line)", declaration.isType))
            }
        }

        var found: [(edge: Edge, usedAt: String, declaredAt: String)] = []
        for (file, scan) in scanned {
            let own = (declaredInFolder[file.folder] ?? []).union(declaredInFile[file.path] ?? [])
            for token in scan.tokens where !own.contains(token.name) {
                guard let declared = owners[token.name] else { continue }
                // `value.name` is a member, whatever a top-level function of that name does.
                if token.isAfterDot && !declared.contains(where: \.isType) { continue }
                // An overloaded name declared in several folders: one of them is enough.
                let owner = declared.min { (ranks[$0.folder] ?? .max) < (ranks[$1.folder] ?? .max) }!
                found.append(
                    (
                        Edge(from: file.folder, to: owner.folder, name: token.name),
                        "\(file.path):\(token.line)", owner.place
                    ))
            }
        }
        return found
    }

    /// The mentions that point up a layer or across to a peer.
    func violations() -> [Violation] {
        let ranks = ranks
        return uses().compactMap { use in
            guard let from = ranks[use.edge.from], let to = ranks[use.edge.to], to >= from else { return nil }
            return Violation(edge: use.edge, usedAt: use.usedAt, declaredAt: use.declaredAt, isPeer: to == from)
        }
    }

    /// The Swift files of each folder of `root` (the files at its top are in no folder and left out).
    static func files(in root: URL) throws -> [File] {
        let manager = FileManager.default
        var files: [File] = []
        for folder in try manager.contentsOfDirectory(atPath: root.path).sorted() {
            let folderURL = root.appendingPathComponent(folder)
            guard let walker = manager.enumerator(atPath: folderURL.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                let url = folderURL.appendingPathComponent(relative)
                files.append(
                    File(
                        folder: folder, path: "\(folder)/\(relative)",
                        text: try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
