import Foundation

extension CommandLineTool {
    /// Runs `trawl` as the process: `arguments` are the ones after the program's name,
    /// output goes to standard output and error, and the result is the exit status code
    /// (0 success, 1 some sources failed, 2 a configuration or usage error, 3 the cache is
    /// locked, 4 stopped by a signal). The one entry point of the `trawl` executable.
    public static func main(_ arguments: [String]) async -> Int32 {
        await main(arguments, console: .standard()).code
    }
}
