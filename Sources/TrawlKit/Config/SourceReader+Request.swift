import Foundation
import TrawlJSON

/// The keys that shape a source's requests: `headers`, `cookies`, `auth`, `method`, `body`.
extension SourceReader {
    func readRequest(_ object: JSONValue, url: URL) -> RequestOptions {
        var options = RequestOptions()
        options.proxy = reader.proxy(object["proxy"], at: "\(path).proxy")
        if let method = reader.choice(object["method"], at: "\(path).method", from: ["GET", "POST"]) {
            options.method = method
        }
        for member in reader.members(object["headers"], at: "\(path).headers") {
            let at = "\(path).headers.\(member.key)"
            if let problem = Self.headerProblem(name: member.key) {
                reader.problem(at, problem, at: member.value)
            } else if let value = reader.headerText(member.value, at: at, name: "'\(member.key)'") {
                options.headers[member.key] = value
            }
        }
        options.cookies = readCookies(object["cookies"], url: url)
        options.credentials = readCredentials(object["auth"])
        if let body = object["body"] {
            readBody(body, into: &options)
            if options.method != "POST" {
                reader.problem("\(path).body", "a body is sent only with \"method\": \"POST\"", at: body)
            }
        }
        return options
    }

    /// Fields a request may not set by hand (values are `JSONReader.headerText`'s to check).
    static func headerProblem(name: String) -> String? {
        if let problem = headerNameProblem(name) { return problem }
        switch name.lowercased() {
        case "cookie": return "set cookies with \"cookies\" (a cookie file, or name → value)"
        case "host", "content-length", "transfer-encoding", "connection", "te", "upgrade":
            return "Trawl sets '\(name)' itself"
        default: break
        }
        return nil
    }

    /// Not a field name (RFC 9110 §5.1: a token): a source's headers and a webhook's alike.
    static func headerNameProblem(_ name: String) -> String? {
        let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && token.contains($0) }) else {
            return "'\(name)' is not a valid header field name"
        }
        return nil
    }

    private func readCookies(_ node: JSONValue?, url: URL) -> [Cookie] {
        guard let node else { return [] }
        let at = "\(path).cookies"
        if case .string = node.content {
            guard let text = reader.string(node, at: at), let file = Self.resolve(text, against: folder) else {
                return []
            }
            let contents: String
            do {
                contents = try String(contentsOf: file, encoding: .utf8)
            } catch {
                reader.problem(
                    at, "cannot read the cookie file \(file.path): \((error as NSError).localizedDescription)", at: node
                )
                return []
            }
            do {
                return try CookieFile.parse(contents)
            } catch {
                reader.problem(at, "\(file.path): \(error)", at: node)
                return []
            }
        }
        let host = url.host?.lowercased() ?? ""
        return reader.members(node, at: at).compactMap { member in
            let name = member.key
            if name.isEmpty || name.unicodeScalars.contains(where: { ";= ".unicodeScalars.contains($0) })
                || HeaderFieldText.firstControl(in: name) != nil
            {
                reader.problem("\(at).\(name)", "not a valid cookie name and value", at: member.value)
                return nil
            }
            guard let value = reader.headerText(member.value, at: "\(at).\(name)", name: "cookie '\(name)'") else {
                return nil
            }
            guard !value.contains(";") else {
                reader.problem("\(at).\(name)", "not a valid cookie name and value", at: member.value)
                return nil
            }
            return Cookie(domain: host, name: name, value: value)
        }
    }

    private func readCredentials(_ node: JSONValue?) -> Credentials? {
        let at = "\(path).auth"
        guard let object = reader.object(node, at: at, shape: ConfigurationKeys.auth) else { return nil }
        for key in ["user", "password"] {
            guard let value = object[key] else {
                reader.problem("\(at).\(key)", "missing: basic auth needs a user and a password", at: object)
                return nil
            }
            // Secrets belong in the environment, not in a file that gets copied around.
            if case .string(let raw) = value.content, !raw.contains("${") {
                reader.problem(
                    "\(at).\(key)", "write it as ${VARIABLE}, so the secret stays in the environment", at: value)
            }
        }
        guard let user = reader.string(object["user"], at: "\(at).user"),
            let password = reader.string(object["password"], at: "\(at).password")
        else { return nil }
        return Credentials(user: user, password: password)
    }

    private func readBody(_ node: JSONValue, into options: inout RequestOptions) {
        let at = "\(path).body"
        guard let object = reader.object(node, at: at, shape: ConfigurationKeys.body) else { return }
        switch (object["form"], object["json"]) {
        case (let form?, nil):
            let pairs = reader.members(form, at: "\(at).form").compactMap { member in
                reader.string(member.value, at: "\(at).form.\(member.key)").map { (member.key, $0) }
            }
            options.body = Data(FormEncoding.encode(pairs).utf8)
            options.contentType = "application/x-www-form-urlencoded"
        case (nil, let json?):
            guard let value = expanded(json, at: "\(at).json") else { return }
            options.body = Data(JSONWriter.bytes(value, style: .compact))
            options.contentType = "application/json"
        default:
            reader.problem(at, "give either 'form' (name → value) or 'json' (any JSON), one of them", at: node)
        }
    }

    /// The JSON value as written, in its key order and with its numbers' text, with
    /// `${VARIABLE}`s in its strings expanded; nil when a variable is unset (told as a problem).
    private func expanded(_ node: JSONValue, at: String) -> JSONValue? {
        switch node.content {
        case .object(let members):
            var result: [(key: String, value: JSONValue)] = []
            for member in members {
                guard let value = expanded(member.value, at: "\(at).\(member.key)") else { return nil }
                result.append((member.key, value))
            }
            return .object(result)
        case .array(let elements):
            var result: [JSONValue] = []
            for (index, element) in elements.enumerated() {
                guard let value = expanded(element, at: "\(at)[\(index)]") else { return nil }
                result.append(value)
            }
            return .array(result)
        case .string: return reader.string(node, at: at).map(JSONValue.string)
        case .number, .bool, .null: return node
        }
    }
}

/// `application/x-www-form-urlencoded` (the WHATWG URL standard's serializer).
enum FormEncoding {
    static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(charactersIn: "*-._").union(
        CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"))

    static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte == 0x20 {
                result += "+"
            } else if byte < 0x80, unreserved.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }
}
