import Foundation

/// Every setting of a notifier, written out by name (`CanonicalKey`): what keys its record in
/// `Cache/notifications.json`. A new stored property must be written here too:
/// `CanonicalKeyTests` counts them.
extension NotifierConfiguration: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        switch target {
        case .webhook(let webhook): key.add("webhook", webhook)
        case .email(let email): key.add("email", email)
        case .command(let arguments): key.add("command", arguments)
        }
        key.add("when", sorted: when.map(\.rawValue))
        // Written only when set, so a notifier that uses neither keeps its delivery record.
        if !match.isEmpty { key.add("match", match) }
        if markdown { key.add("format", "markdown") }
    }

    /// A stable key for the delivery record: the name and a hash of the whole setting, so
    /// an edited notifier starts afresh and two alike never share a record.
    public var key: String {
        "\(name) #\(CanonicalKey(of: self).hash)"
    }

    /// The keys Trawl 0.x before canonical keys gave this notifier: a hash of its printed
    /// description, in which `when` (a `Set`) came out in either order from one process to
    /// the next. A ledger record under one of them is this notifier's.
    var legacyKeys: [String] {
        // Those notifiers had neither `match` nor `markdown`, which now print after `when`.
        let later = ", match: [], markdown: false)"
        let whole = String(describing: self)
        guard match.isEmpty, !markdown, whole.hasSuffix(later) else { return [] }
        let printed = whole.dropLast(later.count) + ")"
        let events = when.map { "TrawlKit.NotifierConfiguration.Event.\($0.rawValue)" }
        let current = "Set([\(events.joined(separator: ", "))])"
        guard printed.hasSuffix("when: \(current))") else { return [] }
        let stem = printed.dropLast(current.count + 1)
        return Self.orderings(events).map { order in
            "\(name) #\(StableHash.of(stem + "Set([\(order.joined(separator: ", "))]))"))"
        }
    }

    private static func orderings(_ items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return orderings(rest).map { [first] + $0 }
        }
    }
}

extension NotifierConfiguration.Webhook: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        // The URL of a Slack or Discord hook is itself its credential.
        key.addSecret("url", url.absoluteString)
        key.add("format", format.rawValue)
        key.add("headers", headers)
        key.add("timeout", timeout)
        key.add("attempts", attempts)
    }
}

extension NotifierConfiguration.Header: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("name", name)
        key.addSecret("value", value)
    }
}

extension NotifierConfiguration.Email: CanonicallyKeyed {
    func encode(into key: inout CanonicalKey) {
        key.add("to", to)
        key.add("from", from)
        key.add("sendmail", sendmail)
    }
}
