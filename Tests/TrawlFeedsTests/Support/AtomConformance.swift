import Foundation
import FoundationXML

/// An independent check of an Atom document against the rules of RFC 4287 that the W3C
/// feed validator enforces, reporting problems by the validator's message class
/// (`NonCanonicalURI`, `InvalidRFC3339Date`, `MissingElement`, …).
///
/// Written apart from `AtomWriter` (it shares no code with it) so that it can catch the
/// writer out; `FeedValidatorCaseTests` checks it against the validator's own cases.
enum AtomConformance {
    static let atom = "http://www.w3.org/2005/Atom"

    static func problems(in data: Data) -> [String] {
        let document: XMLDocument
        do {
            document = try XMLDocument(data: data, options: [])
        } catch {
            return ["SAXError: \(error)"]
        }
        guard let root = document.rootElement(), root.localName == "feed", root.uri == atom else {
            return ["UndefinedElement: root is not atom:feed"]
        }
        var problems: [String] = []
        let entries = children(root, "entry")
        container(root, name: "feed", into: &problems)
        if children(root, "author").isEmpty, entries.contains(where: { children($0, "author").isEmpty }) {
            problems.append("MissingElement{parent:feed,element:author}")
        }
        for entry in entries {
            container(entry, name: "entry", into: &problems)
            let alternate = children(entry, "link").contains { (attribute($0, "rel") ?? "alternate") == "alternate" }
            if children(entry, "content").isEmpty && !alternate {
                problems.append("MissingContentOrAlternate{parent:entry}")
            }
        }
        return problems
    }

