#if canImport(Glibc)
import Glibc
#endif

/// Gives the pages of freed small blocks back to the system. A large entry's Markdown tree is
/// hundreds of thousands of small blocks; once freed, glibc keeps their pages in its heaps, and
/// they stayed in the process's memory for the rest of the build beside everything made after
/// (a 19 MB entry's tree: about 30 MB; issue 23). Only large entries call it: it walks every heap.
enum FreedMemory {
    /// From this size of Markdown on, a rendering gives its tree's memory back.
    static let threshold = 1 << 20

    static func giveBack() {
        #if canImport(Glibc)
        // `malloc_trim` is not in Swift's Glibc module, so it is looked up, as `mallopt` is.
        typealias MallocTrim = @convention(c) (Int) -> Int32
        if let trim = dlsym(nil, "malloc_trim") { _ = unsafeBitCast(trim, to: MallocTrim.self)(0) }
        #endif
    }
}
