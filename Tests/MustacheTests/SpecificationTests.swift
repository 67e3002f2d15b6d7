import Mustache
import TestSupport
import Testing

/// The whole Mustache specification: the required modules and the optional
/// `~inheritance` and `~dynamic-names`, one test case per spec case.
@Suite struct SpecificationTests {
    @Test(arguments: try SpecificationCase.all())
    func rendersTheExpectedOutput(_ spec: SpecificationCase) throws {
        let template = try Template(string: spec.template, name: spec.name)
        let partials = try PartialDictionary(sources: spec.partials ?? [:])
        let output = try template.render(spec.data, partials: partials)
        #expect(output == spec.expected, "\(spec.module): \(spec.name) — \(spec.desc)")
    }

    @Test func everyModuleIsThereWithItsCases() throws {
        guard try SharedTestData.folder("mustache-spec") != nil else { return }
        let counts = try SpecificationCase.modules.map { try SpecificationCase.cases(of: $0).count }
        #expect(counts == [12, 14, 42, 22, 12, 34, 27, 21])
    }
}
