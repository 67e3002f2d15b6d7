import Foundation
import FuzzSupport
import Mustache

/// Any text as a Mustache template: a `TemplateError` or a rendering, with partials and
/// lambdas-free data that reach sections, inverted sections and dynamic names.
func fuzzMustache(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let text = FuzzerDriver.text(bytes, count)
    guard let template = try? Template(string: text, name: "fuzz") else { return 0 }
    let data: MustacheValue = ["a": "x", "list": [["b": 1], ["b": 2]], "flag": true, "name": "p"]
    let partials = PartialDictionary(["p": (try? Template(string: "{{a}}{{>p}}", name: "p")) ?? template])
    _ = try? template.render(data, partials: partials)
    return 0
}

@main enum FuzzMustache {
    static func main() {
        FuzzerDriver.run { fuzzMustache($0, $1) }
    }
}
