#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Strings in the order of their UTF-8 bytes, which is the order of their code points, the same on
/// every machine: the site's list of files, a private pack's table, the entry files as they are
/// read, the readers of an edition. Compared with `memcmp` over the strings' own bytes: the generic
/// comparison of two `UTF8View`s went byte by byte through iterators, and sorting the 24,000 paths
/// of a private journal's site took an update milliseconds each time.
enum ByteOrder {
    static func precedes(_ first: String, _ second: String) -> Bool {
        var (first, second) = (first, second)
        return first.withUTF8 { one in
            second.withUTF8 { other in
                let common = min(one.count, other.count)
                let order = common == 0 ? 0 : memcmp(one.baseAddress!, other.baseAddress!, common)
                return order == 0 ? one.count < other.count : order < 0
            }
        }
    }

    static func sorted(_ strings: some Sequence<String>) -> [String] {
        strings.sorted(by: precedes)
    }
}
