import Foundation

/// Ids for imported sources: from the watch's title, else its host, made unique against
/// the ids the configuration has and those given before (`prices`, `prices-2`).
struct SourceIDs {
    private var taken: Set<String>
    /// The number to try next after each base: a file of 10,000 watches with one title
    /// would otherwise try 2, 3, … again for each, 50 million look-ups.
    private var nextNumber: [String: Int] = [:]

    init(existing: some Sequence<String>) {
        taken = Set(existing)
    }

    /// A new id for a watch called `title` (nil or empty: none) that fetches `url`.
    mutating func make(title: String?, url: URL?) -> String {
        let base = Self.slug(title ?? "") ?? Self.slug(url?.host ?? "") ?? "source"
        var id = base
        var number = nextNumber[base, default: 2]
        while taken.contains(id) {
            id = "\(base)-\(number)"
            number += 1
        }
        nextNumber[base] = number
        taken.insert(id)
        return id
    }

    /// Lower-case letters and digits of `text` (any script) joined by `-`, at most 60 bytes,
    /// cut at a word; nil when nothing is left.
    static func slug(_ text: String) -> String? {
        var words: [String] = []
        var word = ""
        for scalar in text.lowercased().unicodeScalars {
            let category = scalar.properties.generalCategory
            let isWordScalar =
                scalar.isASCII
                ? (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                : [.lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .nonspacingMark, .spacingMark]
                    .contains(category) && !scalar.properties.isDefaultIgnorableCodePoint
            if isWordScalar {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        var slug = ""
        for word in words {
            let next = slug.isEmpty ? word : slug + "-" + word
            if next.utf8.count > 60 { break }
            slug = next
        }
        if slug.isEmpty, let first = words.first { slug = String(first.unicodeScalars.prefix(20)) }
        return slug.isEmpty ? nil : slug
    }
}
