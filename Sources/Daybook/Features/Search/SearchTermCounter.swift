/// Counts the terms of one entry after another for an indexing task. Terms are numbered by their
/// UTF-8 bytes in a hash table of the task's own, so a word met a thousand times becomes one
/// `String`, not a thousand: an index build meets every word of the journal, and here an
/// occurrence costs no `String` hashing or allocation.
struct SearchTermCounter {
    /// Every distinct term the task has met, by number.
    private(set) var terms: [String] = []
    private var keys: [UInt8] = []
    /// Term `n`'s bytes are `keys[starts[n]..<starts[n + 1]]`.
    private var starts: [Int] = [0]
    /// Open addressing: a term number, or -1 for an empty slot. Never more than half full.
    private var slots = [Int32](repeating: -1, count: 4096)
    private var hashes: [UInt64] = []
    /// Weighted occurrences of each term in the current entry, and which are not zero.
    private var counts: [Int32] = []
    private var touched: [Int32] = []

    /// Adds `weight` occurrences of the term whose UTF-8 bytes are `key`.
    mutating func add(_ key: ArraySlice<UInt8>, weight: Int) {
        let term = number(key)
        if counts[term] == 0 { touched.append(Int32(term)) }
        counts[term] += Int32(weight)
    }

    /// The current entry's terms, as (term number, weighted occurrences) in the order first met,
    /// and a fresh start for the next entry.
    mutating func take() -> [(term: Int, frequency: Int)] {
        let result = touched.map { (term: Int($0), frequency: Int(counts[Int($0)])) }
        for term in touched { counts[Int(term)] = 0 }
        touched.removeAll(keepingCapacity: true)
        return result
    }

    /// The number of `term` in this counter's table, added without an occurrence if new.
    mutating func number(of term: String) -> Int {
        number(ArraySlice(term.utf8))
    }

    private mutating func number(_ key: ArraySlice<UInt8>) -> Int {
        // FNV-1a: plenty for short words, and far cheaper than String hashing.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let term = Int(slots[slot])
            if hashes[term] == hash && keys[starts[term]..<starts[term + 1]].elementsEqual(key) { return term }
            slot = (slot + 1) & mask
        }
        let term = terms.count
        terms.append(String(decoding: key, as: UTF8.self))
        keys += key
        starts.append(keys.count)
        hashes.append(hash)
        counts.append(0)
        slots[slot] = Int32(term)
        if terms.count * 2 > slots.count { grow() }
        return term
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (term, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(term)
        }
    }
}
