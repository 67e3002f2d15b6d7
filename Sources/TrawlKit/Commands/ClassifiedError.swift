/// An error of the command line's own that knows which exit status it deserves. The library's
/// errors know no exit status: `CommandLineTool.status(for:)`, the one place that turns errors
/// into statuses, reads it from this or from the library error's type.
protocol ClassifiedError: Error {
    var exitStatus: ExitStatus { get }
}
