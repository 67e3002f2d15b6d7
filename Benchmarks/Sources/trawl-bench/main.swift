import Foundation

// trawl-bench BENCHMARK [ARGUMENTS]: one case per benchmark file; Benchmarks/*.sh drive them.
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
switch arguments.first {
case "feeds": try await FeedBenchmark.run(rest)
case "fetch": try await FetchBenchmark.run(rest)
case "article": try await ArticleBenchmark.run(rest)
case "html": try await HTMLBenchmark.run(rest)
case "load": try await LoadBenchmark.run(rest)
case "mustache": try await MustacheBenchmark.run(rest)
case "store": try await StoreBenchmark.run(rest)
case "site": try await SiteBenchmark.run(rest)
default: print("usage: trawl-bench BENCHMARK [ARGUMENTS]")
}
