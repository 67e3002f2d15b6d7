/// Removes standalone lines and marks the start of every line that is kept.
///
/// Mustache spec: a line holding only blanks and one tag that renders nothing itself
/// (section, inverted, close, comment, partial, parent, block, set delimiters) is
/// "standalone" and leaves no trace in the output: its blanks and its line break go.
/// A standalone partial or parent keeps the blanks as the indentation of its lines.
///
/// `~inheritance` lets a parent's own tags share the line ("A parent's opening and
/// closing tags need not be on separate lines"), since a parent tag renders no text of
/// its own: `{{<page}}{{/page}}` and `{{<page}}{{$title}}` are standalone lines. Any
/// other pair of tags on a line is not.
struct StandaloneLines {
    /// The kinds of the tags opened so far, to tell which close tag ends a parent.
    private var openKinds: [Tag.Kind] = []
    private var output: [Token] = []
    private var line: [Token] = []

    mutating func process(_ tokens: [Token]) -> [Token] {
        output.reserveCapacity(tokens.count + tokens.count / 2)
        for token in tokens {
            line.append(token)
            if case .text(_, endsLine: true) = token { flushLine() }
        }
        flushLine()
        return output
    }

    private mutating func flushLine() {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return }
        var tags = 0
        var tagsWithText = 0
        var blanksOnly = true
        for token in line {
            switch token {
            case .text(let text, _):
                if !text.isLineBlank { blanksOnly = false }
            case .tag(let tag):
                tags += 1
                if !tag.canStandAlone { blanksOnly = false }
                if !isParentTag(tag) { tagsWithText += 1 }
            case .lineStart:
                break
            }
        }
        if blanksOnly, tags > 0, tagsWithText <= 1 {
            emitStandalone()
        } else {
            emitKept()
        }
    }

    /// Whether `tag` opens or closes a parent, updating the open-tag stack as it goes.
    private mutating func isParentTag(_ tag: Tag) -> Bool {
        if tag.opensSection {
            openKinds.append(tag.kind)
            return tag.kind == .parent
        }
        if tag.kind == .close {
            return openKinds.popLast() == .parent
        }
        return false
    }

    private mutating func emitStandalone() {
        var indentation = ""
        var marked = false
        for token in line {
            switch token {
            case .text(let text, _):
                if !marked { indentation += text.leadingBlanks }
            case .tag(var tag):
                tag.isStandalone = true
                tag.indentation = indentation
                marked = true
                output.append(.tag(tag))
            case .lineStart:
                break
            }
        }
    }

    private mutating func emitKept() {
        if line.count == 1, case .text(let text, true) = line[0], text == "\n" || text == "\r\n" {
            // An empty line takes no indentation: indenting it would only add trailing blanks.
            output.append(line[0])
            return
        }
        var tokens = line[...]
        var indentation = ""
        var blanksBeforeTag = true
        if case .text(let text, let endsLine) = tokens.first {
            indentation = text.leadingBlanks
            tokens = tokens.dropFirst()
            let rest = String(text.unicodeScalars.dropFirst(indentation.unicodeScalars.count))
            output.append(.lineStart(indentation: indentation))
            if !rest.isEmpty {
                output.append(.text(rest, endsLine: endsLine))
                blanksBeforeTag = false
            }
        } else {
            output.append(.lineStart(indentation: ""))
        }
        if blanksBeforeTag, case .tag(var tag) = tokens.first {
            tag.indentation = indentation
            tokens = tokens.dropFirst()
            output.append(.tag(tag))
        }
        output.append(contentsOf: tokens)
    }
}

extension String {
    /// The spaces and tabs that start the string.
    var leadingBlanks: String {
        String(unicodeScalars.prefix { $0 == " " || $0 == "\t" })
    }

    /// Whether the string is only spaces and tabs, apart from a final line break.
    var isLineBlank: Bool {
        unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }
}
