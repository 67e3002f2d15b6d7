import Foundation

/// Runs a program with the notification as plain text (or, asked for, the Markdown digest)
/// on standard input and its counts
/// in the environment: `TRAWL_RUN`, `TRAWL_CHANGES`, `TRAWL_ADDED`, `TRAWL_CHANGED`,
/// `TRAWL_REMOVED`, `TRAWL_REAPPEARED`, `TRAWL_FAILURES`, `TRAWL_SUBJECT`, `TRAWL_SITE`.
struct CommandNotifier: Sendable {
    let arguments: [String]
    /// The configuration's folder, where `./notify.sh` is found.
    let folder: URL
    /// Markdown (`"format": "markdown"`) rather than plain text, whose characters a program
    /// that shows it as it is would print with Markdown's escapes.
    var markdown = false

    func send(_ notification: RunNotification) async throws {
        let text = markdown ? NotificationText.markdown(notification) : NotificationText.plain(notification) + "\n"
        try await ProgramRunner(arguments: arguments, environment: Self.environment(notification), folder: folder)
            .run(input: Data(text.utf8))
    }

    static func environment(_ notification: RunNotification) -> [String: String] {
        let counts = notification.counts
        return [
            "TRAWL_RUN": notification.run, "TRAWL_CHANGES": String(counts.changes), "TRAWL_ADDED": String(counts.added),
            "TRAWL_CHANGED": String(counts.changed), "TRAWL_REMOVED": String(counts.removed),
            "TRAWL_REAPPEARED": String(counts.reappeared), "TRAWL_FAILURES": String(counts.failures),
            "TRAWL_SUBJECT": notification.subject, "TRAWL_SITE": notification.site ?? "",
        ]
    }
}
