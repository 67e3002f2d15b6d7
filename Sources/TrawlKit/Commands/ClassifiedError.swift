/// An error that knows which exit status it deserves: the layers say what went wrong, and
/// `CommandLineTool.status(for:)`, the one place that turns errors into exit statuses, reads it.
public protocol ClassifiedError: Error {
    var exitStatus: ExitStatus { get }
}
