import CZlib
import Foundation

/// A zip archive read from its central directory (APPNOTE.TXT §4.3), enough for
/// changedetection.io's backups: stored and deflated entries, each checked against its
/// CRC-32. Read here with zlib rather than by running `unzip`: no child process, no
/// temporary folder, and a bound on what an entry may inflate to.
struct ZipArchive {
    struct Entry: Sendable {
        var name: String
        var method: UInt16
        var compressedSize: Int
        var size: Int
        var crc: UInt32
        var localHeader: Int
    }

    struct ReadError: Error, CustomStringConvertible, Sendable {
        var file: String
        var reason: String
        var description: String { "\(file): \(reason)" }
    }

    /// The most one entry may inflate to.
    static let maximumEntryBytes = 256 << 20
    /// The most deflate can expand its input (zlib's FAQ: 1032 to 1), so a size beyond it is
    /// a lie that would have an entry of a few bytes allocate 256 MiB.
    static let maximumDeflateRatio = 1032

    let bytes: [UInt8]
    let file: String
    let entries: [Entry]

    static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    init(_ bytes: [UInt8], file: String) throws {
        self.bytes = bytes
        self.file = file
        // The end record is the last 22 bytes, unless a comment (at most 65,535 bytes) follows it.
        let lowest = max(0, bytes.count - 22 - 65_535)
        var end = bytes.count - 22
        while end >= lowest, !(bytes.count >= 22 && Self.word(bytes, end) == 0x0605_4B50) { end -= 1 }
        guard end >= lowest, bytes.count >= 22 else {
            throw ReadError(file: file, reason: "not a zip archive (no end of central directory)")
        }
        let count = Int(Self.half(bytes, end + 10))
        var offset = Int(Self.word(bytes, end + 16))
        if count == 0xFFFF || offset == 0xFFFF_FFFF {
            throw ReadError(file: file, reason: "a ZIP64 archive, which is not supported")
        }
        var entries: [Entry] = []
        for _ in 0..<count {
            guard offset + 46 <= bytes.count, Self.word(bytes, offset) == 0x0201_4B50 else {
                throw ReadError(file: file, reason: "central directory broken at byte \(offset)")
            }
            let nameLength = Int(Self.half(bytes, offset + 28))
            let extra = Int(Self.half(bytes, offset + 30))
            let comment = Int(Self.half(bytes, offset + 32))
            guard offset + 46 + nameLength <= bytes.count else {
                throw ReadError(file: file, reason: "central directory broken at byte \(offset)")
            }
            entries.append(
                Entry(
                    name: String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self),
                    method: Self.half(bytes, offset + 10), compressedSize: Int(Self.word(bytes, offset + 20)),
                    size: Int(Self.word(bytes, offset + 24)), crc: Self.word(bytes, offset + 16),
                    localHeader: Int(Self.word(bytes, offset + 42))))
            offset += 46 + nameLength + extra + comment
        }
        self.entries = entries
    }

    /// The bytes of `entry`, inflated and checked.
    func contents(of entry: Entry) throws -> [UInt8] {
        let header = entry.localHeader
        guard header + 30 <= bytes.count, Self.word(bytes, header) == 0x0403_4B50 else {
            throw ReadError(file: file, reason: "\(entry.name): no local header at byte \(header)")
        }
        let start = header + 30 + Int(Self.half(bytes, header + 26)) + Int(Self.half(bytes, header + 28))
        guard start + entry.compressedSize <= bytes.count else {
            throw ReadError(file: file, reason: "\(entry.name): cut short")
        }
        guard entry.size <= Self.maximumEntryBytes else {
            throw ReadError(file: file, reason: "\(entry.name): larger than \(Self.maximumEntryBytes >> 20) MiB")
        }
        guard entry.method != 8 || entry.size <= entry.compressedSize * Self.maximumDeflateRatio else {
            throw ReadError(
                file: file,
                reason: "\(entry.name): damaged (\(entry.size) bytes cannot come of \(entry.compressedSize))")
        }
        let stored = Array(bytes[start..<(start + entry.compressedSize)])
        let data: [UInt8]
        switch entry.method {
        case 0: data = stored
        case 8: data = try inflate(stored, size: entry.size, name: entry.name)
        default:
            throw ReadError(file: file, reason: "\(entry.name): compression method \(entry.method) is not supported")
        }
        let crc = data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        guard data.count == entry.size, crc == entry.crc else {
            throw ReadError(file: file, reason: "\(entry.name): damaged (size or CRC-32 does not match)")
        }
        return data
    }

    private func inflate(_ input: [UInt8], size: Int, name: String) throws -> [UInt8] {
        var stream = z_stream()
        guard trawl_inflate_init_raw(&stream) == Z_OK else {
            throw ReadError(file: file, reason: "\(name): zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: size + 1)
        var input = input
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            throw ReadError(file: file, reason: "\(name): not valid deflate data (zlib status \(status))")
        }
        return Array(output.prefix(Int(stream.total_out)))
    }

    private static func half(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
