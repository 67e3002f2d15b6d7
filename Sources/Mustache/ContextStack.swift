/// The values sections have pushed, innermost last: where names are looked up.
struct ContextStack {
    private var frames: [MustacheValue]

    init(_ root: MustacheValue) {
        frames = [root]
        frames.reserveCapacity(8)
    }

    mutating func push(_ value: MustacheValue) {
        frames.append(value)
    }

    mutating func pop() {
        frames.removeLast()
    }

    /// The value of `name`, or nil when it is missing.
    ///
    /// Mustache spec, interpolation: `.` is the innermost value; otherwise the first
    /// part is looked up from the innermost object outwards, and each further part
    /// only inside the previous result ("Dotted Names - Context Precedence").
    func lookUp(_ name: Name) -> MustacheValue? {
        let parts = name.parts
        guard let first = parts.first else { return frames.last }
        // By index, innermost first, returning what is found as it is: a reversed view, or
        // a variable carried to the end, would copy (retain) the values on the way.
        var index = frames.count - 1
        while index >= 0 {
            if let value = frames[index][first] {
                return parts.count == 1 ? value : Self.members(of: value, parts)
            }
            index -= 1
        }
        return nil
    }

    /// The value at `parts` after the first inside `value` ("Dotted Names").
    private static func members(of value: MustacheValue, _ parts: [String]) -> MustacheValue? {
        var value = value
        for part in parts.dropFirst() {
            guard let next = value[part] else { return nil }
            value = next
        }
        return value
    }
}
