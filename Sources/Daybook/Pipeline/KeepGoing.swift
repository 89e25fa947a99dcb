/// `--keep-going`: which entries a problem found outside the entry loader leaves out.
enum KeepGoing {
    /// The entry files (of `entries`) at which `problems` has an error: a feature's error at an
    /// entry (a missing or broken photo) leaves that entry out, as the entry's own errors do.
    static func entryFiles(_ problems: [Diagnostic], entries: [String]) -> Set<String> {
        let named = Set(problems.filter { $0.severity == .error }.compactMap { $0.location?.file })
        guard !named.isEmpty else { return [] }
        return named.intersection(entries)
    }

    /// Removes from `entries` those `problems` has an error at; returns their files.
    static func leaveOut(_ entries: inout [Entry], problems: [Diagnostic], entries files: [String]) -> Set<String> {
        let failing = entryFiles(problems, entries: files)
        if !failing.isEmpty { entries.removeAll { failing.contains($0.sourcePath) } }
        return failing
    }
}
