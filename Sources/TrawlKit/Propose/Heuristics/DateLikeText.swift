import Foundation

/// Whether a short text is a date or a time rather than a name: "September 3, 2019",
/// "Posted on 2019-09-03 at 6:09 AM", "March 2024" (an archive's month), "3 hours ago",
/// "Mon 12". A link whose text is one is a permalink or a calendar, not a title.
enum DateLikeText {
    static func isDate(_ text: String) -> Bool {
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard !words.isEmpty, words.count <= 10 else { return false }
        let numbers = words.filter { $0.allSatisfy(\.isNumber) }
        let dateWords = words.filter { monthsAndDays.contains($0) || timeWords.contains($0) }
        // Every word is a number, a month or day name, or a word that goes with them.
        let rest = words.filter { word in
            !word.allSatisfy(\.isNumber) && !monthsAndDays.contains(word) && !timeWords.contains(word)
                && !fillers.contains(word) && !isOrdinal(word)
        }
        guard rest.isEmpty else { return false }
        return !numbers.isEmpty || !dateWords.isEmpty
    }

    private static func isOrdinal(_ word: String) -> Bool {
        ["st", "nd", "rd", "th"].contains {
            word.hasSuffix($0) && word.dropLast(2).allSatisfy(\.isNumber) && word.count > 2
        }
    }

    static let monthsAndDays: Set<String> = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed",
        "thu", "thur", "thurs", "fri", "sat", "sun", "today", "yesterday", "tomorrow",
    ]

    static let timeWords: Set<String> = [
        "am", "pm", "ago", "minute", "minutes", "min", "mins", "hour", "hours", "hr", "hrs", "day", "days", "week",
        "weeks", "month", "months", "year", "years", "utc", "gmt", "est", "pst", "cet",
    ]

    /// Words that stand around a date in a byline.
    static let fillers: Set<String> = [
        "posted", "on", "at", "published", "updated", "by", "of", "the", "in", "an", "a",
    ]
}
