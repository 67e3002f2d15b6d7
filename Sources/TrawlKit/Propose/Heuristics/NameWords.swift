import TrawlHTML

/// The words of an element's class and id (`site-nav`, `mainMenu`, `footer_widgets` give
/// site, nav; main, menu; footer, widgets), lowercased: what its author called it.
enum NameWords {
    static func of(_ node: Node) -> [String] {
        split((node.attr("class") ?? "") + " " + (node.attr("id") ?? ""))
    }

    static func split(_ names: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for character in names {
            if character.isLetter || character.isNumber {
                // camelCase: a capital after a small letter starts a word.
                if character.isUppercase, previousLower, !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(Character(character.lowercased()))
                previousLower = character.isLowercase
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
