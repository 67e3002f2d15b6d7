import Foundation
import TrawlHTML
import TrawlJSON
import TrawlText

/// `trawl select SELECTOR FILE_OR_URL…`: the scraper's workbench. Its output is an interface
/// scripts rely on, so each mode's shape is fixed and documented in `usage`.
struct SelectCommand: TrawlCommand {
    static let name = "select"
    static let summary = "try a CSS selector or a JSONPath on files or URLs: the scraper's workbench"
    static let synopsis = [
        """
        trawl select SELECTOR FILE_OR_URL... [--text | --attr NAME | --html] [--json] [--count] [--base URL]
                     [--max-bytes N]
        """,
        """
        trawl select '$JSONPATH' FILE_OR_URL... [--script SEL] [--json] [--paths] [--count]
                     [--max-bytes N]
        """,
    ]
    static let positionals = [
        CommandPositional(
            "SELECTOR",
            help: """
                CSS (Selectors Level 4, plus :contains(), ::text and ::attr(name)),
                or, beginning with '$', a JSONPath (RFC 9535) on JSON inputs
                """),
        CommandPositional(
            "FILE_OR_URL", .oneOrMore,
            help: """
                a file, '-' for standard input, or an http(s):// or file:// URL;
                .xml/.rss/.atom files and XML content types are read as XML
                """),
    ]
    static let text = CommandOption.flag("--text", "print each match's text, white space collapsed (the default)")
    static let attr = CommandOption.option(
        "--attr", "NAME", "print each match's attribute NAME (skipping matches without it)")
    static let html = CommandOption.flag("--html", "print each match's markup")
    static let json = CommandOption.flag(
        "--json", #"print one JSON array per input: [{"tag", "text", "attrs", "html"}, ...]"#)
    static let count = CommandOption.flag("--count", "print one line per input: <count><TAB><input>")
    static let base = CommandOption.option(
        "--base", "URL", "resolve links against URL (default: the input's URL, then <base href>)")
    static let script = CommandOption.option(
        "--script", "SEL",
        """
        with a JSONPath: read the JSON in the page's elements matching SEL
        (script#__NEXT_DATA__), each in document order
        """)
    static let paths = CommandOption.flag(
        "--paths",
        """
        with a JSONPath: print each match's normalized path ($['a'][0]);
        with --json, one array of paths per input
        """)
    static let maxBytes = CommandOption.option(
        "--max-bytes", "N", "read no input larger than N bytes (default 20000000, as fetch.maxBytes)")
    static let options = [text, attr, html, json, count, base, script, paths, maxBytes]
    static let epilogue = """
        With a JSONPath, a string prints as it is and any other value as compact JSON;
        --json prints one JSON array of the matched values per input, in order.
        One match per line. '::text' and '::attr(NAME)' in the selector work as --text and
        --attr do; '::text' skips text that is only white space. Attributes that hold URLs
        (href, src, action, ...) print resolved whenever a base URL is known.
        exit status: 0 something matched; 1 nothing matched; 2 bad selector or unreadable input
        """

    /// What to print of each match.
    enum Output: Equatable {
        case text, html, attribute(String), json, count
    }

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let css = arguments.positionals[0]
        let inputs = Array(arguments.positionals.dropFirst())
        let maxBytes = try arguments.integer(Self.maxBytes, in: 1...Int.max) ?? FetchSettings().maxBytes
        if css.hasPrefix("$") {
            return try await runJSONPath(
                css, inputs: inputs, maxBytes: maxBytes, arguments: arguments, console: console)
        }
        for option in [paths, script] where arguments.gave(option) {
            throw UsageError("\(option.name) is for a JSONPath (a selector beginning with '$')")
        }
        let output = try output(for: arguments)
        let base = try arguments.absoluteURL(Self.base)
        do {
            _ = try Selector(parsing: css)
        } catch {
            console.error("\(error)")
            return .usage
        }

        var matchedAny = false
        var unreadable = false
        // Files are read, parsed and matched on every core, a batch at a time, and printed
        // in the order given; standard input and URLs go one by one.
        var index = 0
        while index < inputs.count {
            let files = inputs[index...].prefix { SelectBatch.isPlainFile($0) }.prefix(SelectBatch.size)
            if files.count <= 1 {
                // One input at a time: each line is printed as it is made, never all held.
                switch try await stream(
                    inputs[index], css: css, base: base, maxBytes: maxBytes, output: output, console: console)
                {
                case .some(let matched): matchedAny = matchedAny || matched
                case .none: unreadable = true
                }
                index += 1
                continue
            }
            let results: [SelectBatch.Result]
            if files.isEmpty {
                results = [
                    await SelectBatch.result(
                        of: inputs[index], css: css, base: base, maxBytes: maxBytes, output: output)
                ]
            } else {
                results = SelectBatch.results(
                    of: Array(files), css: css, base: base, maxBytes: maxBytes, output: output)
            }
            for (input, result) in zip(inputs[index...], results) {
                switch result {
                case .lines(let lines, let matched, let warnings):
                    for warning in warnings { console.warning("\(input): \(warning)") }
                    matchedAny = matchedAny || matched
                    for line in lines { console.print(line) }
                case .unreadable(let error as FetchError):
                    // A fetch error names its URL already.
                    console.error("\(error)")
                    unreadable = true
                case .unreadable(let error):
                    console.error("\(input): \(error)")
                    unreadable = true
                case .failed(let error):
                    throw error
                }
            }
            index += results.count
        }
        if unreadable { return .usage }
        return matchedAny ? .success : .failure
    }

