import Mustache
import Testing

/// An object with a text of its own prints that text, escaped as any value, yet is
/// still an object to dotted names and sections: `{{duration}}` and `{{duration.raw}}`.
@Suite struct ObjectWithTextTests {
    static let data: MustacheValue = [
        "title": "Outer",
        "fields": [
            "duration": .objectWithText(["human": "50:01", "raw": 3001], text: "50:01"),
            "note": .objectWithText(["raw": "Q&A <live>"], text: "Q&A <live>"),
            "enclosure": .objectWithText(["href": "https://cdn.example/2.mp3"], text: "2.mp3"),
        ],
    ]

    @Test(arguments: [
        ("{{fields.duration}}", "50:01"),
        ("{{fields.duration.human}} {{fields.duration.raw}}", "50:01 3001"),
        ("{{fields.note}}", "Q&amp;A &lt;live&gt;"),
        ("{{{fields.note}}}", "Q&A <live>"),
        ("{{&fields.note}}", "Q&A <live>"),
        ("{{fields.duration.missing}}|{{fields.missing}}", "|"),
    ])
    func interpolationWritesTheTextAndDottedNamesTheMembers(template: String, expected: String) throws {
        #expect(try Template(string: template).render(Self.data) == expected)
    }

    @Test func aSectionPushesTheObjectSoDotIsItsText() throws {
        let template = "{{#fields.enclosure}}<a href=\"{{href}}\">{{.}}</a> in {{title}}{{/fields.enclosure}}"
        #expect(
            try Template(string: template).render(Self.data)
                == #"<a href="https://cdn.example/2.mp3">2.mp3</a> in Outer"#)
    }

    @Test func anObjectWithTextIsTruthyEvenWhenItsTextIsEmpty() throws {
        let data: MustacheValue = ["v": .objectWithText(["raw": ""], text: "")]
        #expect(try Template(string: "{{#v}}yes{{/v}}{{^v}}no{{/v}}[{{v}}]").render(data) == "yes[]")
    }

    @Test func listItemsPrintTheirTextThroughTheImplicitIterator() throws {
        let data: MustacheValue = [
            "list": [.objectWithText(["n": 1], text: "a"), .objectWithText(["n": 2], text: "b")]
        ]
        #expect(try Template(string: "{{#list}}{{.}}={{n}};{{/list}} {{list}}").render(data) == "a=1;b=2; a,b")
    }

    @Test func subscriptFindsMembers() {
        let value = MustacheValue.objectWithText(["raw": 3001], text: "50:01")
        #expect(value["raw"].map { if case .int(3001) = $0 { true } else { false } } == true)
        #expect(value.text == "50:01")
    }
}
