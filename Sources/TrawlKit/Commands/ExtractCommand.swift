import Foundation
import TrawlArticle
import TrawlJSON

/// `trawl extract URL_OR_FILE`: the article extractor's workbench. Its `--json` shape is an
/// interface scripts rely on: fixed keys, in a fixed order, absent values as `null`.
struct ExtractCommand: TrawlCommand {
    static let name = "extract"
    static let summary = "read the main article of a page: its text and details"
    static let synopsis = ["trawl extract URL_OR_FILE [--json | --markdown | --html] [--base URL]"]
    static let positionals = [
        CommandPositional("URL_OR_FILE", help: "a file, '-' for standard input, or an http(s):// or file:// URL")
    ]
    static let json = CommandOption.flag(
        "--json",
        """
        print {"url", "title", "byline", "published", "siteName", "lang",
        "excerpt", "image", "html", "text"}, absent values as null
        """)
    static let markdown = CommandOption.flag(
        "--markdown", "print the article as Markdown (CommonMark with GitHub's tables)")
    static let html = CommandOption.flag("--html", "print the article's HTML (sanitised: nothing active in it)")
    static let options = [json, markdown, html, SelectCommand.base]
    static let epilogue = """
        Without a choice, prints the title, a blank line and the article's text.
        A page with no article (a list of links, an error page, a login wall) prints a note
        saying why on stderr.
        exit status: 0 an article was found; 1 none was, or the input cannot be read;
        2 usage error
        """

    static func run(_ arguments: ParsedArguments, console: Console) async throws -> ExitStatus {
        let input = arguments.positionals[0]
        let chosen = try arguments.choice(among: [json, markdown, html])
        let base = try arguments.absoluteURL(SelectCommand.base)
        let extraction: ArticleExtraction
        do {
            extraction = ArticleExtractor.extract(
                try await SelectCommand.read(input, base: base, maxBytes: FetchSettings().maxBytes))
        } catch let error as FetchError {
            console.error("\(error)")
            return .failure
        } catch {
            console.error("\(input): \(error)")
            return .failure
        }
        for note in extraction.notes { console.warning("\(input): \(note)") }
        guard let article = extraction.article else { return .failure }
        switch chosen {
        case json: console.print(JSONWriter.string(json(article)))
        case markdown: console.write(ArticleMarkdownWriter.markdown(article))
        case html: console.print(article.html)
        default: console.print([article.title ?? "", "", article.text].joined(separator: "\n"))
        }
        return .success
    }

    /// The `--json` shape: every key always there, in the order `usage` names them.
    static func json(_ article: Article) -> JSONValue {
        func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        return .object([
            ("url", string(article.url?.absoluteString)),
            ("title", string(article.title)),
            ("byline", string(article.byline)),
            ("published", string(article.published)),
            ("siteName", string(article.siteName)),
            ("lang", string(article.lang)),
            ("excerpt", string(article.excerpt)),
            ("image", string(article.image)),
            ("html", .string(article.html)),
            ("text", .string(article.text)),
        ])
    }
}
