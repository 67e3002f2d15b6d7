import Foundation

/// `trawl init`: writes a starter trawl.json that loads as it is and shows each kind of
/// source; `trawl init --from PAGE` proposes a source for one page (`InitFromPage`).
struct InitCommand: TrawlCommand {
    static let name = "init"
    static let summary = "write a starter trawl.json, or propose a source for a page (--from)"
    static let synopsis = [
        "trawl init [FILE] [--force]",
        """
        trawl init --from URL_OR_FILE [--list] [--pick N] [--id ID] [--base URL] [--write | --replace ID]
                   [--config FILE]
        """,
    ]
    static let positionals = [CommandPositional("FILE", .optional, help: "where to write (default: ./trawl.json)")]
    static let force = CommandOption.flag("--force", "replace an existing file")
    static let from = CommandOption.option(
        "--from", "PAGE",
        """
        propose a source for PAGE (an http(s) or file URL, or a file). The
        proposals come best first, each naming its tier: the page is a feed;
        a feed it links (<link rel="alternate">); its JSON-LD, microdata or
        microformats; its script state (__NEXT_DATA__); the WordPress REST API
        it links; then its repeated item structures (a 'list' source with
        items, title, url and, where found, date and summary). Prints them,
        the proposed source and the first items it scrapes.
        """)
    static let list = CommandOption.flag("--list", "only what the page itself shows (no linked feed or API)")
    static let pick = CommandOption.option(
        "--pick", "N", "propose the N-th proposal of the ranking instead of the first")
    static let id = CommandOption.option(
        "--id", "ID", "the new source's id (default: from the page's host or file name)")
    static let base = CommandOption.option(
        "--base", "URL", "where a saved page's links point (its site's address), written as \"base\"")
    static let write = CommandOption.flag("--write", "add the proposed source to the configuration's 'sources'")
    static let replace = CommandOption.option(
        "--replace", "ID", "rewrite the source ID in place with the proposal (keeps its id)")
    static let config = ConfigurationOptions.config.helped(
        "the configuration --write edits (default: ./trawl.json; made if absent)")
    /// The options that shape a proposal, meaningless without `--from`.
    static let fromOptions = [list, pick, id, base, write, replace, config]
    static let options = [force, from] + fromOptions

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        if arguments.gave(from) { return try await InitFromPage.run(arguments, console: console) }
        for option in fromOptions where arguments.gave(option) {
            throw UsageError("\(option.name) goes with \(from.name)")
        }
        let file = URL(fileURLWithPath: arguments.positionals.first ?? "trawl.json").standardizedFileURL
        if FileManager.default.fileExists(atPath: file.path), !arguments.has(force) {
            throw UsageError("\(file.path) exists; pass --force to replace it")
        }
        try Data(starter.utf8).write(to: file, options: .atomic)
        console.note("wrote \(file.path); edit its sources, then run 'trawl run --config \(file.path)'")
        return .success
    }

    static let starter = """
        {
          "site": {
            "title": "My Trawl",
            "url": "https://example.org/trawl/",
            "author": "Your Name",
            "description": "Changes on pages that have no feed."
          },
          "output": "Output",
          "cache": "Cache",
          "fetch": {
            "contact": "mailto:you@example.org",
            "delay": 2,
            "timeout": 30
          },
          "sources": [
            {
              "id": "articles",
              "name": "Swift by Sundell",
              "preset": "article-list",
              "url": "https://www.swiftbysundell.com/articles/"
            },
            {
              "id": "charts",
              "name": "NOAA booklet charts (Atlantic)",
              "preset": "noaa-booklet-charts",
              "url": "https://charts.noaa.gov/BookletChart/AtlanticCoastBookletCharts.htm"
            },
            {
              "id": "releases",
              "name": "A page of releases",
              "kind": "list",
              "url": "https://example.org/releases/",
              "items": "main article",
              "fields": {
                "title": "h2",
                "url": { "css": "h2 a::attr(href)", "type": "url" },
                "date": { "css": "time::attr(datetime)", "type": "date" },
                "summary": "p"
              },
              "required": ["title"]
            }
          ]
        }

        """
}
