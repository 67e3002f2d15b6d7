/// Month and day names, full and abbreviated, and the AM/PM markers, for the languages
/// people scrape: a table, so a configured pattern needs no ICU. Lower case; abbreviations
/// without their trailing dot (the matcher takes one if it is there). The names are CLDR's
/// format and stand-alone forms, plus the common variants pages write (`Sept`, `Mrz`).
public struct DateNames: Sendable {
    /// For each month 1–12, every name it goes by.
    let months: [[String]]
    /// For each weekday, Sunday first, every name it goes by.
    let weekdays: [[String]]
    let am: [String]
    let pm: [String]

    /// The names for `locale` (`de`, `de-AT`, `pt_BR`, `zh-Hans`): by its language alone;
    /// nil for a language not in the table.
    public static func forLocale(_ locale: String) -> DateNames? {
        let language = locale.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return table[language]
    }

    /// The languages the table holds.
    public static var languages: [String] { table.keys.sorted() }

    private static func zip(_ lists: [String]...) -> [[String]] {
        lists[0].indices.map { index in
            var names: [String] = []
            for list in lists {
                for name in list[index].split(separator: "|") where !names.contains(String(name)) {
                    names.append(String(name))
                }
            }
            return names
        }
    }

    private static let table: [String: DateNames] = [
        "en": DateNames(
            months: zip(
                [
                    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                    "november", "december",
                ],
                ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep|sept", "oct", "nov", "dec"]),
            weekdays: zip(
                ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"],
                ["sun", "mon", "tue|tues", "wed", "thu|thur|thurs", "fri", "sat"]),
            am: ["am", "a.m."], pm: ["pm", "p.m."]),
        "de": DateNames(
            months: zip(
                [
                    "januar|jänner", "februar", "märz", "april", "mai", "juni", "juli", "august", "september",
                    "oktober", "november", "dezember",
                ],
                [
                    "jan", "feb", "märz|mär|mrz", "apr", "mai", "juni|jun", "juli|jul", "aug", "sept|sep", "okt", "nov",
                    "dez",
                ]
            ),
            weekdays: zip(
                ["sonntag", "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag|sonnabend"],
                ["so", "mo", "di", "mi", "do", "fr", "sa"]),
            am: ["am", "vorm"], pm: ["pm", "nachm"]),
        "fr": DateNames(
            months: zip(
                [
                    "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                    "novembre", "décembre",
                ],
                ["janv|jan", "févr|fév", "mars", "avr", "mai", "juin", "juil", "août", "sept", "oct", "nov", "déc"]),
            weekdays: zip(
                ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
                ["dim", "lun", "mar", "mer", "jeu", "ven", "sam"]),
            am: ["am"], pm: ["pm"]),
        "es": DateNames(
            months: zip(
                [
                    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre|setiembre",
                    "octubre", "noviembre", "diciembre",
                ],
                ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept|sep|set", "oct", "nov", "dic"]),
            weekdays: zip(
                ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
                ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"]),
            am: ["a. m.", "a.m.", "am"], pm: ["p. m.", "p.m.", "pm"]),
        "pt": DateNames(
            months: zip(
                [
                    "janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
                    "novembro", "dezembro",
                ],
                ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"]),
            weekdays: zip(
                ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"],
                ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"]),
            am: ["am"], pm: ["pm"]),
        "it": DateNames(
            months: zip(
                [
                    "gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
                    "ottobre", "novembre", "dicembre",
                ],
                ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"]),
            weekdays: zip(
                ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"],
                ["dom", "lun", "mar", "mer", "gio", "ven", "sab"]),
            am: ["am"], pm: ["pm"]),
        "nl": DateNames(
            months: zip(
                [
                    "januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober",
                    "november", "december",
                ],
                ["jan", "feb", "mrt|mar", "apr", "mei", "jun", "jul", "aug", "sep|sept", "okt", "nov", "dec"]),
            weekdays: zip(
                ["zondag", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag"],
                ["zo", "ma", "di", "wo", "do", "vr", "za"]),
            am: ["am", "a.m."], pm: ["pm", "p.m."]),
        "zh": DateNames(
            months: zip(
                ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"],
                ["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"]),
            weekdays: zip(
                ["星期日|星期天", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"],
                ["周日|週日", "周一|週一", "周二|週二", "周三|週三", "周四|週四", "周五|週五", "周六|週六"]),
            am: ["上午"], pm: ["下午"]),
        "ja": DateNames(
            months: zip(["1月", "2月", "3月", "4月", "5月", "6月", "7月", "8月", "9月", "10月", "11月", "12月"]),
            weekdays: zip(["日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"], ["日", "月", "火", "水", "木", "金", "土"]),
            am: ["午前", "am"], pm: ["午後", "pm"]),
    ]
}
