import Foundation

/// Where the commands that read the cache find it: `--cache DIR`, else the cache the
/// configuration names (`--config FILE`, default `trawl.json`).
public enum CacheLocation {
    /// The options every command that reads the cache takes, the same as `trawl run`'s.
    public static let options: Set<String> = ["--config", "--cache"]

    /// The usage lines for those options.
    public static let usage = """
          --config FILE   the configuration whose cache to read (default: trawl.json)
          --cache DIR     the cache directory itself (default: the configuration's, else Cache/)
        """

    /// The cache directory the arguments name, resolved against `currentDirectory`.
    public static func directory(
        from arguments: ParsedArguments,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ) throws -> URL {
        if let cache = arguments.value("--cache") {
            return URL(fileURLWithPath: cache, isDirectory: true, relativeTo: currentDirectory).standardizedFileURL
        }
        let configuration = URL(
            fileURLWithPath: arguments.value("--config") ?? "trawl.json", relativeTo: currentDirectory
        ).standardizedFileURL
        if arguments.value("--config") != nil, !FileManager.default.fileExists(atPath: configuration.path) {
            throw UsageError("no configuration file at \(configuration.path)")
        }
        // Until the configuration loader names it, the cache is `Cache/` beside the configuration.
        return configuration.deletingLastPathComponent().appendingPathComponent("Cache", isDirectory: true)
    }
}
