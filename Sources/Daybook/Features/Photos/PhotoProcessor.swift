import Foundation
import Synchronization

/// Turns photo files into their copies on every core, taking what the cache holds.
struct PhotoProcessor: Sendable {
    let root: URL
    let recipe: PhotoRecipe
    let readsCache: Bool
    let progress: @Sendable (BuildProgress) -> Void

    /// One result per path, in order.
    func process(_ paths: [String], jobs: Int) async -> [Result<PhotoSource, PhotoFailure>] {
        guard !paths.isEmpty else { return [] }
        let cache = PhotoCache(journal: root)
        let index = readsCache ? PhotoIndex.load(cache.root) : PhotoIndex()
        let done = Mutex(0), total = paths.count
        progress(BuildProgress(stage: "Photos", done: 0, total: total))
        // One photo a task: each is seconds of work on a cache miss.
        let results: [Result<PhotoSource, PhotoFailure>] = (try? await parallelMap(paths, jobs: jobs, chunkSize: 1) { path in
            let result: Result<PhotoSource, PhotoFailure> = self.source(path, cache: cache, index: index)
            progress(BuildProgress(stage: "Photos", done: done.withLock { count -> Int in count += 1; return count }, total: total))
            return result
        }) ?? []
        var saved = PhotoIndex()
        for (path, result) in zip(paths, results) {
            guard case .success(let source) = result, let stat = FileStat(path: root.path + "/" + path),
                  let digest = source.digest ?? index.records[path]?.digest else { continue }
            saved.records[path] = PhotoIndex.Record(stat: stat, digest: digest, source: source)
        }
        saved.save(cache.root)
        return results
    }

    /// The photo at `path`: from the index and the cache when its file is unchanged, else read.
    private func source(_ path: String, cache: PhotoCache, index: PhotoIndex) -> Result<PhotoSource, PhotoFailure> {
        let file = root.path + "/" + path
        if let record = index.trusted(path, stat: FileStat(path: file)) {
            let key = PhotoCache.key(digest: record.digest, recipe: recipe)
            if key == record.source.key { return .success(record.source) }
        }
        guard let bytes = FileBytes.read(file) else { return .failure(PhotoFailure(message: "could not be read")) }
        do {
            let header = try PhotoCodec.header(bytes)
            guard header.storedWidth * header.storedHeight <= recipe.maxPixels else {
                throw PhotoFailure(message: "is \(header.storedWidth) × \(header.storedHeight) pixels, more than photo_max_megapixels (\(recipe.maxPixels / 1_000_000)) allows")
            }
            let digest = ContentHash.digest(bytes)
            let key = PhotoCache.key(digest: digest, recipe: recipe)
            var copies = readsCache ? cache.read(key) : nil
            if copies == nil {
                PhotoWork.add(root)
                let made = try PhotoCodec.copies(of: bytes, header: header, recipe: recipe)
                cache.write(made, key: key)
                copies = made
            }
            let light = (copies ?? []).map { PhotoCopy(suffix: $0.suffix, width: $0.width, height: $0.height, bytes: []) }
            return .success(PhotoSource(path: path, key: key, header: header, copies: light, digest: digest))
        } catch let failure as PhotoFailure {
            return .failure(failure)
        } catch {
            return .failure(PhotoFailure(message: "could not be processed"))
        }
    }
}
