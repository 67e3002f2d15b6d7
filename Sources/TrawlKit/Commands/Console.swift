import Foundation

/// Where a command writes: standard output for results, standard error for messages.
///
/// Tests make one that captures both; the executable makes one over the real streams.
final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOut: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    /// True when standard error is a terminal, so live progress lines make sense.
    let isTerminal: Bool

    init(
        isTerminal: Bool, out: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
    ) {
        self.isTerminal = isTerminal
        self.writeOut = out
        self.writeError = error
    }

    /// The process's own standard output and error.
    static func standard() -> Console {
        Console(
            isTerminal: isatty(STDERR_FILENO) == 1,
            out: { write($0, to: STDOUT_FILENO) },
            error: { write($0, to: STDERR_FILENO) })
    }

    /// Writes the text's UTF-8 as it is stored, with no `Data` made of it: a night prints a
    /// line per source. A stream that cannot take it (closed) loses the text, as before.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            try? FileWriter.writeAll(UnsafeRawBufferPointer(bytes), to: descriptor, path: "")
        }
    }

    /// Writes one line of results to standard output.
    func print(_ line: String) {
        lock.withLock { writeOut(line + "\n") }
    }

    /// Writes raw text to standard output, without a newline.
    func write(_ text: String) {
        lock.withLock { writeOut(text) }
    }

    /// Writes a message line to standard error.
    func note(_ line: String) {
        lock.withLock { writeError(line + "\n") }
    }

    /// Writes to standard error without a newline (live progress on a terminal).
    func progress(_ text: String) {
        lock.withLock { writeError(text) }
    }

    /// `error: …` on standard error, the one shape every failure is reported in.
    func error(_ message: String) {
        note("error: \(message)")
    }

    func warning(_ message: String) {
        note("warning: \(message)")
    }
}

/// A console whose output tests can read back.
final class CapturingConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errorText = ""
    private let isTerminal: Bool

    /// `isTerminal`: whether the console says it is a terminal (live progress lines).
    init(isTerminal: Bool = false) {
        self.isTerminal = isTerminal
    }

    var console: Console {
        Console(
            isTerminal: isTerminal,
            out: { [self] text in lock.withLock { outText += text } },
            error: { [self] text in lock.withLock { errorText += text } })
    }

    var output: String { lock.withLock { outText } }
    var errors: String { lock.withLock { errorText } }
}
