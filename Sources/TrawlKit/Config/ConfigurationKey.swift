/// One key of an object in `trawl.json`: its name, what its value is, and what it means.
///
/// The loader's unknown-key check (`JSONReader.object(_:at:shape:)`) and `trawl schema`
/// (`ConfigurationSchema`) both read these declarations, so the keys Trawl accepts and the
/// keys the schema offers an editor are one list. `ConfigurationKeys` holds them all.
struct ConfigurationKey: Sendable {
    let name: String
    let value: ConfigurationValue
    /// The GUIDE's words for it: an editor shows them beside the key.
    let description: String

    init(_ name: String, _ value: ConfigurationValue, _ description: String) {
        self.name = name
        self.value = value
        self.description = description
    }
}

/// What a key's value may be, in the terms JSON Schema (draft 2020-12) has for it.
indirect enum ConfigurationValue: Sendable {
    case string
    /// A string that is one of these words (an enum, or a single `const`).
    case choice([String])
    case integer(minimum: Int?)
    /// A number within the bounds, when given.
    case number(minimum: Double?, maximum: Double?)
    case boolean
    /// A string, or a list of strings (the loader's `JSONReader.strings` reads both).
    case strings
    /// A word of `choices`, or a list of them.
    case choices([String])
    case list(ConfigurationValue)
    /// An object whose keys are names the user picks (headers, fields, replacements).
    case map(ConfigurationValue)
    case object(ConfigurationObject)
    /// Any one of these.
    case either([ConfigurationValue])
    /// A source's `fields`: their shape depends on the source's kind (`ConfigurationSchema`).
    case fields
    /// Any JSON value at all (a request body's `json`).
    case any
}

/// An object of `trawl.json` with a fixed set of keys: the top level, `site`, a source, a field…
struct ConfigurationObject: Sendable {
    /// Its name under the schema's `$defs`.
    let name: String
    let description: String
    let keys: [ConfigurationKey]
    /// Keys that must be there.
    var required: [String] = []
    /// At least one of these keys (a source's `kind` or `preset`).
    var anyOf: [String] = []
    /// Exactly one of these keys (a request body's `form` or `json`).
    var oneOf: [String] = []
    /// Keys the loader knows only to refuse with a word of why (a JSONPath in a list
    /// source's field): neither accepted nor in the schema.
    var refused: [String: String] = [:]

    var names: [String] { keys.map(\.name) }
}