    /// FoundationXML's `attribute(forName:)` misses attributes on Linux; look them up by name.
    private static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.name == name || $0.localName == name }?.stringValue
    }

    private static func children(_ element: XMLElement, _ name: String) -> [XMLElement] {
        (element.children ?? []).compactMap { $0 as? XMLElement }.filter { $0.localName == name && $0.uri == atom }
    }

    private static func container(_ element: XMLElement, name parent: String, into problems: inout [String]) {
        for required in ["id", "title", "updated"] {
            let count = children(element, required).count
            if count == 0 { problems.append("MissingElement{parent:\(parent),element:\(required)}") }
            if count > 1 { problems.append("DuplicateElement{parent:\(parent),element:\(required)}") }
        }
        for id in children(element, "id") {
            let value = id.stringValue ?? ""
            if let problem = idProblem(value) { problems.append("\(problem){parent:\(parent),element:id}: \(value)") }
        }
        for name in ["updated", "published"] {
            for date in children(element, name) where !isRFC3339(date.stringValue ?? "") {
                problems.append("InvalidRFC3339Date{parent:\(parent),element:\(name)}: \(date.stringValue ?? "")")
            }
        }
        for name in ["title", "subtitle", "summary", "content", "rights"] {
            for text in children(element, name) {
                let type = attribute(text, "type") ?? "text"
                if name != "content", !["text", "html", "xhtml"].contains(type) {
                    problems.append("InvalidTextType{parent:\(parent),element:\(name)}: \(type)")
                }
                if type == "text", looksLikeHTML(text.stringValue ?? "") {
                    problems.append("ContainsUndeclaredHTML{parent:\(parent),element:\(name)}")
                }
            }
        }
        var alternates = Set<String>()
        for link in children(element, "link") {
            guard let href = attribute(link, "href"), isAbsoluteIRI(href) else {
                problems.append("InvalidFullLink{parent:\(parent),element:link}")
                continue
            }
            let rel = attribute(link, "rel") ?? "alternate"
            let registered: Set = [
                "alternate", "related", "self", "enclosure", "via", "first", "last", "previous", "next", "hub",
                "license", "replies", "edit",
            ]
            if !registered.contains(rel) && !isAbsoluteIRI(rel) {
                problems.append("UnregisteredAtomLinkRel{parent:\(parent)}: \(rel)")
            }
            if let type = attribute(link, "type"), !isMIMEType(type) {
                problems.append("InvalidMIMEAttribute{parent:\(parent),element:link,attr:type}: \(type)")
            }
            if let length = attribute(link, "length"), Int(length) == nil {
                problems.append("InvalidNonNegativeInteger{parent:\(parent),element:link,attr:length}")
            }
            if rel == "alternate" {
                let key = (attribute(link, "type") ?? "") + "|" + (attribute(link, "hreflang") ?? "")
                if !alternates.insert(key).inserted { problems.append("DuplicateAtomLink{parent:\(parent)}") }
            }
        }
        for name in ["author", "contributor"] {
            for person in children(element, name) {
                if (children(person, "name").first?.stringValue ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                    problems.append("MissingElement{parent:\(name),element:name}")
                }
                for email in children(person, "email") where !isEmail(email.stringValue ?? "") {
                    problems.append("InvalidContact{parent:\(name),element:email}")
                }
                for uri in children(person, "uri") where !isAbsoluteIRI(uri.stringValue ?? "") {
                    problems.append("InvalidFullLink{parent:\(name),element:uri}")
                }
            }
        }
        for category in children(element, "category") where (attribute(category, "term") ?? "").isEmpty {
            problems.append("MissingAttribute{parent:\(parent),element:category,attr:term}")
        }
    }

    // MARK: Value checks, after RFC 3339, RFC 3986, RFC 2141 and RFC 4151

    static func isRFC3339(_ text: String) -> Bool {
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$"#
        guard let match = text.range(of: pattern, options: .regularExpression), match == text.startIndex..<text.endIndex
        else { return false }
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count >= 6 else { return false }
        let (year, month, day) = (numbers[0], numbers[1], numbers[2])
        guard (1...12).contains(month), numbers[3] < 24, numbers[4] < 60, numbers[5] < 61 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// nil when the id is valid, else the validator's message class.
    static func idProblem(_ id: String) -> String? {
        let scheme = id.prefix { $0 != ":" }.lowercased()
        guard isAbsoluteIRI(id) else {
            if scheme == "tag" { return "InvalidTAG" }
            if scheme == "urn" { return "InvalidURN" }
            return id.contains(":") ? "InvalidFullLink" : "InvalidLink"
        }
        let rest = String(id.drop { $0 != ":" }.dropFirst())
        switch scheme {
        case "urn":
            let pattern = #"^[A-Za-z0-9][A-Za-z0-9-]{1,31}:[A-Za-z0-9()+,\-.:=@;$_!*'%/?#]+$"#
            return rest.range(of: pattern, options: .regularExpression) == nil ? "InvalidURN" : nil
        case "tag":
            let pattern = #"^[A-Za-z0-9.@-]+,\d{4}(-\d{2}(-\d{2})?)?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?%#]*$"#
            return rest.range(of: pattern, options: .regularExpression) == nil ? "InvalidTAG" : nil
        case "http", "https":
            return isCanonicalHTTP(id) ? nil : "NonCanonicalURI"
        case "mailto", "ftp", "data", "file", "info":
            return nil
        default:
            return "SchemeNotIANARegistered"
        }
    }

    private static func isCanonicalHTTP(_ id: String) -> Bool {
        guard let components = URLComponents(string: id), let host = components.host, !host.isEmpty else {
            return false
        }
        let scheme = id.prefix { $0 != ":" }
        if scheme != scheme.lowercased() || host != host.lowercased() { return false }
        if id.contains("://:@") || id.contains("://@") { return false }
        if (scheme == "http" && components.port == 80) || (scheme == "https" && components.port == 443) { return false }
        let path = components.percentEncodedPath
        if path.isEmpty || path.contains("/./") || path.contains("/../") || path.hasSuffix("/.")
            || path.hasSuffix("/..")
        {
            return false
        }
        // Percent-encodings: upper-case hex, never for an unreserved character.
        var remainder = Substring(id)
        while let percent = remainder.firstIndex(of: "%") {
            let hex = remainder[remainder.index(after: percent)...].prefix(2)
            guard hex.count == 2, let value = UInt8(hex, radix: 16), hex == hex.uppercased() else { return false }
            let scalar = Unicode.Scalar(value)
            if scalar.isASCII,
                Character(scalar).isLetter || Character(scalar).isNumber || "-._~".unicodeScalars.contains(scalar)
            {
                return false
            }
            remainder = remainder[remainder.index(after: percent)...]
        }
        return true
    }

    static func isAbsoluteIRI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        return scheme.first!.isLetter
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            && !text.contains { $0.isWhitespace || "<>\"{}|\\^`".contains($0) }
    }

    static func isMIMEType(_ text: String) -> Bool {
        text.range(of: #"^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+$"#, options: .regularExpression) != nil
    }

    static func isEmail(_ text: String) -> Bool {
        text.range(of: #"^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"#, options: .regularExpression) != nil
    }

    /// The validator's ContainsUndeclaredHTML heuristic: a tag or an entity in plain text.
    static func looksLikeHTML(_ text: String) -> Bool {
        text.range(of: #"<[A-Za-z/!]|&[A-Za-z]+;|&#[0-9]+;"#, options: .regularExpression) != nil
    }
}
