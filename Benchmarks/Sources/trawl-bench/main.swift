import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "store": try await StoreBenchmark.run(Array(arguments.dropFirst()))
default: print("usage: trawl-bench NAME [OPTIONS]")
}
