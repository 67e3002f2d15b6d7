/// A command's arguments split into flags, options with values and positionals.
///
/// Options take their value as the next argument or after `=` (`--port 8080`,
/// `--port=8080`); `--` ends the options.
struct ParsedArguments: Sendable {
    private(set) var positionals: [String] = []
    private var flagsSeen: Set<String> = []
    private var optionValues: [String: [String]] = [:]

    init(_ arguments: [String], flags: Set<String>, options: Set<String>) throws {
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
            if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("option '\(name)' takes no value") }
                flagsSeen.insert(name)
            } else if options.contains(name) {
                guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError("option '\(name)' needs a value")
                }
                if inlineValue == nil { index += 1 }
                optionValues[name, default: []].append(value)
            } else {
                let known = flags.union(options)
                let hint = Suggestion.hint(for: name, in: known)
                throw UsageError("unknown option '\(name)'\(hint)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flagsSeen.contains(flag) }

    /// The last value given for `option`.
    func value(_ option: String) -> String? { optionValues[option]?.last }

    /// Every value given for `option`, commas splitting each (`--only a,b --only c`).
    func list(_ option: String) throws -> [String] {
        let values = optionValues[option] ?? []
        // An empty value (an unset variable in a crontab) must not silently mean "all".
        if values.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw UsageError("option '\(option)' needs at least one name")
        }
        return values.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    /// The value of `option` as an integer, or a usage error naming it.
    func integer(_ option: String) throws -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text) else { throw UsageError("option '\(option)' takes a whole number, not '\(text)'") }
        return number
    }
}
