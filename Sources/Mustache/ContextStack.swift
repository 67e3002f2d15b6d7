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
        guard !parts.isEmpty else { return frames.last }
        let first = parts[0]
        // By index, innermost first: a reversed view would copy (retain) every frame it passes.
        var index = frames.count - 1
        var found: MustacheValue?
        while index >= 0 {
            if let value = frames[index][first] {
                found = value
                break
            }
            index -= 1
        }
        guard var value = found else { return nil }
        var part = 1
        while part < parts.count {
            guard let next = value[parts[part]] else { return nil }
            value = next
            part += 1
        }
        return value
    }
}
