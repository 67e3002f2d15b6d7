let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
switch arguments.first {
case "html": try await HTMLBenchmark.run(rest)
default: print("usage: trawl-bench html [options]")
}
