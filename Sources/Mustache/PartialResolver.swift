import Foundation

/// Finds the templates that partial (`{{>name}}`) and parent (`{{<name}}`) tags name.
public protocol PartialResolver: Sendable {
    /// The template called `name`, or nil when there is none (it then renders as nothing).
    func template(named name: String) throws -> Template?
}

/// Partials held in memory, by name.
public struct PartialDictionary: PartialResolver {
    public var templates: [String: Template]

    public init(_ templates: [String: Template] = [:]) {
        self.templates = templates
    }

    /// Parses each source, naming it by its key in errors.
    public init(sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources {
            templates[name] = try Template(string: source, name: name)
        }
        self.templates = templates
    }

    public func template(named name: String) -> Template? {
        templates[name]
    }
}

/// Several resolvers asked in turn; the first that has a name wins.
///
/// Lets a user's own template folder override built-in templates file by file:
/// `PartialChain([PartialDirectory(path: "Templates"), builtIn])`.
public struct PartialChain: PartialResolver {
    public let resolvers: [any PartialResolver]

    public init(_ resolvers: [any PartialResolver]) {
        self.resolvers = resolvers
    }

    public func template(named name: String) throws -> Template? {
        for resolver in resolvers {
            if let template = try resolver.template(named: name) { return template }
        }
        return nil
    }
}
