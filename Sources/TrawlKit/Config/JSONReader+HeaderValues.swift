import Foundation
import TrawlJSON

/// Strings that end up in a request's head: a source's `headers` and `cookies`,
/// `fetch.userAgent` and `fetch.contact`, a webhook's `headers`.
///
/// Any control character but a tab (`HeaderFieldText`) would split the request, so it is
/// a configuration error naming the key, whether written in the file or brought in by
/// `${VARIABLE}` (a secret file saved on Windows ends `token\r\n`).
extension JSONReader {
    /// The expanded string at `path`, or nil (with the problem noted) when it holds a control
    /// character. `name` is what the message calls it (`'X-Token'`, `fetch.userAgent`); the
    /// value itself is never quoted, since it may be secret.
    func headerText(_ node: JSONValue?, at path: String, name: String) -> String? {
        guard let value = string(node, at: path) else { return nil }
        guard HeaderFieldText.firstControl(in: value) != nil else { return value }
        problem(path, controlProblem(name: name, written: node, expanded: value), at: node)
        return nil
    }

    /// Says where the control character came from: the file, or which variable brought it.
    private func controlProblem(name: String, written node: JSONValue?, expanded: String) -> String {
        let split = "which would split the request"
        if case .string(let raw) = node?.content, HeaderFieldText.firstControl(in: raw) == nil {
            for variable in EnvironmentExpansion.names(in: raw) {
                guard let value = expansion.environment[variable], let control = HeaderFieldText.firstControl(in: value)
                else { continue }
                if let last = value.unicodeScalars.last, last == "\n" || last == "\r" {
                    return "the value of ${\(variable)} ends with a line break, \(split)"
                        + " (a secret file saved on Windows ends so: remove the trailing CR LF)"
                }
                return "the value of ${\(variable)} contains \(HeaderFieldText.describe(control)), \(split)"
            }
        }
        let control = HeaderFieldText.firstControl(in: expanded).map(HeaderFieldText.describe) ?? "a control character"
        return "the value of \(name) contains \(control), \(split)"
    }
}
