import Foundation
import TrawlHTML

/// Reads the main article out of a page: Trawl's own extractor, on the TrawlHTML tree.
///
/// ```swift
/// let extraction = ArticleExtractor.extract(Document.parseHTML(data, url: url))
/// print(extraction.article?.text ?? extraction.notes.joined(separator: "\n"))
/// ```
///
/// The text is found by scoring (`ContentFinder`), cleaned (`ContentCleaner`) and written
/// through an allowlist (`ArticleSanitizer`); the details come from the page's metadata
/// (`PageMetadata`, `LinkedData`). A page without an article (a list of links, an error
/// page, a login form) gives none, and a note says why.
public enum ArticleExtractor {
    /// Text enough that a first, strict attempt is trusted without trying looser ones.
    static let satisfyingLength = 500

    /// Parses `data` (within `limits.maximumInputSize`) and extracts its article.
    public static func extract(
        _ data: Data, url: URL? = nil, contentType: String? = nil, limits: ExtractionLimits = .standard
    ) -> ArticleExtraction {
        var notes: [String] = []
        var input = data
        if data.count > limits.maximumInputSize {
            input = data.prefix(limits.maximumInputSize)
            notes.append("the page has \(data.count) bytes; only the first \(limits.maximumInputSize) were read")
        }
        var extraction = extract(Document.parseHTML(input, url: url, contentType: contentType), limits: limits)
        extraction.notes = notes + extraction.notes
        return extraction
    }

    /// Extracts the article of a parsed page.
    public static func extract(_ document: Document, limits: ExtractionLimits = .standard) -> ArticleExtraction {
        let budget = TimeBudget(seconds: limits.maximumSeconds)
        let metadata = PageMetadata(document)
        var notes = document.warnings
        var best: (content: ContentNode, finder: ContentFinder, length: Int)?
        var pageLength = 0
        for strictness in ContentFinder.Strictness.attempts {
            let body: ContentNode
            let content: ContentNode
            var finder = ContentFinder(
                strictness: strictness, title: metadata.title, needsByline: metadata.byline == nil, budget: budget)
            do {
                body = try ContentTreeBuilder(limits: limits, budget: budget).build(document)
                if pageLength == 0 { pageLength = body.textLength }
                content = try finder.find(in: body)
                try ContentCleaner(strictness: strictness, budget: budget).clean(content)
            } catch {
                switch error {
                case .tooManyNodes(let count):
                    notes.append("no article: the page has more than \(count) nodes")
                case .outOfTime:
                    notes.append("no article: reading the page took longer than \(limits.maximumSeconds) s")
                }
                return ArticleExtraction(article: nil, notes: notes)
            }
            let length = content.textLength
            if best == nil || length > best!.length { best = (content, finder, length) }
            if length >= satisfyingLength { break }
            if budget.isSpent {
                notes.append("stopped after \(limits.maximumSeconds) s with the text found so far")
                break
            }
        }
        guard let best else {
            return ArticleExtraction(article: nil, notes: notes + ["no article: the page has no text"])
        }
        if let absence = absence(in: best.content, length: best.length, pageLength: pageLength, document: document) {
            return ArticleExtraction(article: nil, notes: notes + ["no article: " + absence])
        }
        return ArticleExtraction(
            article: article(from: best.content, finder: best.finder, metadata: metadata, document: document),
            notes: notes)
    }

    private static func article(
        from content: ContentNode, finder: ContentFinder, metadata: PageMetadata, document: Document
    )
        -> Article
    {
        let sanitizer = ArticleSanitizer(base: document.baseURL)
        let firstParagraph = content.descendants(named: ["p"]).lazy.map(\.innerText).first { !$0.isEmpty }
        let firstImage = content.descendants(named: ["img"]).lazy.compactMap(sanitizer.imageSource).first
        let heading = (try? document.select("h1").first?.text).flatMap(\.nonEmpty)
        return Article(
            url: document.url,
            title: metadata.title ?? heading,
            byline: metadata.byline ?? finder.byline,
            published: metadata.published ?? publishedTime(in: document),
            siteName: metadata.siteName,
            lang: metadata.lang,
            excerpt: metadata.excerpt ?? firstParagraph,
            image: (metadata.image.flatMap { sanitizer.imageSource(ContentNode(tag: "img", attributes: [("src", $0)])) })
                ?? firstImage,
            html: sanitizer.html(of: content),
            text: ArticleTextWriter.text(of: content))
    }

    /// A `<time>` that says it is the publication date.
    private static func publishedTime(in document: Document) -> String? {
        let times =
            (try? document.select("time[itemprop~=datePublished][datetime], time[pubdate][datetime]")) ?? NodeList([])
        return times.attr("datetime").flatMap(\.nonEmpty)
    }
}
