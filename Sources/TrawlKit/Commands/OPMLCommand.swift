import Foundation

/// `trawl opml`: print the OPML subscription list of every feed the site publishes, the
/// same bytes `trawl generate` writes to `Output/feeds.opml`.
struct OPMLCommand: TrawlCommand {
    static let name = "opml"
    static let summary = "print the OPML list of every feed the site publishes (Output/feeds.opml)"
    static let about = """
        The unified feed, then one feed per source, with titles and page addresses,
        absolute under site.url (relative to Output/ without one). Reads only the
        configuration: nothing is fetched and the cache is not needed.
        """
    static let options = [ConfigurationOptions.config]

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let configuration = try ConfigurationOptions.load(arguments, cacheOnly: true)
        console.write(OPMLGenerator.document(site: configuration.site, sources: configuration.sources))
        return .success
    }
}
