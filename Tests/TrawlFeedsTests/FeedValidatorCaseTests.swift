import Foundation
import Testing
import TrawlFeeds

/// The W3C feed validator's Atom cases (../shared/testdata/feeds/feedvalidator-atom).
///
/// First, `AtomConformance` must flag what the validator flags in its cases, for the
/// message classes it knows; then every case, read and written again by `AtomWriter`,
/// must give a document in which it finds nothing. The cases' invalid ids, dates, links
/// and addresses thus become hostile input for the writer.
@Suite struct FeedValidatorCaseTests {
    static let checkedClasses: Set<String> = [
        "InvalidRFC3339Date", "InvalidTAG", "InvalidURN", "NonCanonicalURI", "InvalidFullLink", "InvalidLink",
        "SchemeNotIANARegistered", "DuplicateAtomLink", "InvalidContact", "ContainsUndeclaredHTML",
    ]
    /// Cases on which the checker agreed with the validator when this floor was recorded.
    static let agreementFloor = 224

    struct Case {
        var file: URL
        var messageClass: String
        var negated: Bool
        var element: String?
    }

    static func cases() throws -> [Case]? {
        guard let files = try Corpus.files(in: "feeds/feedvalidator-atom") else { return nil }
        return try files.compactMap { file in
            guard let expect = Corpus.expectation(in: try Data(contentsOf: file)) else { return nil }
            let negated = expect.hasPrefix("!")
            let body = negated ? String(expect.dropFirst()) : expect
            let name = String(body.prefix { $0.isLetter || $0.isNumber })
            let element = body.range(of: "element:").map { String(body[$0.upperBound...].prefix { $0.isLetter }) }
            return Case(file: file, messageClass: name, negated: negated, element: element)
        }
    }

    @Test func theCheckerFlagsWhatTheValidatorFlags() throws {
        guard let cases = try Self.cases() else { return }
        var agreed = 0, checked = 0
        var disagreements: [String] = []
        for validatorCase in cases where Self.checkedClasses.contains(validatorCase.messageClass) {
            checked += 1
            let problems = AtomConformance.problems(in: try Data(contentsOf: validatorCase.file))
            // The validator tells a relative reference (InvalidFullLink) from garbage (InvalidLink); the checker need not.
            let classes =
                ["InvalidLink", "InvalidFullLink"].contains(validatorCase.messageClass)
                ? ["InvalidLink", "InvalidFullLink"] : [validatorCase.messageClass]
            let flagged = problems.contains { problem in classes.contains { problem.hasPrefix($0 + "{") } }
            if flagged != validatorCase.negated {
                agreed += 1
            } else {
                disagreements.append(
                    "\(Corpus.name(validatorCase.file)): expected \(validatorCase.negated ? "no " : "")\(validatorCase.messageClass), got \(problems)"
                )
            }
        }
        if ProcessInfo.processInfo.environment["TRAWL_VALIDATOR_REPORT"] != nil {
            print(disagreements.joined(separator: "\n"))
        }
        print("feedvalidator: the checker agrees on \(agreed) of \(checked) cases")
        #expect(checked > 100)
        #expect(agreed >= Self.agreementFloor, "the checker agrees on \(agreed) of \(checked) validator cases")
    }

    @Test func everyCaseRewrittenByTheWriterIsValid() throws {
        guard let cases = try Self.cases() else { return }
        var written = 0
        for validatorCase in cases {
            let data = try Data(contentsOf: validatorCase.file)
            guard let parsed = try? FeedParser(lenient: true).parse(data) else { continue }
            let output = AtomWriter().write(FeedDocument(republishing: parsed.feed))
            written += 1
            let problems = AtomConformance.problems(in: output)
            #expect(
                problems.isEmpty,
                "\(Corpus.name(validatorCase.file)): \(problems)\n\(String(decoding: output, as: UTF8.self))")
        }
        print("feedvalidator: \(written) cases read, rewritten by AtomWriter and checked")
        #expect(written > 600)
    }
}
