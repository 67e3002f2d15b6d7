import Foundation

/// The options every cache-reading command shares: `--config`, `--cache`, `--output`, `--templates`.
enum ConfigurationOptions {
    static let names: Set<String> = ["--config", "--cache", "--output", "--templates"]

    /// The configuration named by `--config` (default `./trawl.json`), with the directory
    /// options laid over it.
    /// `cacheOnly` is for commands that never fetch: an unset `${NAME}` does not stop them.
    static func load(_ arguments: ParsedArguments, cacheOnly: Bool = false) throws -> Configuration {
        let path = arguments.value("--config") ?? "trawl.json"
        let file = URL(fileURLWithPath: path).standardizedFileURL
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw UsageError("no configuration at \(file.path) (write one with 'trawl init', or pass --config FILE)")
        }
        var configuration = try ConfigurationLoader.load(from: file, toleratingUnsetVariables: cacheOnly)
        if let output = arguments.value("--output") {
            configuration.outputDirectory = URL(fileURLWithPath: output).standardizedFileURL
        }
        if let cache = arguments.value("--cache") {
            configuration.cacheDirectory = URL(fileURLWithPath: cache).standardizedFileURL
        }
        if arguments.value("--output") != nil || arguments.value("--cache") != nil,
            let problem = configuration.outputProblem()
        {
            let option = arguments.value("--output") != nil ? "--output" : "--cache"
            throw UsageError("option '\(option)': \(problem)")
        }
        if let templates = arguments.value("--templates") {
            configuration.templatesDirectory = URL(fileURLWithPath: templates).standardizedFileURL
        }
        return configuration
    }
}
