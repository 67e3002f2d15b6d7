import Foundation

/// The options that say where a command finds its configuration, cache, output and
/// templates, declared once for every command that takes them.
enum ConfigurationOptions {
    static let config = CommandOption.option("--config", "FILE", "the configuration (default: ./trawl.json)")
    static let cache = CommandOption.option("--cache", "DIR", "where snapshots and run records live (default: Cache/)")
    static let output = CommandOption.option(
        "--output", "DIR", "where the site goes (default: from the configuration, else Output/)")
    static let templates = CommandOption.option(
        "--templates", "DIR", "templates that override the built-in ones, file by file")

    /// All four, for the commands that read a configuration and write the site.
    static let all = [config, output, cache, templates]

    /// The configuration named by `--config` (default `./trawl.json`), with the directory
    /// options the command takes laid over it.
    /// `cacheOnly` is for commands that never fetch: an unset `${NAME}` does not stop them.
    static func load(_ arguments: ParsedArguments, cacheOnly: Bool = false) throws -> Configuration {
        let path = arguments.valueIfDeclared(config) ?? "trawl.json"
        let file = URL(fileURLWithPath: path).standardizedFileURL
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw UsageError(
                "no configuration at \(file.path) (write one with 'trawl init', or pass \(config.synopsis))")
        }
        var configuration = try ConfigurationLoader.load(from: file, toleratingUnsetVariables: cacheOnly)
        let outputPath = arguments.valueIfDeclared(output)
        let cachePath = arguments.valueIfDeclared(cache)
        if let outputPath { configuration.outputDirectory = URL(fileURLWithPath: outputPath).standardizedFileURL }
        if let cachePath { configuration.cacheDirectory = URL(fileURLWithPath: cachePath).standardizedFileURL }
        if outputPath != nil || cachePath != nil, let problem = configuration.outputProblem() {
            throw UsageError("option '\(outputPath != nil ? output.name : cache.name)': \(problem)")
        }
        if let templatesPath = arguments.valueIfDeclared(templates) {
            configuration.templatesDirectory = URL(fileURLWithPath: templatesPath).standardizedFileURL
        }
        return configuration
    }
}
