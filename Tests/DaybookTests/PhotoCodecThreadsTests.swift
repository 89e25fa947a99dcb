import Foundation
import Synchronization
import Testing
@testable import Daybook

/// libvips on every core at once, as a build resizes photos: many small photos of each kind,
/// resized, cut square and encoded side by side, many times. With Orc (libvips' run-time SIMD
/// compiler) on, a run of the random edits crashed inside liborc, and so did one run of this test
/// in three; `dbv_start` turns it off, which the last expectation checks on every run.
@Suite struct PhotoCodecThreadsTests {
    @Test func photosMadeOnManyThreadsAtOnceMatchThoseMadeOneByOne() throws {
        let photos = try RandomEditsTests.photos()
        let (settings, _) = SettingsLoader.load(text: "photo_widths: [16, 24, 32]\nphoto_thumbnail: 16\n")
        let recipe = PhotoRecipe(settings)
        @Sendable func copies(_ bytes: [UInt8]) -> [[UInt8]] {
            guard let header = try? PhotoCodec.header(bytes), let made = try? PhotoCodec.copies(of: bytes, header: header, recipe: recipe)
            else { return [] }
            return made.map(\.bytes)
        }
        let alone = photos.map(copies)
        #expect(alone.allSatisfy { !$0.isEmpty })
        // Eight threads, more than the cores, as several builds of one test process would run.
        let together = Mutex<[Int: [[UInt8]]]>([:])
        let done = DispatchGroup()
        for thread in 0..<8 {
            done.enter()
            Thread.detachNewThread {
                for index in stride(from: thread, to: 600, by: 8) {
                    let made = copies(photos[index % photos.count])
                    together.withLock { $0[index] = made }
                }
                done.leave()
            }
        }
        done.wait()
        let made = together.withLock { $0 }
        #expect(made.count == 600)
        for (index, made) in made.sorted(by: { $0.key < $1.key }) where made != alone[index % photos.count] {
            Issue.record("photo \(index % photos.count), made at \(index) beside others, differs from the one made alone")
        }
        #expect(PhotoCodec.vectorPaths == false)
    }
}
