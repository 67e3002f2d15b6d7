import Foundation
import Mustache

/// The templates a site is rendered with: a user's folder over the built-in ones, file by file.
///
/// `layout.mustache` is the page around everything; `index`, `source`, `digest` and
/// `digests` are pages that extend it (`{{<layout}}`); `item` and `change` are partials.
/// A user's `Templates/` need hold only the files it changes.
struct TemplateSet: Sendable {
    let overrides: URL?
    private let templates: [String: Template]
    /// A digest of every template's text: a page rendered with other templates is rendered again.
    let digest: String

    init(overrides: URL?) throws {
        self.overrides = overrides
        var templates: [String: Template] = [:]
        var digest = InputDigest()
        for name in BuiltInTemplates.files.keys.sorted() where name.hasSuffix(".mustache") {
            let (text, origin) = try Self.source(of: name, overrides: overrides)
            digest.add(name)
            digest.add(text)
            // A TemplateError names the file, line and column itself.
            templates[String(name.dropLast(".mustache".count))] = try Template(string: text, name: origin)
        }
        self.templates = templates
        self.digest = digest.value
    }

    /// Renders the page template `name` (without `.mustache`) with `context`.
    func renderData(_ name: String, _ context: MustacheValue) throws -> Data {
        guard let template = templates[name] else {
            throw SiteError(path: "\(name).mustache", reason: "no such template")
        }
        return Data(try template.renderBytes(context, partials: PartialDictionary(templates)))
    }

    /// The bytes of a file that is copied as it is (an asset), the user's when they have one.
    func asset(_ name: String) throws -> Data {
        if let file = try Self.override(name, in: overrides) {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw SiteError(path: file.path, reason: "cannot read the template")
            }
            return data
        }
        return Data(BuiltInTemplates.files[name] ?? [])
    }

    /// The user's file for `name`, if any; one that leads out of the folder (a symbolic link
    /// to `/etc/shadow`) is an error, so a theme can never publish what is outside it.
    private static func override(_ name: String, in overrides: URL?) throws -> URL? {
        guard let overrides else { return nil }
        let file = overrides.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return nil }
        guard PartialDirectory.realPath(of: file.path, inside: overrides.path) != nil else {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) ?? "elsewhere"
            throw SiteError(
                path: file.path,
                reason: "leads to \(target), outside \(overrides.path): templates must stay in their folder")
        }
        return file
    }

    private static func source(of name: String, overrides: URL?) throws -> (text: String, origin: String) {
        if let file = try override(name, in: overrides) {
            guard let data = FileManager.default.contents(atPath: file.path),
                let text = String(data: data, encoding: .utf8)
            else { throw SiteError(path: file.path, reason: "cannot read the template as UTF-8") }
            return (text, file.path)
        }
        return (String(decoding: BuiltInTemplates.files[name] ?? [], as: UTF8.self), "Templates/\(name) (built in)")
    }
}
