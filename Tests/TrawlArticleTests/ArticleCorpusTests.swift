import Foundation
import TestSupport
import Testing
import TrawlHTML

@testable import TrawlArticle

/// The extractor over Mozilla readability's corpus of 130 real pages, scored against the
/// text readability's own expected output holds (`Benchmarks/article.sh` measures the same
/// with peers beside it): a floor for the mean F1, so a change that loses text fails here.
@Suite struct ArticleCorpusTests {
    /// The mean F1 was 0.965 when the floor was set; a drop of more than a point or two fails.
    static let floor = 0.95

    @Test func meanShingleF1OverTheReadabilityCorpusStaysAboveTheFloor() throws {
        guard let pages = try SharedTestData.folder("pages"),
            let expected = try SharedTestData.folder("readability-expected")
        else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: expected.path).sorted()
        var scores: [Double] = []
        for name in names {
            let expectedHTML = try Data(contentsOf: expected.appendingPathComponent("\(name)/expected.html"))
            let source = try Data(contentsOf: pages.appendingPathComponent("\(name).html"))
            let reference = Document.parseHTML(expectedHTML).root?.text ?? ""
            // Stored as UTF-8 whatever the pages declare, as readability reads them.
            let extraction = ArticleExtractor.extract(
                source, url: URL(string: "http://fakehost/test/page.html"), contentType: "text/html; charset=utf-8")
            scores.append(ShingleScore.f1(extraction.article?.text ?? "", reference))
        }
        #expect(scores.count >= 100)
        let mean = scores.reduce(0, +) / Double(max(scores.count, 1))
        #expect(mean >= Self.floor, "mean F1 \(mean) over \(scores.count) pages")
    }
}

/// The benchmark's measure (`Benchmarks/python/article_score.py`): F1 over the 4-gram
/// shingles of the `\w+` tokens, counted as multisets.
enum ShingleScore {
    static func f1(_ found: String, _ expected: String) -> Double {
        let a = shingles(found)
        let b = shingles(expected)
        if a.isEmpty && b.isEmpty { return 1 }
        let common = a.reduce(0) { $0 + min($1.value, b[$1.key] ?? 0) }
        guard common > 0 else { return 0 }
        let precision = Double(common) / Double(a.values.reduce(0, +))
        let recall = Double(common) / Double(b.values.reduce(0, +))
        return 2 * precision * recall / (precision + recall)
    }

    static func shingles(_ text: String) -> [String: Int] {
        let tokens = text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        var counts: [String: Int] = [:]
        guard tokens.count >= 4 else {
            if !tokens.isEmpty { counts[tokens.joined(separator: " "), default: 0] += 1 }
            return counts
        }
        for index in 0...(tokens.count - 4) {
            counts[tokens[index..<index + 4].joined(separator: " "), default: 0] += 1
        }
        return counts
    }
}
