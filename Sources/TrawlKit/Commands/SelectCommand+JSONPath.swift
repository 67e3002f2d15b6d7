import Foundation
import TrawlHTML
import TrawlJSON

/// `trawl select '$…' INPUT…`: a selector that begins with `$` is a JSONPath (RFC 9535),
/// run on JSON inputs, or on the JSON in a page's scripts with `--script SEL`.
extension SelectCommand {
    static func runJSONPath(
        _ text: String, inputs: [String], maxBytes: Int, arguments: ParsedArguments, console: Console
    ) async throws -> ExitStatus {
        for option in [html, attr, base] where arguments.gave(option) {
            throw UsageError("\(option.name) is for CSS selectors; a JSONPath selects JSON values")
        }
        let query: JSONPath
        do {
            query = try JSONPath(text)
        } catch {
            console.error("\(error)")
            return .usage
        }
        let script = arguments.value(Self.script)
        if let script {
            do {
                _ = try Selector(parsing: script)
            } catch {
                console.error("--script: \(error)")
                return .usage
            }
        }
        var matchedAny = false
        var unreadable = false
        for input in inputs {
            let nodes: [JSONPath.Node]
            do {
                var documents: [JSONValue] = []
                let page = try await readPage(input, maxBytes: maxBytes)
                if let script {
                    let html = Document.parseHTML(page.body, url: page.url, contentType: page.contentType)
                    documents = try JSONScraper.scripts(script, in: html, url: page.url)
                } else {
                    documents = [try JSONScraper.document(page)]
                }
                nodes = try documents.flatMap { document throws in try query.nodes(document) }
            } catch let error as FetchError {
                console.error("\(error)")
                unreadable = true
                continue
            } catch {
                console.error("\(input): \(error)")
                unreadable = true
                continue
            }
            matchedAny = matchedAny || !nodes.isEmpty
            for line in jsonLines(nodes, input: input, arguments: arguments) { console.print(line) }
        }
        if unreadable { return .usage }
        return matchedAny ? .success : .failure
    }

    /// `--json`: one array per input; `--paths`: normalized paths; `--count`; else each
    /// value a line, strings as they are and the rest as compact JSON.
    static func jsonLines(_ nodes: [JSONPath.Node], input: String, arguments: ParsedArguments) -> [String] {
        let paths = arguments.has(Self.paths)
        if arguments.has(count) { return ["\(nodes.count)\t\(input)"] }
        if arguments.has(json) {
            let values = nodes.map { paths ? JSONValue.string($0.path) : $0.value }
            return [JSONWriter.string(.array(values), style: .compact)]
        }
        if paths { return nodes.map(\.path) }
        return nodes.map { node in node.value.stringValue ?? JSONWriter.string(node.value, style: .compact) }
    }

    /// An input's bytes as a fetched page: standard input, a URL, or a file.
    static func readPage(_ input: String, maxBytes: Int) async throws -> FetchedPage {
        if let url = URL(string: input), url.isFetchable {
            guard case .page(let page) = try await Fetcher(settings: FetchSettings(maxBytes: maxBytes)).fetch(url)
            else {
                throw FetchError.unreachable(url, reason: "no body")
            }
            return page
        }
        let data: Data
        let url: URL
        if input == "-" {
            data = FileHandle.standardInput.readData(ofLength: maxBytes + 1)
            guard data.count <= maxBytes else { throw UnreadableInput(path: input, reason: tooLarge(maxBytes)) }
            url = URL(fileURLWithPath: "/dev/stdin")
        } else {
            url = URL(fileURLWithPath: input)
            data = try contents(of: input, maxBytes: maxBytes)
        }
        return FetchedPage(requestedURL: url, url: url, status: 200, body: data, contentType: nil, validators: .init())
    }
}
