#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Strings in the order of their UTF-8 bytes, which is the order of their code points, the same on
/// every machine: the site's list of files, a private pack's table, the entry files as they are
/// read, the readers of an edition.
///
/// A sort takes each string's bytes once, into an array, and sorts their positions by `memcmp`
/// over those arrays. Comparing the strings themselves cost more per comparison than the
/// comparison: two `UTF8View`s went byte by byte through iterators, and `withUTF8` works on copies
/// of both strings. Sorting the 16,000 paths of a 10,000-entry edition took 20 ms that way, 4 ms
/// this way, and String's own `<` (which orders by code points only for strings in NFC) 5 ms.
enum ByteOrder {
    static func sorted(_ strings: some Sequence<String>) -> [String] {
        sorted(Array(strings), by: { $0 })
    }

    /// `items` in the byte order of the string `key` gives each; equal keys keep no set order.
    static func sorted<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
        let keys = items.map { Array(key($0).utf8) }
        let order = keys.withUnsafeBufferPointer { keys in
            items.indices.sorted { first, second in
                keys[first].withUnsafeBufferPointer { one in keys[second].withUnsafeBufferPointer { other in precedes(one, other) } }
            }
        }
        return order.map { items[$0] }
    }

    private static func precedes(_ one: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(one.count, other.count)
        let order = common == 0 ? 0 : memcmp(one.baseAddress!, other.baseAddress!, common)
        return order == 0 ? one.count < other.count : order < 0
    }
}
