import Foundation
import TestSupport
import Testing

@testable import TrawlKit

/// The article reaches people: item feeds carry it whole (or its excerpt), the source page
/// shows the excerpt and links to a page of the article, and nothing active gets through.
@Suite struct DetailArticleSiteTests {
    static let names = ["ars-1", "js-link-replacement", "remove-script-tags"]

    func run(_ article: DetailSettings.ArticleMode) async throws -> (Configuration, FixtureServer, TemporaryDirectory)?
    {
        // The first night is a baseline, with no entries; the articles are new on the second.
        guard let server = try DetailPagesTests.server(Self.names + ["aclu"]) else { return nil }
        server.route(
            "/news", .ok(DetailPagesTests.listPage(["aclu"])), .ok(DetailPagesTests.listPage(["aclu"] + Self.names)))
        let cache = try TemporaryDirectory("detail-site")
        let configuration = DetailPagesTests.configuration(
            server, cache: cache, detail: DetailSettings(article: article, maxPerRun: 10))
        _ = try await Pipeline(configuration: configuration).run()
        _ = try await Pipeline(configuration: configuration).run()
        return (configuration, server, cache)
    }

    func jsonFeedItems(_ configuration: Configuration) throws -> [[String: Any]] {
        let data = try Data(contentsOf: configuration.outputDirectory.appendingPathComponent("sources/news/feed.json"))
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(feed["items"] as? [[String: Any]])
    }

    /// Markup that would run or load something: what the sanitiser must have left out.
    static func activeMarkup(in html: String) -> [String] {
        let patterns = [#"<script"#, #"javascript:"#, #"\son[a-z]+\s*="#, #"<iframe"#, #"<form"#, #"<style"#]
        return patterns.filter { html.range(of: $0, options: [.regularExpression, .caseInsensitive]) != nil }
    }

    @Test func feedsCarryTheWholeArticleWithNothingActiveInIt() async throws {
        guard let (configuration, _, cache) = try await run(.full) else { return }
        defer { withExtendedLifetime(cache) {} }
        let items = try jsonFeedItems(configuration)
        #expect(items.count == Self.names.count + 1)
        let ars = try #require(items.first { ($0["url"] as? String)?.hasSuffix("ars-1.html") == true })
        let html = try #require(ars["content_html"] as? String)
        // Read off the page by hand: its article's opening and a sentence from its middle.
        #expect(html.contains("A flaw in the wildly popular online game <em>Minecraft</em> makes it easy"))
        #expect(html.contains("<p>"))
        for item in items {
            let content = item["content_html"] as? String ?? ""
            #expect(Self.activeMarkup(in: content).isEmpty, "\(item["url"] ?? ""): \(Self.activeMarkup(in: content))")
        }
        let atom = try String(
            contentsOf: configuration.outputDirectory.appendingPathComponent("sources/news/feed.atom"), encoding: .utf8)
        #expect(atom.contains("A flaw in the wildly popular online game &lt;em&gt;Minecraft&lt;/em&gt;"))
        #expect(!atom.contains("<script"))
    }

    @Test func theSourcePageLinksEachItemToAPageOfItsArticle() async throws {
        guard let (configuration, server, cache) = try await run(.full) else { return }
        defer { withExtendedLifetime(cache) {} }
        let output = configuration.outputDirectory
        let id = server.url("/articles/ars-1.html").absoluteString
        let path = ArticlePageGenerator.path(of: id)
        let sourcePage = try String(
            contentsOf: output.appendingPathComponent("sources/news/index.html"), encoding: .utf8)
        #expect(sourcePage.contains("href=\"\(path)\""))
        let article = try String(contentsOf: output.appendingPathComponent("sources/news/\(path)"), encoding: .utf8)
        #expect(article.contains("Just-released Minecraft exploit makes it easy to crash game servers"))
        #expect(article.contains("A flaw in the wildly popular online game <em>Minecraft</em>"))
        for name in Self.names {
            let file = output.appendingPathComponent(
                "sources/news/\(ArticlePageGenerator.path(of: server.url("/articles/\(name).html").absoluteString))")
            // A page with no article (three words and a link) has no page of its own.
            guard name != "js-link-replacement" else {
                #expect(!FileManager.default.fileExists(atPath: file.path))
                continue
            }
            let page = try String(contentsOf: file, encoding: .utf8)
            // The layout's own scripts come before the article; the article has none.
            let body = try #require(page.components(separatedBy: "<article class=\"article\">").last)
            let inArticle = try #require(body.components(separatedBy: "</article>").first)
            #expect(Self.activeMarkup(in: inArticle).isEmpty, "\(name): \(Self.activeMarkup(in: inArticle))")
        }
        // A second generation writes the same bytes.
        let again = try SiteGenerator(configuration: configuration).generateReport()
        #expect(again.rewritten == 0)
    }

    @Test func anExcerptSourceCarriesOnlyTheExcerpt() async throws {
        guard let (configuration, _, cache) = try await run(.excerpt) else { return }
        defer { withExtendedLifetime(cache) {} }
        let items = try jsonFeedItems(configuration)
        let ars = try #require(items.first { ($0["url"] as? String)?.hasSuffix("ars-1.html") == true })
        let html = try #require(ars["content_html"] as? String)
        #expect(!html.contains("A flaw in the wildly popular online game <em>Minecraft</em>"))
        #expect(html.count < 1_000)
        #expect(!html.isEmpty)
        let articles = configuration.outputDirectory.appendingPathComponent("sources/news/articles")
        #expect(!FileManager.default.fileExists(atPath: articles.path))
    }

    @Test func digestsAndNotificationsCarryTheExcerpt() async throws {
        guard let (configuration, server, cache) = try await run(.full) else { return }
        defer { withExtendedLifetime(cache) {} }
        let store = CacheStore(root: configuration.cacheDirectory)
        let id = server.url("/articles/ars-1.html").absoluteString
        let excerpt = try #require(try store.details(of: "news")[id]?.article?.excerpt)
        #expect(!excerpt.isEmpty)
        // Compared on its first words: the Markdown escapes its punctuation.
        let opening = excerpt.split(separator: " ").prefix(4).joined(separator: " ")
        let digests = configuration.outputDirectory.appendingPathComponent("digests")
        let markdown = try FileManager.default.contentsOfDirectory(atPath: digests.path).filter { $0.hasSuffix(".md") }
        let digest = try String(
            contentsOf: digests.appendingPathComponent(try #require(markdown.first)), encoding: .utf8)
        #expect(digest.contains(opening), "\(digest)")
        let run = try #require(try store.latestRun())
        let notification = RunNotification.make(
            run: run, events: [], configuration: configuration, scope: nil, when: [.changes])
        #expect(NotificationText.markdown(notification).contains(opening))
        #expect(NotificationText.plain(notification).contains(opening))
        let change = try #require(notification.sources.first?.changes.first { $0.url == id })
        #expect(change.excerpt == SafeText.line(excerpt))
    }
}
