/// A usage mistake on the command line; `trawl` prints it with the command's usage line.
struct UsageError: ClassifiedError, CustomStringConvertible, Sendable, Equatable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var exitStatus: ExitStatus { .usage }

    public var description: String { message }
}
