import Dispatch
import Foundation
import TrawlArticle

/// Extracts the article of every page of a folder, writing each result as JSON for
/// `Benchmarks/python/article_score.py` to score, and prints the time per page;
/// `Benchmarks/article.sh` runs the peers on the same pages beside it.
///
///     trawl-bench article [--pages DIR] --out DIR [--passes N]
///
/// A page's time is its best of N passes (parse and extraction, wall clock, one thread).
enum ArticleBenchmark {
    /// Where readability's test pages say they came from; relative links resolve against it.
    static let pageURL = URL(string: "http://fakehost/test/page.html")!

    static func run(_ arguments: [String]) async throws {
        let folder = URL(
            fileURLWithPath: HTMLBenchmark.value(of: "--pages", in: arguments) ?? HTMLBenchmark.defaultPagesFolder)
        guard let out = HTMLBenchmark.value(of: "--out", in: arguments).map({ URL(fileURLWithPath: $0) }) else {
            throw HTMLBenchmark.BenchmarkError(
                message: "usage: trawl-bench article [--pages DIR] --out DIR [--passes N]")
        }
        let passes = HTMLBenchmark.value(of: "--passes", in: arguments).flatMap(Int.init) ?? 3
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }
            .sorted()
        var total = 0.0
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            var best = Double.infinity
            var extraction: ArticleExtraction?
            for _ in 0..<passes {
                let start = DispatchTime.now().uptimeNanoseconds
                // The corpus is stored as UTF-8 whatever its pages declare, as readability reads it.
                extraction = ArticleExtractor.extract(data, url: pageURL, contentType: "text/html; charset=utf-8")
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            total += best
            let article = extraction?.article
            let record: [String: Any] = [
                "title": article?.title ?? NSNull(), "byline": article?.byline ?? NSNull(),
                "excerpt": article?.excerpt ?? NSNull(), "published": article?.published ?? NSNull(),
                "siteName": article?.siteName ?? NSNull(), "text": article?.text ?? "",
                "notes": extraction?.notes ?? [], "seconds": best,
            ]
            let json = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
            try json.write(to: out.appendingPathComponent(String(name.dropLast(5)) + ".json"))
        }
        print(
            String(
                format: "trawl: %d pages, %.2f ms per page (best of %d)", names.count,
                total / Double(max(names.count, 1)) * 1000, passes))
    }
}
