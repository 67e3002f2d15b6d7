extension String {
    /// Runs of white space folded to one space and the ends trimmed: the text a reader sees.
    var collapsingWhitespace: String {
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
