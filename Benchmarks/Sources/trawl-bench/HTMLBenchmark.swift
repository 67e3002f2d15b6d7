import Dispatch
import Foundation
import TrawlHTML

/// Parses every page of a folder and runs a fixed list of realistic selectors on each,
/// printing throughput; `Benchmarks/python/html_peers.py` does the same work with parsel
/// and selectolax, and `Benchmarks/html.sh` prints the three side by side.
///
///     trawl-bench html [--pages DIR] [--threads N] [--passes N] [--parse-only]
///     trawl-bench html --selectors          print the selector list (the Python side reads it)
///     trawl-bench html --per-selector        time each selector over the parsed pages
///     trawl-bench html --leak-check N        parse N times, printing resident memory
///     trawl-bench html --counts FILE         print page, selector and match count for each
///                                            selector in FILE (html_crosscheck.py compares)
enum HTMLBenchmark {
    /// What scrapers ask of pages: links, titles, text, metadata, tables, lists.
    /// A selector ending in `::text` or `::attr()` extracts strings; the others count elements.
    static let selectors = [
        "a::attr(href)",
        "title::text",
        "h1, h2, h3",
        "p::text",
        "div > p",
        "img::attr(src)",
        "meta[property^=\"og:\"]::attr(content)",
        "ul > li a::attr(href)",
        "table tr td::text",
        "li:nth-child(2n+1)",
        "a:not([rel])::attr(href)",
        "div.content p, article p",
        "script[type=\"application/ld+json\"]::text",
        "[id] > span",
    ]

    static func run(_ arguments: [String]) async throws {
        if arguments.contains("--selectors") {
            selectors.forEach { print($0) }
            return
        }
        let folder = URL(fileURLWithPath: value(of: "--pages", in: arguments) ?? defaultPagesFolder)
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".html") }.sorted()
            .map { try Data(contentsOf: folder.appendingPathComponent($0)) }
        guard !pages.isEmpty else { throw BenchmarkError(message: "no .html pages in \(folder.path)") }
        if arguments.contains("--per-selector") {
            try timeEachSelector(pages)
            return
        }
        if let file = value(of: "--counts", in: arguments) {
            try printCounts(folder: folder, selectorFile: file)
            return
        }
        if let count = value(of: "--leak-check", in: arguments).flatMap(Int.init) {
            leakCheck(pages, parses: count)
            return
        }
        let threads = value(of: "--threads", in: arguments).flatMap(Int.init) ?? 2
        let parseOnly = arguments.contains("--parse-only")
        let passes = value(of: "--passes", in: arguments).flatMap(Int.init) ?? 3
        let megabytes = Double(pages.reduce(0) { $0 + $1.count }) / 1_000_000
        var best = Double.infinity
        var bestCPU = Double.infinity
        var results = 0
        for _ in 0..<passes {
            let start = DispatchTime.now().uptimeNanoseconds
            let startCPU = processCPUSeconds()
            results = try work(pages, threads: threads, parseOnly: parseOnly)
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            bestCPU = min(bestCPU, processCPUSeconds() - startCPU)
        }
        let line = String(
            format:
                "%-32@ %7.1f MB/s %7.1f pages/s %7.1f MB/CPU-s  (%d pages, %.1f MB, %d selectors, %d results, best of %d)",
            "trawl (libxml2, \(threads) thread\(threads == 1 ? "" : "s")\(parseOnly ? ", parse only" : ""))"
                as NSString,
            megabytes / best, Double(pages.count) / best, megabytes / bestCPU, pages.count, megabytes,
            selectors.count, results, passes)
        print(line)
    }

    /// Parses each page and runs every selector, on `threads` threads; returns the number of results.
    static func work(_ pages: [Data], threads: Int, parseOnly: Bool = false) throws -> Int {
        let outcome = Outcome()
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            for index in stride(from: worker, to: pages.count, by: threads) {
                do {
                    let document = Document.parseHTML(pages[index])
                    outcome.add(parseOnly ? 0 : try query(document))
                } catch {
                    outcome.record(error)
                }
            }
        }
        if let error = outcome.error { throw error }
        return outcome.results
    }

    static func query(_ document: Document, selectors: [String] = selectors) throws -> Int {
        var results = 0
        for selector in selectors {
            let matches = try document.select(selector)
            if selector.hasSuffix("::text") || selector.hasSuffix(")") {
                results += matches.reduce(0) { $0 + ($1.rawText.isEmpty ? 0 : 1) }
            } else {
                results += matches.count
            }
        }
        return results
    }

    /// CPU time of each selector over all the (already parsed) pages, slowest first.
    static func timeEachSelector(_ pages: [Data]) throws {
        let documents = pages.map { Document.parseHTML($0) }
        var timings: [(String, Double)] = []
        for selector in selectors {
            let start = processCPUSeconds()
            for document in documents { _ = try query(document, selectors: [selector]) }
            timings.append((selector, processCPUSeconds() - start))
        }
        for (selector, seconds) in timings.sorted(by: { $0.1 > $1.1 }) {
            print(String(format: "%8.1f ms  %@", seconds * 1000, selector))
        }
    }

    /// One line per page and selector: `<page>\t<selector>\t<count>` (`error` when it fails).
    static func printCounts(folder: URL, selectorFile: String) throws {
        let list = try String(contentsOfFile: selectorFile, encoding: .utf8).split(separator: "\n").map(String.init)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }
        for name in names.sorted() {
            let document = Document.parseHTML(try Data(contentsOf: folder.appendingPathComponent(name)))
            for selector in list where !selector.isEmpty {
                let count = (try? document.select(selector).count).map(String.init) ?? "error"
                print("\(name)\t\(selector)\t\(count)")
            }
        }
    }

    /// Parses and queries the pages `parses` times over, printing resident memory as it goes:
    /// flat figures mean nothing leaks.
    static func leakCheck(_ pages: [Data], parses: Int) {
        for index in 0..<parses {
            _ = try? query(Document.parseHTML(pages[index % pages.count]))
            if (index + 1) % (parses / 10 == 0 ? 1 : parses / 10) == 0 {
                print(String(format: "after %6d parses: RSS %7.1f MB", index + 1, residentMegabytes()))
            }
        }
    }

    /// CPU time of the whole process, all threads: figures from it hold on a busy machine.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func residentMegabytes() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    static var defaultPagesFolder: String {
        if let shared = ProcessInfo.processInfo.environment["TRAWL_SHARED"] { return shared + "/testdata/pages" }
        return "../shared/testdata/pages"
    }

    static func value(of option: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    struct BenchmarkError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// What the worker threads found: the results they counted, the first error they met.
    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var results = 0
        private(set) var error: Error?
        func add(_ count: Int) { lock.withLock { results += count } }
        func record(_ error: Error) { lock.withLock { if self.error == nil { self.error = error } } }
    }
}
