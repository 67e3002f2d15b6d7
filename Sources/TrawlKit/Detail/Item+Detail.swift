import Foundation

extension Item {
    /// The item with what its own page gave merged in: the page's fields (replacing the
    /// list's of the same name; a `title`, `date` or `summary` is the item's own too), and
    /// the article's excerpt as its summary when the list gives none.
    ///
    /// Applied to every night's fresh scrape from the kept records, so an item whose page
    /// was read on an earlier night compares equal to its stored self.
    func merging(_ record: DetailRecord) -> Item {
        var item = self
        for field in record.fields {
            if let index = item.fields.firstIndex(where: { $0.name == field.name }) {
                item.fields[index] = field
            } else {
                item.fields.append(field)
            }
            switch (field.name, field.value) {
            case ("title", .string(let title)) where !title.isEmpty: item.title = title
            case ("date", .date(let date)): item.date = date
            case ("summary", let value): item.summary = value.text
            default: break
            }
        }
        if item.summary == nil, let excerpt = record.article?.excerpt, !excerpt.isEmpty {
            item.summary = excerpt
        }
        return item
    }
}
