/// A usage mistake on the command line; `trawl` prints it with the command's usage line.
struct UsageError: ClassifiedError, CustomStringConvertible, Sendable, Equatable {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    var exitStatus: ExitStatus { .usage }

    var description: String { message }
}
