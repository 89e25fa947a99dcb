import Foundation

/// The photos of a journal as the load stage finds them: which entry files name which photos,
/// every named photo read and processed (or found in the cache), and the problems.
struct PhotoLibrary: Sendable {
    /// By entry file path.
    var requests: [String: EntryPhotoRequest] = [:]
    /// By photo path; a photo that failed is missing here and has an error.
    var sources: [String: PhotoSource] = [:]
    var problems: [Diagnostic] = []
    /// The entry files that may name photos, by their bytes (`RemoteImages.mayNamePhotos`).
    var candidates: Set<String> = []
    /// How many entry files the scan read: all of them, but in a continued build.
    var filesScanned = 0

    /// Reads every entry file that may name a photo, checks every reference, and processes the
    /// photos named. Every entry file is looked at, whatever its folder holds, so a missing
    /// photo is the same error in a single-file entry as in a bundle.
    static func load(_ input: FeatureInput) async -> PhotoLibrary {
        let files = input.files
        let photoFiles = Set(files.resources.filter(PhotoReferences.isPhotoName))
        var library = PhotoLibrary()
        var remote: [EntryPhotoRequest] = []
        // Every entry file is read on every core; a continued build reads only those that
        // changed or named photos (a preview read all 10,000 on every save: a tenth of its rebuild).
        let root = files.root.path
        let paths = input.lastPhotoScan.map { last in files.entries.filter { last.candidates.contains($0) || last.changed.contains($0) } }
            ?? files.entries
        library.filesScanned = paths.count
        let candidates = concurrentMap(paths) { RemoteImages.bytesIfNamingPhotos(root + "/" + $0) }
        for (path, bytes) in zip(paths, candidates) {
            guard let bytes else { continue }
            library.candidates.insert(path)
            let (request, problems) = PhotoReferences.read(path: path, bytes: bytes, inside: files.entriesFolder)
            library.problems += problems
            if !request.all.isEmpty || request.locationFromPhoto { library.requests[path] = request }
            if !request.remote.isEmpty { remote.append(request) }
        }
        library.problems += RemoteImages.warnings(remote, wholeJournalPrivate: input.settings.privacy.wholeJournal)
        var named: [String: [PhotoReference]] = [:]
        for request in library.requests.values.sorted(by: { $0.entry < $1.entry }) {
            for reference in request.all { named[reference.path, default: []].append(reference) }
        }
        for (path, references) in named.sorted(by: { $0.key < $1.key }) where !photoFiles.contains(path) {
            library.problems += references.map { .error("photo '\($0.name)' not found beside the entry (looked for \(path))", at: $0.location) }
        }
        for path in photoFiles.sorted() where named[path] == nil {
            library.problems.append(.warning("photo \(path) is not named by any entry; it is not published", at: SourceLocation(file: path)))
        }
        let recipe = PhotoRecipe(input.settings)
        let wanted = named.keys.filter(photoFiles.contains).sorted()
        let processor = PhotoProcessor(root: files.root, recipe: recipe, readsCache: input.options.useCache, progress: input.progress)
        let results = await processor.process(wanted, jobs: input.options.jobs)
        for (path, result) in zip(wanted, results) {
            switch result {
            case .success(let source): library.sources[path] = source
            case .failure(let failure):
                library.problems += (named[path] ?? []).map { .error("photo '\($0.name)' \(failure.message)", at: $0.location) }
            }
        }
        library.problems += library.placeWarnings()
        return library
    }

    /// `entries/2024/05/x/harbour.jpg` -> `entries/2024/05/x`.
    static func folder(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// The first photo of an entry with a GPS position, for `location: from-photo`.
    func firstPosition(_ request: EntryPhotoRequest) -> (Double, Double)? {
        for reference in request.all {
            if let header = sources[reference.path]?.header, let lat = header.latitude, let lon = header.longitude { return (lat, lon) }
        }
        return nil
    }

    /// A photo taken far (over 50 km) from the place its entry states is probably in the
    /// wrong entry; `location: from-photo` with no position anywhere leaves the entry placeless.
    private func placeWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for request in requests.values.sorted(by: { $0.entry < $1.entry }) {
            if request.locationFromPhoto && firstPosition(request) == nil {
                warnings.append(.warning("location: from-photo, but no photo of the entry has a GPS position", at: SourceLocation(file: request.entry)))
            }
            guard let stated = request.statedCoordinates else { continue }
            for reference in request.all {
                guard let header = sources[reference.path]?.header, let lat = header.latitude, let lon = header.longitude else { continue }
                let distance = Self.kilometres(stated[0], stated[1], lat, lon)
                if distance > 50 {
                    warnings.append(.warning("photo '\(reference.name)' was taken \(Int(distance.rounded())) km from the entry's location", at: reference.location))
                }
            }
        }
        return warnings
    }

    /// Great-circle distance on a sphere the Earth's mean radius.
    static func kilometres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6371 * 2 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
