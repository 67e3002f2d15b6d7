import Foundation
import TrawlKit

// The executable only connects the process to TrawlKit; every behaviour lives there.
let status = await CommandLineTool.main(Array(CommandLine.arguments.dropFirst()), console: .standard())
exit(status.code)
