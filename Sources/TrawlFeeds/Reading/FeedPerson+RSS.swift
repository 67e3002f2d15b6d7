extension FeedPerson {
    /// Reads RSS's `author` and `managingEditor` forms: `jane@example.com (Jane Doe)`,
    /// `Jane Doe <jane@example.com>`, a bare address or a bare name. Nil when empty.
    init?(rssAuthor text: String) {
        let value = text.trimmed
        guard !value.isEmpty else { return nil }
        if let open = value.firstIndex(of: "("), value.hasSuffix(")") {
            let before = value[..<open].trimmed
            let inside = value[value.index(after: open)..<value.index(before: value.endIndex)].trimmed
            if before.contains("@") {
                self.init(name: inside.isEmpty ? nil : inside, email: before)
                return
            }
            if inside.contains("@"), !inside.contains(" ") {
                self.init(name: before.isEmpty ? nil : before, email: inside)
                return
            }
        }
        if let open = value.firstIndex(of: "<"), value.hasSuffix(">") {
            let before = value[..<open].trimmed
            let inside = value[value.index(after: open)..<value.index(before: value.endIndex)].trimmed
            if inside.contains("@") {
                self.init(name: before.isEmpty ? nil : before, email: inside)
                return
            }
        }
        if value.contains("@"), !value.contains(" ") {
            self.init(email: value)
            return
        }
        self.init(name: value)
    }
}
