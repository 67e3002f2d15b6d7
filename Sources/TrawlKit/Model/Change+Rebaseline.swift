import Foundation

extension Change {
    /// Why a baseline that is not a source's first was taken; the record names it as its one
    /// field change, so run records keep their shape.
    public enum RebaselineReason: String, Sendable, CaseIterable {
        /// `--accept` took the page's new shape.
        case accepted
        /// The source's rules for which items there are, or how each is known, were edited.
        case identityEdited = "identity"
    }

    /// For a baseline taken after an accept or an edit ("source updated: N items"), why; nil
    /// for a source's first baseline and for every other change.
    public var rebaselineReason: RebaselineReason? {
        guard kind == .baseline, let field = fieldChanges.first?.field else { return nil }
        return RebaselineReason(rawValue: field)
    }
}
