import Mustache

// A change's rows and words as the site's templates see them (`{{#rows}}`, `{{#words}}`).

extension ChangeDescription.FieldRow: MustacheObject {
    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "field": return .string(field)
        case "old": return .string(old)
        case "new": return .string(new)
        case "words": return .list(of: words)
        case "hasWords": return .bool(hasWords)
        default: return nil
        }
    }
}

extension ChangeDescription.Word: MustacheObject {
    func member(_ key: String) -> MustacheValue? {
        switch key {
        case "text": return .string(text)
        case "removed": return .bool(removed)
        case "inserted": return .bool(inserted)
        default: return nil
        }
    }
}
