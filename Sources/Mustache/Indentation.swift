/// How the renderer indents the lines it writes: what to put before each line, and what
/// to take off the blanks a line already has.
///
/// A standalone partial adds its tag's blanks to every line (spec: partials, "Standalone
/// Indentation"). A block that overrides another moves to the other block's place, so its
/// own indentation is taken off and the place's put on (spec `~inheritance`, "Block
/// reindentation").
struct Indentation {
    /// Written at the start of every output line.
    var prefix = ""
    /// Removed from the start of every source line's own blanks.
    var strip = ""

    var isNone: Bool { prefix.isEmpty && strip.isEmpty }
}
