/// One option a command takes: its name, the value it needs (none for a flag) and its help,
/// the one declaration from which parsing, the usage text and the errors all come.
struct CommandOption: Hashable, Sendable {
    /// With its dashes: `--config`.
    let name: String
    /// What the value is called in the usage (`FILE`), or nil for a flag.
    let value: String?
    /// The help shown beside the option; a newline starts a continuation line.
    let help: String

    var isFlag: Bool { value == nil }

    /// An option that takes no value: `--json`.
    static func flag(_ name: String, _ help: String) -> CommandOption {
        CommandOption(name: name, value: nil, help: help)
    }

    /// An option that takes a value: `--config FILE`.
    static func option(_ name: String, _ value: String, _ help: String) -> CommandOption {
        CommandOption(name: name, value: value, help: help)
    }

    /// The same option in other words, for a command where it means something narrower.
    func helped(_ help: String) -> CommandOption {
        CommandOption(name: name, value: value, help: help)
    }

    /// How the usage writes it: `--config FILE`, `--json`.
    var synopsis: String { value.map { "\(name) \($0)" } ?? name }
}

/// The words a command takes after its name that are not options (`SOURCE_ID`, `FILE...`).
struct CommandPositional: Hashable, Sendable {
    /// As the usage names it: `SOURCE_ID`.
    let name: String
    let arity: Arity
    /// Shown in the option list, or nothing when the synopsis says enough.
    let help: String

    enum Arity: Hashable, Sendable {
        /// Exactly one.
        case one
        /// None or one.
        case optional
        /// One or more.
        case oneOrMore
        /// Any number, none included.
        case any
    }

    init(_ name: String, _ arity: Arity = .one, help: String = "") {
        self.name = name
        self.arity = arity
        self.help = help
    }

    var synopsis: String {
        switch arity {
        case .one: name
        case .optional: "[\(name)]"
        case .oneOrMore: "\(name)..."
        case .any: "[\(name)...]"
        }
    }

    var isRequired: Bool { arity == .one || arity == .oneOrMore }
    var takesMany: Bool { arity == .oneOrMore || arity == .any }
}
