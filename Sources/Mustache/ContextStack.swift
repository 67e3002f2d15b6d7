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
        guard let first = name.parts.first else { return frames.last }
        var found: MustacheValue?
        for frame in frames.reversed() {
            if let value = frame[first] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for part in name.parts.dropFirst() {
            guard let next = value[part] else { return nil }
            value = next
        }
        return value
    }
}
