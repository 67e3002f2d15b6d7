// trawl-bench BENCHMARK [ARGUMENTS]: one case per benchmark file.
let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
switch arguments.first {
case "mustache": try await MustacheBenchmark.run(rest)
default: print("usage: trawl-bench BENCHMARK [ARGUMENTS]")
}
