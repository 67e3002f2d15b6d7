let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "feeds": try await FeedBenchmark.run(Array(arguments.dropFirst()))
default: print("usage: trawl-bench <benchmark> [arguments]")
}
