import Foundation
import Mustache

/// Renders a list page of 1,000 items many times, and many small pages, printing
/// renders per second of CPU time: `trawl-bench mustache [ITERATIONS]`.
enum MustacheBenchmark {
    static let listPage = """
        <!doctype html>
        <html>
        <head><title>{{title}}</title></head>
        <body>
          {{>header}}
          <ul>
          {{#items}}
            <li class="{{#isNew}}new{{/isNew}}{{^isNew}}old{{/isNew}}">
              <a href="{{url}}">{{title}}</a> <time>{{date}}</time>
              {{#summary}}<p>{{summary}}</p>{{/summary}}
              {{#tags}}<span>{{.}}</span>{{/tags}} rank {{rank}}
            </li>
          {{/items}}
          </ul>
        </body>
        </html>

        """

    static func run(_ arguments: [String]) async throws {
        let iterations = arguments.first.flatMap(Int.init) ?? 200
        let partials = try PartialDictionary(sources: ["header": "<h1>{{title}}</h1>\n"])
        let template = try Template(string: listPage, name: "list.mustache")
        let page = data(items: 1_000)
        let small = data(items: 10)

        var bytes = 0
        let listSeconds = try measure {
            for _ in 0..<iterations { bytes += try template.render(page, partials: partials).utf8.count }
        }
        let listRate = Double(iterations) / listSeconds
        print(
            "mustache: list page of 1,000 items: \(format(listRate)) renders/s, \(format(Double(bytes) / listSeconds / 1e6)) MB/s"
        )

        let smallPages = iterations * 500
        let smallSeconds = try measure {
            for _ in 0..<smallPages { bytes &+= try template.render(small, partials: partials).utf8.count }
        }
        print(
            "mustache: \(smallPages) small pages (10 items) in \(format(smallSeconds)) s: \(format(Double(smallPages) / smallSeconds)) renders/s"
        )

        let compileSeconds = try measure {
            for _ in 0..<iterations * 50 { _ = try Template(string: listPage, name: "list.mustache") }
        }
        print("mustache: parse the list template: \(format(Double(iterations * 50) / compileSeconds)) parses/s")
    }

    static func data(items count: Int) -> MustacheValue {
        let items: [MustacheValue] = (0..<count).map { index in
            [
                "title": .string("Item \(index) & <friends>"),
                "url": .string("https://example.com/items/\(index)?a=1&b=2"),
                "date": "2026-11-30T10:00:00Z",
                "summary": index.isMultiple(of: 3) ? "" : .string("A summary of item \(index), with \"quotes\"."),
                "tags": ["swift", "mustache"],
                "rank": .int(index),
                "isNew": .bool(index.isMultiple(of: 2)),
            ]
        }
        return ["title": "Benchmark", "items": .list(items)]
    }

    /// Seconds of CPU time `body` takes: steadier than wall time on a shared machine.
    private static func measure(_ body: () throws -> Void) throws -> Double {
        let start = CPUTime.process
        try body()
        return CPUTime.process - start
    }

    private static func format(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.2f", value)
    }
}
