import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Partials read from files: partial `name` is `DIRECTORY/name.mustache`.
///
/// Each file is parsed once and kept, so rendering many pages reads it once. Names may
/// reach into subfolders (`{{>cards/item}}`) but not out of the directory: a name with
/// a `..` part or a leading `/` is not found. That matters for dynamic names
/// (`{{>*kind}}`), which come from data. Nor may a symbolic link lead out: a partial whose
/// real path is outside the directory's is an error, never read.
public final class PartialDirectory: PartialResolver, @unchecked Sendable {
    /// The directory as given; error messages name files under it.
    public let path: String
    public let fileExtension: String
    private let lock = NSLock()
    private var cache: [String: Template?] = [:]

    public init(path: String, fileExtension: String = "mustache") {
        self.path = path
        self.fileExtension = fileExtension
    }

    public func template(named name: String) throws -> Template? {
        if let cached = lock.withLock({ cache[name] }) { return cached }
        let template = try load(name)
        lock.withLock { cache[name] = template }
        return template
    }

    /// The file that holds partial `name`.
    public func filePath(for name: String) -> String {
        let directory = path.hasSuffix("/") || path.isEmpty ? path : path + "/"
        return directory + name + "." + fileExtension
    }

    private func load(_ name: String) throws -> Template? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.hasPrefix("/"), !parts.contains("..") else { return nil }
        let file = filePath(for: name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        guard Self.realPath(of: file, inside: path) != nil else {
            let target = Self.realPath(file) ?? file
            throw TemplateError(
                name: file, line: 1, column: 1,
                message: "partial '\(name)' leads to \(target), outside \(path): partials must stay in their folder")
        }
        return try Template(contentsOfFile: file)
    }

    /// The real path of `file` (symbolic links and `..` resolved) when it lies inside the real
    /// path of `root`; nil when it is elsewhere or does not exist.
    public static func realPath(of file: String, inside root: String) -> String? {
        guard let resolvedRoot = realPath(root.isEmpty ? "." : root), let resolvedFile = realPath(file) else {
            return nil
        }
        let prefix = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        return resolvedFile.hasPrefix(prefix) ? resolvedFile : nil
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
