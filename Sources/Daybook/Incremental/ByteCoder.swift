/// A compact binary encoding for the build cache: integers in as few bytes as they need,
/// length-prefixed bytes.
/// Hand-written, not Foundation's JSON or property-list coders: the whole cache is read on every
/// rebuild, and those coders would cost more than the rest of the rebuild.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Any integer, in as few bytes as its magnitude needs: small negative numbers are small too
    /// (zigzag: 0, -1, 1, -2... become 0, 1, 2, 3...).
    mutating func int(_ value: Int) {
        let value = Int64(value)
        unsigned(UInt64(bitPattern: value << 1) ^ UInt64(bitPattern: value >> 63))
    }

    /// Eight bytes, little-endian: for a length that must be read before what it measures.
    mutating func fixedInt(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    /// A non-negative number in as few bytes as it needs, seven bits each (LEB128).
    mutating func varint(_ value: Int) {
        precondition(value >= 0, "varints are unsigned")
        unsigned(UInt64(value))
    }

    private mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func data(_ value: [UInt8]) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    mutating func string(_ value: String) {
        int(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func optionalString(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    /// The number of `items`, then each as `write` puts it.
    mutating func list<Items: Collection>(_ items: Items, _ write: (inout ByteWriter, Items.Element) -> Void) {
        varint(items.count)
        for item in items { write(&self, item) }
    }
}

struct ByteReader {
    struct Damaged: Error {}

    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { offset == bytes.count }

    mutating func int() throws(Damaged) -> Int {
        let zigzag = try unsigned()
        return Int(Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))))
    }

    mutating func fixedInt() throws(Damaged) -> Int {
        guard offset + 8 <= bytes.count else { throw Damaged() }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return Int(Int64(bitPattern: value))
    }

    mutating func varint() throws(Damaged) -> Int {
        let value = try unsigned()
        guard value <= UInt64(Int.max) else { throw Damaged() }
        return Int(value)
    }

    private mutating func unsigned() throws(Damaged) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count, shift < 64 else { throw Damaged() }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    mutating func bool() throws(Damaged) -> Bool {
        guard offset < bytes.count else { throw Damaged() }
        offset += 1
        return bytes[offset - 1] != 0
    }

    mutating func data() throws(Damaged) -> [UInt8] {
        let count = try int()
        guard count >= 0, offset + count <= bytes.count else { throw Damaged() }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func string() throws(Damaged) -> String {
        let count = try int()
        guard count >= 0, offset + count <= bytes.count else { throw Damaged() }
        defer { offset += count }
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + count]), as: UTF8.self)
        }
    }

    mutating func optionalString() throws(Damaged) -> String? {
        try bool() ? try string() : nil
    }

    /// A list as `ByteWriter.list` wrote it, each item as `read` takes it (whatever `read` throws
    /// counts as damage).
    mutating func list<Item>(_ read: (inout ByteReader) throws -> Item) throws(Damaged) -> [Item] {
        let count = try varint()
        var items: [Item] = []
        // Each item takes a byte at least: a count beyond what is left is damage, not a size.
        guard count <= bytes.count - offset else { throw Damaged() }
        items.reserveCapacity(count)
        do {
            for _ in 0..<count { items.append(try read(&self)) }
        } catch {
            throw Damaged()
        }
        return items
    }
}
