import Foundation
import TrawlHTML
import TrawlKit

// The executable only connects the process to TrawlKit; every behaviour lives there.
// The allocator is the process's, so it is tuned here rather than in a library.
Document.preferSteadyFrees()
exit(await CommandLineTool.main(Array(CommandLine.arguments.dropFirst())))
