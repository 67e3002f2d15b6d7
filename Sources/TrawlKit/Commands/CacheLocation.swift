import Foundation

/// Where the commands that read the cache find it, and which sources to show: the same
/// `--config FILE` and `--cache DIR` as `trawl run`.
struct CacheLocation: Sendable {
    /// The options every command that reads the cache takes.
    static let options = [
        ConfigurationOptions.config.helped("the configuration whose cache to read (default: ./trawl.json)"),
        ConfigurationOptions.cache.helped(
            "the cache directory (default: the configuration's); alone, needs no configuration"),
    ]

    var directory: URL
    /// The configured sources in configuration order, when a configuration was read.
    var sourceIDs: [String]?
    /// The configured sources that have an `every`, by id (empty without a configuration).
    var schedules: [String: SourceConfiguration] = [:]
    /// The configured sources that read their items' pages (`detail`), by id.
    var detailSources: [String: SourceConfiguration] = [:]

    init(directory: URL, sourceIDs: [String]? = nil) {
        self.directory = directory
        self.sourceIDs = sourceIDs
    }

    /// `--cache DIR` alone names the cache, so a cache can be read without its configuration;
    /// otherwise the configuration (`--config FILE`, default `trawl.json`) is read, and names
    /// the cache and the sources, with `--cache` laid over it.
    static func resolve(_ arguments: ParsedArguments) throws -> CacheLocation {
        if let cache = arguments.value(ConfigurationOptions.cache), arguments.value(ConfigurationOptions.config) == nil
        {
            return CacheLocation(directory: URL(fileURLWithPath: cache, isDirectory: true).standardizedFileURL)
        }
        // Only the cache is read: an unset `${VAR}` in a source's URL must not stop `status` or `diff`.
        let configuration = try ConfigurationOptions.load(arguments, cacheOnly: true)
        var location = CacheLocation(
            directory: configuration.cacheDirectory, sourceIDs: configuration.sources.map(\.id))
        for source in configuration.sources where source.every != nil { location.schedules[source.id] = source }
        for source in configuration.sources where source.detail != nil { location.detailSources[source.id] = source }
        return location
    }
}
