import Foundation
import Mustache
import Testing

/// Values render as the spec expects, and JSON converts without losing types.
@Suite struct MustacheValueTests {
    @Test(arguments: [
        (MustacheValue.int(1), "1"),
        (.double(1.5), "1.5"),
        (.double(1.21), "1.21"),
        (.double(2.0), "2"),
        (.double(-0.25), "-0.25"),
        (.int(-12_345_678_901), "-12345678901"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.null, ""),
        (.list(["a", 1, 2.5]), "a,1,2.5"),
        (.object(["a": 1]), ""),
        (.objectWithText(["a": 1], text: "one"), "one"),
    ])
    func valueInterpolatesAsText(value: MustacheValue, text: String) throws {
        #expect(try Template(string: "{{{v}}}").render(["v": value]) == text)
    }

    @Test(arguments: [
        (MustacheValue.null, false),
        (.bool(false), false),
        (.list([]), false),
        (.string(""), false),
        (.bool(true), true),
        (.int(0), true),
        (.double(0), true),
        (.string("0"), true),
        (.object([:]), true),
        (.objectWithText([:], text: ""), true),
        (.list([.null]), true),
    ])
    func truthinessDecidesWhetherASectionRenders(value: MustacheValue, rendered: Bool) throws {
        let output = try Template(string: "{{#v}}yes{{/v}}{{^v}}no{{/v}}").render(["v": value])
        #expect(output == (rendered ? "yes" : "no"))
    }

    @Test func jsonDataKeepsIntegersBooleansAndFractionsApart() throws {
        let json = #"{"n": 1, "x": 1.5, "t": true, "f": false, "s": "1", "z": null, "l": [1, "a"], "o": {"k": 2}}"#
        let value = try MustacheValue(jsonData: Data(json.utf8))
        let output = try Template(string: "{{n}} {{x}} {{t}} {{f}} {{s}} [{{z}}] {{#l}}({{.}}){{/l}} {{o.k}}").render(
            value)
        #expect(output == "1 1.5 true false 1 [] (1)(a) 2")
    }

    @Test func jsonSerializationOutputConvertsTheSame() throws {
        let json = #"{"n": 1, "x": 1.5, "t": true, "f": false, "zero": 0, "one": 1.0, "l": [true, 2]}"#
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let value = MustacheValue(json: object)
        let output = try Template(string: "{{n}} {{x}} {{t}} {{f}} {{zero}} {{one}} {{#l}}({{.}}){{/l}}").render(value)
        #expect(output == "1 1.5 true false 0 1 (true)(2)")
        #expect(value["t"].map { if case .bool(true) = $0 { true } else { false } } == true)
        #expect(value["zero"].map { if case .int(0) = $0 { true } else { false } } == true)
    }

    @Test func encodableValueConvertsThroughJSON() throws {
        struct Article: Encodable {
            let title: String
            let rank: Int
            let tags: [String]
        }
        let value = try MustacheValue(encoding: Article(title: "Hi", rank: 2, tags: ["a", "b"]))
        #expect(try Template(string: "{{rank}}. {{title}} {{#tags}}#{{.}}{{/tags}}").render(value) == "2. Hi #a#b")
    }

    @Test func anyJSONValueMayBeTheTopLevel() throws {
        let value = try MustacheValue(jsonData: Data(#"["a", "b"]"#.utf8))
        #expect(try Template(string: "{{#.}}<{{.}}>{{/.}}").render(value) == "<a><b>")
    }

    @Test func invalidJSONThrows() {
        #expect(throws: (any Error).self) { try MustacheValue(jsonData: Data("{\"a\": ".utf8)) }
    }
}
