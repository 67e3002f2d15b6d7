/// A count and the word that follows it, singular for one: `1 item`, `3 changes`, and with
/// `shown`, the count as written (`1,200 items`, grouped by the site's wording).
enum CountText {
    static func of(_ count: Int, _ singular: String, _ plural: String, shown: String? = nil) -> String {
        "\(shown ?? String(count)) \(count == 1 ? singular : plural)"
    }
}
