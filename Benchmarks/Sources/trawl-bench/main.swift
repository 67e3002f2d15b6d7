let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "fetch": try await FetchBenchmark.run(Array(arguments.dropFirst()))
default: print("usage: trawl-bench BENCHMARK [ARGUMENTS]")
}
