/// The command line's advice on a guard failure: how to take a page's new shape. The message
/// the pipeline saves says what happened and what was kept, and names no flag (it is shown on
/// the site and read by embedding programs); the flag is the command line's to name.
enum AcceptHint {
    /// `message`, its closing parenthesis widened with `'--accept ID'` when the guard refused
    /// (a record an earlier Trawl saved may hold the advice already).
    static func adding(to message: String, isGuard: Bool, sourceID: String) -> String {
        guard isGuard, message.hasSuffix(")"), !message.contains("'--accept ") else { return message }
        return message.dropLast() + "; if the page really changed, '--accept \(sourceID)' takes its new shape)"
    }
}
