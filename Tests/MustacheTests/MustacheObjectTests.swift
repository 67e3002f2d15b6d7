import Mustache
import Testing

/// A `MustacheObject` answers lookups itself and renders as an object would: a missing
/// member is looked up further out, the object is truthy, and it prints its own text.
@Suite struct MustacheObjectTests {
    struct Episode: MustacheObject {
        var title: String
        var minutes: Int
        func member(_ key: String) -> MustacheValue? {
            switch key {
            case "title": return .string(title)
            case "minutes": return .int(minutes)
            default: return nil
            }
        }
        var mustacheText: String? { "\(title) (\(minutes) min)" }
    }

    struct Empty: MustacheObject {
        func member(_ key: String) -> MustacheValue? { nil }
    }

    @Test func membersTextAndTheStackBehaveAsAnObjects() throws {
        let data: MustacheValue = [
            "show": "Night <Radio>",
            "episodes": .list(of: [Episode(title: "Pilot", minutes: 50), Episode(title: "Two", minutes: 45)]),
            "empty": .custom(Empty()),
        ]
        let template = try Template(
            string: "{{#episodes}}{{title}}/{{minutes}}/{{show}}/{{.}};{{/episodes}}"
                + "{{#empty}}[{{show}}|{{empty}}]{{/empty}}{{^empty}}no{{/empty}}")
        #expect(
            try template.render(data)
                == "Pilot/50/Night &lt;Radio&gt;/Pilot (50 min);Two/45/Night &lt;Radio&gt;/Two (45 min);[Night &lt;Radio&gt;|]"
        )
    }

    @Test func bytesAreTheRenderedText() throws {
        let template = try Template(string: "{{#e}}{{title}} ü{{/e}}")
        let data: MustacheValue = ["e": .custom(Episode(title: "Ça", minutes: 1))]
        #expect(try template.renderBytes(data) == Array(try template.render(data).utf8))
    }
}
