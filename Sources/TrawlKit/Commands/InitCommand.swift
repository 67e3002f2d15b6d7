import Foundation

/// `trawl init`: writes a starter trawl.json that loads as it is and shows each kind of source.
struct InitCommand: TrawlCommand {
    static let name = "init"
    static let summary = "write a starter trawl.json"
    static let usage = """
        trawl init [FILE] [--force]

          FILE     where to write (default: ./trawl.json)
          --force  replace an existing file
        """
    static let flags: Set<String> = ["--force"]
    static let options: Set<String> = []

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'")
        }
        let file = URL(fileURLWithPath: arguments.positionals.first ?? "trawl.json").standardizedFileURL
        if FileManager.default.fileExists(atPath: file.path), !arguments.has("--force") {
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
