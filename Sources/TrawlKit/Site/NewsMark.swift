import Foundation

/// How a source's page marks an item the latest run added (or brought back) or changed:
/// a class (`item-added`, `item-changed`) and a word beside its title (`New`, `Changed`),
/// so the mark is read, not only seen as a colour. The one wording for every view of an
/// item: a list's, an episode's, a switch's, a table's row.
struct NewsMark: Equatable {
    /// `added` or `changed`; empty when the item is not news.
    let name: String
    /// `New` or `Changed`; empty when `name` is.
    let text: String

    static let none = NewsMark(name: "", text: "")

    init(_ kind: Change.Kind?) {
        switch kind {
        case .added?, .reappeared?: self.init(name: "added", text: "New")
        case .changed?: self.init(name: "changed", text: "Changed")
        case .removed?, .baseline?, nil: self = .none
        }
    }

    private init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
