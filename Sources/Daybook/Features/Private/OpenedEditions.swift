import Foundation

/// The last build's key file and the last packs of a private journal's editions, in the plan's
/// order (nil where there is none, or it did not open), and how many were opened from the output.
struct OpenedEditions: Sendable {
    var keyFile: LastKeyFile?
    var previous: [PreviousEdition?]
    var opened = 0

    /// No last build: every edition is made in full.
    static func none(_ plan: PrivatePlan) -> OpenedEditions {
        OpenedEditions(keyFile: nil, previous: Array(repeating: nil, count: plan.editions.count))
    }

    /// Starts opening the last build's key file and the last packs of `plan`'s editions in
    /// `output`, or taking them from what this process `remembered` of them. It starts as soon as
    /// the plan is known, so the public journal, its pages and the first edition's journal are made
    /// meanwhile: opening a large pack (reading, decoding and opening its chunks, then its table and
    /// records) took a third of a whole-private update at 10,000 entries, while the assembly before
    /// it kept one core busy and the other idle.
    /// `recorded`: the sizes and times the last build's records give the files of `output`
    /// (`recorded(_:output:journal:)`); a chunk file that still has them is taken as written.
    static func opening(_ plan: PrivatePlan, output: URL, remembered: [String: RememberedEdition],
                        recorded: [String: FileStat] = [:]) -> Task<OpenedEditions, Never> {
        let sealers = plan.sealers
        return Task {
            let keyFile = LastKeyFile.read(output: output)
            return await open(sealers, keyFile: keyFile, output: output, remembered: remembered, recorded: recorded)
        }
    }

    /// The sizes and times of the sealed files the last build wrote into `output`, as its cache
    /// records them; none when the cache is another folder's.
    static func recorded(_ cache: BuildCache, output: URL, journal: URL) -> [String: FileStat] {
        guard cache.describes(output: output, journal: journal) else { return [:] }
        var stats: [String: FileStat] = [:]
        for (path, record) in cache.outputs where path.hasPrefix("private/") { stats[path] = record.stat }
        return stats
    }

    /// The last packs of the editions `sealers` seal, opened on every core at once: most of
    /// opening one (its table, its records) is one core's work.
    private static func open(_ sealers: [Sealer], keyFile: LastKeyFile?, output: URL,
                             remembered: [String: RememberedEdition], recorded: [String: FileStat]) async -> OpenedEditions {
        await withTaskGroup(of: (Int, PreviousEdition?, Bool).self) { group in
            for (index, sealer) in sealers.enumerated() {
                group.addTask {
                    let (edition, opened) = previousEdition(sealer, keyFile: keyFile, output: output, remembered: remembered, recorded: recorded)
                    return (index, edition, opened)
                }
            }
            var opened = OpenedEditions(keyFile: keyFile, previous: [PreviousEdition?](repeating: nil, count: sealers.count))
            for await (index, edition, wasOpened) in group {
                opened.previous[index] = edition
                if wasOpened { opened.opened += 1 }
            }
            return opened
        }
    }

    /// What the last build sealed of the edition `sealer` seals: as this process remembers it, when
    /// it was sealed with the same key and is still the one published, else opened from the
    /// output (and then true).
    private static func previousEdition(_ sealer: Sealer, keyFile: LastKeyFile?, output: URL,
                                        remembered: [String: RememberedEdition], recorded: [String: FileStat]) -> (PreviousEdition?, opened: Bool) {
        if let memory = remembered[sealer.folder], memory.key == sealer.key, keyFile?.manifest(of: sealer.folder) == memory.manifest {
            return (memory.edition, false)
        }
        return (PreviousEdition.open(output: output, keyFile: keyFile, sealer: sealer, recorded: recorded), true)
    }
}
