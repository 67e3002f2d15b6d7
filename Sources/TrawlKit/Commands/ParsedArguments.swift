import Foundation

/// A command's arguments split into flags, options with values and positionals, checked
/// against the command's declarations, so every mistake is worded here, once.
///
/// Options take their value as the next argument or after `=` (`--port 8080`,
/// `--port=8080`); `--` ends the options.
struct ParsedArguments: Sendable {
    private(set) var positionals: [String] = []
    private var flagsSeen: Set<String> = []
    private var optionValues: [String: [String]] = [:]
    private let declared: Set<String>

    init(_ arguments: [String], options: [CommandOption], positionals expected: [CommandPositional]? = nil) throws {
        let byName = Dictionary(options.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        declared = Set(byName.keys)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !onlyPositionals, argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = byName[name] else {
                throw UsageError("unknown option '\(name)'\(Suggestion.hint(for: name, in: byName.keys))")
            }
            if option.isFlag {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
                flagsSeen.insert(name)
            } else {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError("option '\(name)' needs a value")
                }
                if inlineValue == nil { index += 1 }
                optionValues[name, default: []].append(value)
            }
        }
        if let expected { try check(positionals, against: expected) }
    }

    /// Too few words after the command name the first one missing; too many name the first extra.
    private func check(_ given: [String], against expected: [CommandPositional]) throws {
        let required = expected.filter(\.isRequired)
        if given.count < required.count {
            throw UsageError("missing \(required[given.count].name)")
        }
        let room = expected.contains(where: \.takesMany) ? Int.max : expected.count
        if given.count > room {
            throw UsageError("unexpected argument '\(given[room])'")
        }
    }

    func has(_ flag: CommandOption) -> Bool {
        assert(declared.contains(flag.name), "\(flag.name) is not declared by the command")
        return flagsSeen.contains(flag.name)
    }

    /// The last value given for `option`.
    func value(_ option: CommandOption) -> String? {
        assert(declared.contains(option.name), "\(option.name) is not declared by the command")
        return optionValues[option.name]?.last
    }

    /// The value of `option` when the command declares it, else nil: for the code that
    /// serves several commands, each taking some of its options.
    func valueIfDeclared(_ option: CommandOption) -> String? {
        declared.contains(option.name) ? value(option) : nil
    }

    /// Whether `option` was given at all, as a flag or with a value.
    func gave(_ option: CommandOption) -> Bool {
        option.isFlag ? has(option) : value(option) != nil
    }

    /// Every value given for `option`, commas splitting each (`--only a,b --only c`).
    func list(_ option: CommandOption) throws -> [String] {
        assert(declared.contains(option.name), "\(option.name) is not declared by the command")
        let values = optionValues[option.name] ?? []
        // An empty value (an unset variable in a crontab) must not silently mean "all".
        if values.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw UsageError("option '\(option.name)' needs at least one name")
        }
        return values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// The value of `option` as a whole number within `range`, or a usage error naming it.
    func integer(_ option: CommandOption, in range: ClosedRange<Int> = Int.min...Int.max) throws -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            let bounds =
                switch (range.lowerBound, range.upperBound) {
                case (Int.min, Int.max): ""
                case (let low, Int.max): " from \(low)"
                case (let low, let high): " from \(low) to \(high)"
                }
            throw UsageError("option '\(option.name)' takes a whole number\(bounds), not '\(text)'")
        }
        return number
    }

    /// The value of `option` as an absolute URL (one with a scheme), or a usage error naming it.
    func absoluteURL(_ option: CommandOption) throws -> URL? {
        guard let text = value(option) else { return nil }
        guard let url = URL(string: text), url.scheme != nil else {
            throw UsageError("option '\(option.name)' needs an absolute URL, not '\(text)'")
        }
        return url
    }

    /// The one of `choices` given, nil for none, or a usage error when several are.
    func choice(among choices: [CommandOption]) throws -> CommandOption? {
        let given = choices.filter(gave)
        guard given.count <= 1 else {
            let names = choices.map(\.name)
            throw UsageError(
                "choose one of \(names.dropLast().joined(separator: ", ")) and \(names.last ?? "")")
        }
        return given.first
    }
}
