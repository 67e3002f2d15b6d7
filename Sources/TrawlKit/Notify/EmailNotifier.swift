import Foundation

/// Mails a notification through the system's `sendmail` interface (msmtp, postfix and exim
/// all provide one): a multipart/alternative message, the digest as text and as HTML.
struct EmailNotifier: Sendable {
    let email: NotifierConfiguration.Email
    /// Names the message (`Message-ID`), the same for every retry of one delivery.
    let deliveryID: String
    /// The configuration's folder, where a `sendmail` named by a relative path is found.
    var folder: URL?

    func send(_ notification: RunNotification, at now: Date) async throws {
        let message = self.message(for: notification, at: now)
        // -i: a line with a lone dot does not end the message; -f: the envelope sender.
        let arguments = email.sendmail + ["-i", "-f", email.from] + email.to
        try await ProgramRunner(arguments: arguments, folder: folder).run(input: Data(message.utf8))
    }

    /// The whole message, with LF line endings as the sendmail interface expects.
    func message(for notification: RunNotification, at now: Date) -> String {
        let domain = email.from.split(separator: "@").last.map(String.init) ?? "localhost"
        let boundary = "trawl-\(Self.token(deliveryID))"
        let headers = [
            "From: \(email.from)",
            "To: \(email.to.joined(separator: ", "))",
            "Subject: \(MailHeader.encodedWord(notification.subject))",
            "Date: \(MailHeader.date(now))",
            "Message-ID: <\(Self.token(deliveryID)).\(notification.run)@\(domain)>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            // RFC 3834: no vacation replies to a robot.
            "Auto-Submitted: auto-generated",
            "X-Trawl-Run: \(notification.run)",
        ]
        var out = headers.joined(separator: "\n") + "\n\nThis is a MIME message: a text part and an HTML part.\n"
        for (type, body) in [
            ("text/plain", NotificationText.markdown(notification)), ("text/html", NotificationText.html(notification)),
        ] {
            out += "\n--\(boundary)\nContent-Type: \(type); charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
            out += Self.base64Lines(Data(body.utf8)) + "\n"
        }
        return out + "\n--\(boundary)--\n"
    }

    /// Base64 in lines of 76 characters (RFC 2045 §6.8).
    static func base64Lines(_ data: Data) -> String {
        let text = data.base64EncodedString()
        var lines: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(start, offsetBy: 76, limitedBy: text.endIndex) ?? text.endIndex
            lines.append(text[start..<end])
            start = end
        }
        return lines.joined(separator: "\n")
    }

    /// Letters, digits and dashes only: safe in a Message-ID and a MIME boundary.
    static func token(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }
}
