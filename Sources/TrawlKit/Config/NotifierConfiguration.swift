import Foundation

/// One entry of a `notify` list: where to tell, how, and of what.
///
/// ```
/// { "webhook": "https://hooks.example.org/T0/B0", "format": "slack", "when": ["changes", "failures"],
///   "headers": { "Authorization": "Bearer ${HOOK_TOKEN}" } }
/// { "email": "ada@example.org", "from": "trawl@example.org", "sendmail": "/usr/sbin/sendmail" }
/// { "command": ["apprise", "-b", "-", "mailto://..."] }
/// ```
public struct NotifierConfiguration: Sendable, Hashable {
    /// What a notifier is told of.
    public enum Event: String, Sendable, Hashable, CaseIterable {
        /// Items added, changed, removed or back.
        case changes
        /// A source that broke or recovered (see `HealthEvent`).
        case failures
        /// New items only (`"when": ["added"]`): no changes, removals or returns.
        case added

        /// What a notifier is told of when its `when` is not given: changes and failures.
        public static let everything: Set<Event> = [.changes, .failures]
    }

    /// The shape of a webhook's body.
    public enum WebhookFormat: String, Sendable, Hashable, CaseIterable {
        /// Trawl's own JSON body (docs/NOTIFY.md).
        case json
        /// The body a Slack incoming webhook takes.
        case slack
        /// The body a Discord webhook takes.
        case discord
        /// The body an ntfy topic takes.
        case ntfy
        /// The body of a Matrix room message.
        case matrix
    }

    /// A webhook: a POST of the run's news to `url`.
    public struct Webhook: Sendable, Hashable {
        /// Where the news is posted.
        public var url: URL
        /// The body's shape.
        public var format: WebhookFormat
        /// Sent with every request, in order; values may name `${ENV}` variables.
        public var headers: [Header]
        /// How long one attempt may take.
        public var timeout: Duration
        /// Attempts in one run before the delivery waits for the next run.
        public var attempts: Int
    }

    /// One header field of a webhook request.
    public struct Header: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// The field's value (after `${NAME}` expansion).
        public var value: String
    }

    /// An email through a sendmail-compatible program.
    public struct Email: Sendable, Hashable {
        /// The recipients.
        public var to: [String]
        /// The sender.
        public var from: String
        /// The sendmail-compatible program and its leading arguments (msmtp, postfix, exim).
        public var sendmail: [String]
    }

    /// Where the news goes.
    public enum Target: Sendable, Hashable {
        /// Posted to a webhook.
        case webhook(Webhook)
        /// Mailed.
        case email(Email)
        /// A program and its arguments; the news as plain text on its standard input (the
        /// Markdown digest when `markdown` is set).
        case command([String])
    }

    /// Where and how.
    public var target: Target
    /// What it is told of.
    public var when: Set<Event>
    /// Rules a change's item must match, every one, for the notifier to be told of it
    /// (`"match": {"title": "(?i)swift"}`); empty: every change.
    public var match: [FieldPattern] = []
    /// For a command: the Markdown digest on its standard input (`"format": "markdown"`)
    /// instead of plain text.
    public var markdown = false

    /// A notifier told of `when` (default: changes and failures).
    public init(target: Target, when: Set<Event> = Event.everything, match: [FieldPattern] = []) {
        self.target = target
        self.when = when
        self.match = match
    }

    /// Whether the notifier is told of `change`: one it asked for (`when`: every change, or
    /// additions only) whose item matches every `match` rule.
    public func tells(of change: Change) -> Bool {
        guard change.isNews, when.contains(.changes) || (when.contains(.added) && change.kind == .added) else {
            return false
        }
        guard !match.isEmpty else { return true }
        guard let item = change.item else { return false }
        return match.allSatisfy { $0.matches(item) }
    }

    /// Names the notifier in the delivery record and in `trawl status`, without secrets:
    /// `webhook https://hooks.example.org/…`, `email ada@example.org`, `command apprise`.
    public var name: String {
        switch target {
        case .webhook(let webhook):
            var components = URLComponents(url: webhook.url, resolvingAgainstBaseURL: false)
            components?.user = nil
            components?.password = nil
            components?.query = nil
            let shown = components?.string ?? webhook.url.absoluteString
            return "webhook \(shown)"
        case .email(let email): return "email \(email.to.joined(separator: ", "))"
        case .command(let arguments): return "command \(arguments.first ?? "")"
        }
    }
}
