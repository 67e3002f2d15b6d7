import Foundation
import TrawlJSON
import TrawlText

/// Reads a `notify` list (top level or a source's): each entry names exactly one of
/// `webhook`, `email` or `command`, with the settings that kind takes.
struct NotifierReader {
    let reader: JSONReader

    /// What a command is given on its standard input.
    static let commandFormats = ["plain", "markdown"]
    static let kinds = ["webhook", "email", "command"]

    /// The fields the notifiers can hear: those of the sources they listen to and every
    /// item's own (`id`, `title`, `url`, `date`, `summary`); nil leaves `match` unchecked
    /// (a source that could not be read has no fields to check against).
    let fields: Fields?

    /// Whose fields a `match` is checked against.
    struct Fields {
        var names: [String]
        /// `true` for the top-level list, which hears every source.
        var ofEverySource: Bool
    }

    func read(_ node: JSONValue?, at path: String) -> [NotifierConfiguration] {
        guard let list = reader.array(node, at: path) else { return [] }
        return list.enumerated().compactMap { index, element in read(one: element, at: "\(path)[\(index)]") }
    }

    /// What a notifier listening to `sources` can match on, in the order first seen: each
    /// source's fields (`SourceReader.fieldNames`), what its item pages add, and `id`.
    static func fieldNames(of sources: [SourceConfiguration]) -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for source in sources {
            let detail = source.detail?.fields.map(\.name) ?? []
            for name in SourceReader.fieldNames(of: source) + detail + ["id"] where seen.insert(name).inserted {
                names.append(name)
            }
        }
        return names
    }

    private func read(one node: JSONValue, at path: String) -> NotifierConfiguration? {
        guard case .object(let members) = node.content else {
            reader.problem(path, "expected an object naming a webhook, email or command", at: node)
            return nil
        }
        let named = members.map(\.key).filter { Self.kinds.contains($0) }
        guard named.count == 1, let kind = named.first else {
            reader.problem(
                path,
                named.isEmpty
                    ? "missing: one of 'webhook', 'email' or 'command'"
                    : "give only one of \(named.joined(separator: ", "))",
                at: node)
            return nil
        }
        let target: NotifierConfiguration.Target?
        switch kind {
        case "webhook": target = webhook(node, at: path)
        case "email": target = email(node, at: path)
        default: target = command(node, at: path)
        }
        guard let target else { return nil }
        var when = NotifierConfiguration.Event.everything
        if let words = reader.strings(node["when"], at: "\(path).when") {
            let choices = NotifierConfiguration.Event.allCases.map(\.rawValue)
            when = Set(
                words.enumerated().compactMap { index, word in
                    guard let event = NotifierConfiguration.Event(rawValue: word) else {
                        let hint = Suggestion.hint(for: word, in: choices)
                        reader.problem(
                            "\(path).when[\(index)]",
                            "'\(word)' is not one of \(choices.joined(separator: ", "))\(hint)",
                            at: node["when"])
                        return nil
                    }
                    return event
                })
            if words.isEmpty {
                reader.problem("\(path).when", "name at least one of changes, failures, added", at: node["when"])
            }
        }
        var notifier = NotifierConfiguration(target: target, when: when)
        let name = notifier.name
        notifier.match = reader.members(node["match"], at: "\(path).match").compactMap { member in
            let at = "\(path).match.\(member.key)"
            if let fields, !fields.names.contains(member.key) {
                reader.problem(at, Self.unheardField(member.key, by: name, in: fields), at: member.value)
            }
            return SourceReader.pattern(member.key, member.value, at: at, reader: reader)
        }
        if kind == "command" {
            notifier.markdown =
                reader.choice(node["format"], at: "\(path).format", from: Self.commandFormats) == "markdown"
        }
        return notifier
    }

    private func webhook(_ node: JSONValue, at path: String) -> NotifierConfiguration.Target? {
        guard let object = reader.object(node, at: path, shape: ConfigurationKeys.webhook),
            let text = reader.string(object["webhook"], at: "\(path).webhook")
        else { return nil }
        guard let url = URL(string: text), url.isWebAddress, url.host != nil
        else {
            reader.problem("\(path).webhook", "'\(text)' is not an http or https URL", at: object["webhook"])
            return nil
        }
        var format = NotifierConfiguration.WebhookFormat.json
        if let name = reader.choice(
            object["format"], at: "\(path).format", from: NotifierConfiguration.WebhookFormat.allCases.map(\.rawValue))
        {
            format = .init(rawValue: name) ?? .json
        }
        let headers = reader.members(object["headers"], at: "\(path).headers").compactMap {
            member -> NotifierConfiguration.Header? in
            let at = "\(path).headers.\(member.key)"
            if let problem = SourceReader.headerNameProblem(member.key) {
                reader.problem(at, problem, at: member.value)
                return nil
            }
            return reader.headerText(member.value, at: at, name: "'\(member.key)'").map {
                NotifierConfiguration.Header(name: member.key, value: $0)
            }
        }
        var timeout = Duration.seconds(10)
        if let seconds = reader.number(object["timeout"], at: "\(path).timeout") {
            if seconds <= 0 || seconds > 600 {
                reader.problem("\(path).timeout", "must be more than 0 and at most 600 seconds", at: object["timeout"])
            } else {
                timeout = .milliseconds(Int(seconds * 1000))
            }
        }
        var attempts = 3
        if let count = reader.integer(object["attempts"], at: "\(path).attempts") {
            if count < 1 { reader.problem("\(path).attempts", "must be at least 1", at: object["attempts"]) }
            attempts = max(1, count)
        }
        return .webhook(.init(url: url, format: format, headers: headers, timeout: timeout, attempts: attempts))
    }

    private func email(_ node: JSONValue, at path: String) -> NotifierConfiguration.Target? {
        guard let object = reader.object(node, at: path, shape: ConfigurationKeys.email),
            let to = reader.strings(object["email"], at: "\(path).email")
        else { return nil }
        for (index, address) in to.enumerated() where !Self.isAddress(address) {
            reader.problem("\(path).email[\(index)]", "'\(address)' is not an email address", at: object["email"])
        }
        let from = reader.string(object["from"], at: "\(path).from") ?? "trawl@localhost"
        if !Self.isAddress(from) {
            reader.problem("\(path).from", "'\(from)' is not an email address", at: object["from"])
        }
        var sendmail = ["/usr/sbin/sendmail"]
        if let node = object["sendmail"] {
            // A string is one program path; a list is the program and its arguments.
            if case .string = node.content {
                sendmail = reader.string(node, at: "\(path).sendmail").map { [$0] } ?? sendmail
            } else {
                sendmail = reader.strings(node, at: "\(path).sendmail") ?? sendmail
            }
            if sendmail.first?.isEmpty ?? true {
                reader.problem("\(path).sendmail", "name the sendmail program", at: node)
            }
        }
        guard !to.isEmpty else {
            reader.problem("\(path).email", "name at least one address", at: object["email"])
            return nil
        }
        return .email(.init(to: to, from: from, sendmail: sendmail))
    }

    private func command(_ node: JSONValue, at path: String) -> NotifierConfiguration.Target? {
        guard let object = reader.object(node, at: path, shape: ConfigurationKeys.command),
            let arguments = reader.strings(object["command"], at: "\(path).command")
        else { return nil }
        guard let program = arguments.first, !program.isEmpty else {
            reader.problem("\(path).command", "name the program to run", at: object["command"])
            return nil
        }
        return .command(arguments)
    }

    /// "command apprise matches on 'titel', which the source's items do not have (did you
    /// mean 'title'?); its fields: title, url": a rule that could never match, so the notifier
    /// would silently be told of nothing.
    static func unheardField(_ name: String, by notifier: String, in fields: Fields) -> String {
        let hint = Suggestion.hint(for: name, in: fields.names)
        let whose = fields.ofEverySource ? "no source's items have" : "the source's items do not have"
        let list = fields.ofEverySource ? "the sources' fields" : "its fields"
        return
            "\(notifier) matches on '\(name)', which \(whose)\(hint); \(list): \(fields.names.joined(separator: ", "))"
    }

    /// `local@domain`, printable ASCII without spaces or angle brackets: enough to keep a
    /// header from being forged through a configuration value.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        // A leading dash would read as an option to sendmail.
        return parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty && !text.hasPrefix("-")
            && text.unicodeScalars.allSatisfy {
                $0.value > 0x20 && $0.value < 0x7F && !"<>(),;:\\\"[]".unicodeScalars.contains($0)
            }
    }
}
