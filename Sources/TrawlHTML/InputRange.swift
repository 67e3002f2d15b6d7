import CLibXML2

/// `:in-range` and `:out-of-range` (HTML Standard §4.16.3): an input whose type has a range
/// (number, range, date, month, week, time, datetime-local) and a valid `min` or `max`, whose
/// value is inside or outside them. An empty or invalid value is in range.
enum InputRange {
    enum State: Double {
        case notApplicable = 0, inRange = 1, outOfRange = 2
    }

    static func state(of node: xmlNodePtr) -> State {
        guard node.pointee.type == XML_ELEMENT_NODE, xmlStrEqual(node.pointee.name, "input") != 0,
            let type = attribute(node, "type")?.asciiLowercased,
            let parse = parser(for: type)
        else { return .notApplicable }
        let minimum = attribute(node, "min").flatMap(parse)
        let maximum = attribute(node, "max").flatMap(parse)
        guard minimum != nil || maximum != nil else { return .notApplicable }
        guard let value = attribute(node, "value").flatMap(parse) else { return .inRange }
        // A time range may wrap past midnight (min after max): then out means between them.
        if type == "time", let minimum, let maximum, minimum > maximum {
            return value > maximum && value < minimum ? .outOfRange : .inRange
        }
        if let minimum, value < minimum { return .outOfRange }
        if let maximum, value > maximum { return .outOfRange }
        return .inRange
    }

    /// A function reading the type's value syntax (§2.3.4–§2.3.5) into a comparable number.
    private static func parser(for type: String) -> ((String) -> Double?)? {
        switch type {
        case "number", "range": return number
        case "date": return { date($0).map(Double.init) }
        case "month": return month
        case "week": return week
        case "time": return time
        case "datetime-local": return dateTime
        default: return nil
        }
    }

    /// §2.3.4.3 valid floating-point number: `-1`, `2.5`, `1e3`; no `+`, no spaces.
    private static func number(_ text: String) -> Double? {
        guard let first = text.first, first == "-" || first == "." || first.isASCIIDigit,
            text.allSatisfy({ $0.isASCIIDigit || "-.eE+".contains($0) })
        else { return nil }
        return Double(text)
    }

    private static func digits(_ text: Substring, count: ClosedRange<Int>) -> Int? {
        guard count.contains(text.count), text.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int(text)
    }

    /// `YYYY-MM-DD` as YYYYMMDD.
    private static func date(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = digits(parts[0], count: 4...9), year > 0,
            let month = digits(parts[1], count: 2...2), (1...12).contains(month),
            let day = digits(parts[2], count: 2...2), (1...daysIn(month, of: year)).contains(day)
        else { return nil }
        return year * 10000 + month * 100 + day
    }

    /// `YYYY-MM` as YYYYMM.
    private static func month(_ text: String) -> Double? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let year = digits(parts[0], count: 4...9), year > 0,
            let month = digits(parts[1], count: 2...2), (1...12).contains(month)
        else { return nil }
        return Double(year * 100 + month)
    }

    /// `YYYY-Www` as YYYYww, the week existing in that year (ISO 8601: 52 or 53 weeks).
    private static func week(_ text: String) -> Double? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].first == "W", let year = digits(parts[0], count: 4...9), year > 0,
            let week = digits(parts[1].dropFirst(), count: 2...2), (1...weeksIn(year)).contains(week)
        else { return nil }
        return Double(year * 100 + week)
    }

    /// `HH:MM`, `HH:MM:SS`, `HH:MM:SS.sss` as seconds after midnight.
    private static func time(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let hour = digits(parts[0], count: 2...2), hour < 24,
            let minute = digits(parts[1], count: 2...2), minute < 60
        else { return nil }
        var seconds = 0.0
        if parts.count == 3 {
            let second = parts[2].split(separator: ".", omittingEmptySubsequences: false)
            guard second.count <= 2, let whole = digits(second[0], count: 2...2), whole < 60 else { return nil }
            seconds = Double(whole)
            if second.count == 2 {
                guard digits(second[1], count: 1...3) != nil, let value = Double("0." + second[1]) else { return nil }
                seconds += value
            }
        }
        return Double(hour * 3600 + minute * 60) + seconds
    }

    /// `YYYY-MM-DDTHH:MM` (or a space for the `T`).
    private static func dateTime(_ text: String) -> Double? {
        guard let separator = text.firstIndex(where: { $0 == "T" || $0 == " " }),
            let day = date(String(text[..<separator])),
            let seconds = time(String(text[text.index(after: separator)...]))
        else { return nil }
        return Double(day) * 100_000 + seconds
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// ISO 8601: a year has 53 weeks when it starts on a Thursday, or is a leap year
    /// starting on a Wednesday.
    private static func weeksIn(_ year: Int) -> Int {
        let weekday = dayOfWeek(year: year, month: 1, day: 1)  // 0 = Sunday
        return weekday == 4 || (isLeap(year) && weekday == 3) ? 53 : 52
    }

    /// Sakamoto's method: 0 = Sunday.
    private static func dayOfWeek(year: Int, month: Int, day: Int) -> Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        return (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
    }

    private static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetNoNsProp(node, name) else { return nil }
        defer { trawl_xml_free(value) }
        return String(cString: value)
    }
}