    /// Reads, matches and prints one input a line at a time: whether anything matched, or
    /// nil when the input could not be read (the error is printed).
    static func stream(
        _ input: String, css: String, base: URL?, maxBytes: Int, output: Output, console: Console
    ) async throws -> Bool? {
        let document: Document
        do {
            document = try await read(input, base: base, maxBytes: maxBytes)
        } catch let error as FetchError {
            // A fetch error names its URL already.
            console.error("\(error)")
            return nil
        } catch {
            console.error("\(input): \(error)")
            return nil
        }
        for warning in document.warnings { console.warning("\(input): \(warning)") }
        let matches = try select(css, in: document)
        forEachLine(matches, input: input, output: output) { console.print($0) }
        return !matches.isEmpty
    }

    static func output(for arguments: ParsedArguments) throws -> Output {
        switch try arguments.choice(among: [text, attr, html, json, count]) {
        case html: .html
        case attr: .attribute(arguments.value(attr) ?? "")
        case json: .json
        case count: .count
        default: .text
        }
    }

    /// The matches, without the white-space-only text nodes `::text` would bring along.
    static func select(_ css: String, in document: Document) throws -> [Node] {
        try document.select(css).filter { !$0.isText || !$0.text.isEmpty }
    }

    // MARK: - Reading

    /// Reads an input as a document: standard input, a URL, or a file, none past `maxBytes`.
    static func read(_ input: String, base: URL?, maxBytes: Int) async throws -> Document {
        let page = try await readPage(input, maxBytes: maxBytes)
        if input == "-" { return Document.parseHTML(page.body, url: base) }
        // Only a web page's own address is a base: a file's links stay as written unless --base.
        let address = page.url.isWebAddress ? page.url : nil
        return parse(page.body, url: base ?? address, contentType: page.contentType, name: page.requestedURL.path)
    }

    /// A file's bytes, refused unread when it is larger than `maxBytes` (a 200 MB page read
    /// whole and parsed held 2.5 GB).
    static func contents(of path: String, maxBytes: Int) throws -> Data {
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
            guard data.count <= maxBytes else { throw UnreadableInput(path: path, reason: tooLarge(maxBytes)) }
            return data
        } catch let error as UnreadableInput {
            throw error
        } catch {
            throw UnreadableInput(path: path, reason: FileErrorText.cause(of: error))
        }
    }

    static func tooLarge(_ maxBytes: Int) -> String {
        "larger than \(maxBytes) bytes (raise --max-bytes to read it)"
    }

    /// XML for feeds and XHTML, by content type or file extension; HTML otherwise.
    static func parse(_ data: Data, url: URL?, contentType: String?, name: String) -> Document {
        let type = contentType?.lowercased() ?? ""
        let isXML =
            (type.contains("xml") && !type.contains("html"))
            || ["xml", "rss", "atom", "rdf", "xhtml"].contains(URL(fileURLWithPath: name).pathExtension.lowercased())
        return isXML ? Document.parseXML(data, url: url) : Document.parseHTML(data, url: url, contentType: contentType)
    }

    struct UnreadableInput: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "cannot read the file: \(reason)" }
    }

    // MARK: - Printing

    /// What to print for the matches of one input, a line each.
    static func lines(_ matches: [Node], input: String, output: Output) -> [String] {
        var lines: [String] = []
        forEachLine(matches, input: input, output: output) { lines.append($0) }
        return lines
    }

    /// Hands each line to `body` as it is made, so a caller that prints holds one at a time.
    static func forEachLine(_ matches: [Node], input: String, output: Output, _ body: (String) -> Void) {
        switch output {
        case .count:
            body("\(matches.count)\t\(input)")
        case .json:
            body("[" + matches.map(json).joined(separator: ",") + "]")
        case .text:
            for match in matches { body(value(of: match)) }
        case .html:
            for match in matches { body(match.isElement ? match.outerHTML : value(of: match)) }
        case .attribute(let name):
            for match in matches {
                if let value = match.attr(name) { body(resolved(value, name: name, in: match.document)) }
            }
        }
    }

    /// A match's text; an attribute selected with `::attr()` prints as `--attr` would.
    static func value(of node: Node) -> String {
        if node.isAttribute { return resolved(node.rawText, name: node.tag, in: node.document) }
        return node.text
    }

    /// Attributes whose values are URLs (HTML Standard, "URL-valued attributes").
    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "cite", "poster", "data", "background", "longdesc", "usemap",
        "manifest", "icon", "codebase",
    ]

    static func resolved(_ value: String, name: String, in document: Document) -> String {
        guard urlAttributes.contains(name.lowercased()), let base = document.baseURL else { return value }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return URL(reference: trimmed, relativeTo: base)?.absoluteString ?? value
    }

    /// `{"tag", "text", "attrs", "html"}` in that order; text nodes are `#text`, attributes `@name`.
    static func json(_ node: Node) -> String {
        let tag = node.isAttribute ? "@" + node.tag : node.tag
        let attributes = node.isElement ? node.attributes : []
        let attrs = attributes.map { "\(JSONEscaper.quoted($0.name)):\(JSONEscaper.quoted($0.value))" }.joined(
            separator: ",")
        let html = node.isElement ? node.outerHTML : node.rawText
        return
            "{\"tag\":\(JSONEscaper.quoted(tag)),\"text\":\(JSONEscaper.quoted(value(of: node))),\"attrs\":{\(attrs)},"
            + "\"html\":\(JSONEscaper.quoted(html))}"
    }
}
