import Foundation
import Synchronization
import Testing
@testable import Daybook
@testable import DaybookServe

/// The preview's pure pieces: which changes matter, when to rebuild, what a rebuild changed,
/// which requests are answered, and the script added to pages.
@Suite struct ServeUnitTests {
    /// `startIfDue` mutates, which `#expect` cannot call itself.
    func due(_ scheduler: inout RebuildScheduler, _ now: ContinuousClock.Instant) -> Bool { scheduler.startIfDue(at: now) != nil }

    @Test func editorTemporariesAndIgnoredFoldersDoNotMatter() {
        let filter = ChangeFilter()
        for path in ["entries/2024/05/01.md", "static/photo.jpg", "templates/entry.mustache", "daybook.yml", "quotes.yml"] {
            #expect(filter.matters(path), "\(path)")
        }
        for path in ["_site/index.html", "._site.staging-12-34/index.html", "._site.daybook-new/index.html", ".daybook/serve/site/index.html", ".git/index", "entries/.01.md.swp",
                     "entries/01.md~", "entries/4913", "entries/.#01.md", "entries/#01.md#", "entries/01.md.tmp",
                     "entries/.goutputstream-XYZ1", "entries/01.md___jb_tmp___", "static/.DS_Store"] {
            #expect(!filter.matters(path), "\(path)")
        }
        #expect(filter.watchesFolder("entries/2024") && !filter.watchesFolder(".daybook/cache") && !filter.watchesFolder("_site"))
    }

    @Test func aBurstBecomesOneRebuildAfterTheQuietTime() {
        var scheduler = RebuildScheduler(quiet: .milliseconds(40), longest: .milliseconds(600))
        let start = ContinuousClock.now
        #expect(scheduler.startsAt == nil)
        for step in 0..<50 { scheduler.changed(at: start + .milliseconds(step)) }
        #expect(scheduler.startsAt == start + .milliseconds(49 + 40))
        #expect(!due(&scheduler, start + .milliseconds(60)))
        #expect(scheduler.startIfDue(at: start + .milliseconds(89)) == start, "the rebuild answers the burst's first change")
        #expect(scheduler.startsAt == nil)
        scheduler.finished()
        #expect(scheduler.state == .idle)
    }

    @Test func changesThatNeverStopStillRebuildAfterTheLongestWait() {
        var scheduler = RebuildScheduler(quiet: .milliseconds(40), longest: .milliseconds(600))
        let start = ContinuousClock.now
        for step in stride(from: 0, through: 1000, by: 20) { scheduler.changed(at: start + .milliseconds(step)) }
        #expect(scheduler.startsAt == start + .milliseconds(600))
    }

    @Test func changesDuringARebuildQueueExactlyOneMore() {
        var scheduler = RebuildScheduler(quiet: .milliseconds(40))
        let start = ContinuousClock.now
        scheduler.changed(at: start)
        #expect(due(&scheduler, start + .milliseconds(40)))
        for step in 1...30 { scheduler.changed(at: start + .milliseconds(40 + step)) }
        #expect(scheduler.startsAt == nil)  // no second build while one runs
        scheduler.finished()
        #expect(scheduler.startsAt == start + .milliseconds(70 + 40))
        #expect(due(&scheduler, start + .milliseconds(110)))
        scheduler.finished()
        #expect(scheduler.state == .idle)  // and no third
    }

    @Test func aRemovedPageMovesToTheOneNewPageOfItsDepth() {
        let changes = SiteChanges(BuildReport.OutputChanges(changed: ["2024/05/02/a/index.html", "feed.xml", "index.html"],
                                                            added: ["2024/05/02/a/index.html"], removed: ["2024/05/01/a/index.html"]))
        #expect(changes.changed == ["2024/05/02/a/index.html", "feed.xml", "index.html"])
        #expect(changes.removed == ["2024/05/01/a/index.html"])
        #expect(changes.moved == ["2024/05/01/a/index.html": "2024/05/02/a/index.html"])
        #expect(SiteChanges(BuildReport.OutputChanges()).isEmpty)
        // Two pages gone, two new at the same depth: no guess, both go home; a tag page gone beside
        // a renamed entry does not hide the entry's move.
        let two = SiteChanges(BuildReport.OutputChanges(changed: ["c/index.html", "d/index.html"], added: ["c/index.html", "d/index.html"],
                                                        removed: ["a/index.html", "b/index.html"]))
        #expect(two.moved.isEmpty && two.removed == ["a/index.html", "b/index.html"])
        let renamed = SiteChanges(BuildReport.OutputChanges(changed: ["2024/05/01/b/index.html"], added: ["2024/05/01/b/index.html"],
                                                            removed: ["2024/05/01/a/index.html", "tags/sea/index.html"]))
        #expect(renamed.moved == ["2024/05/01/a/index.html": "2024/05/01/b/index.html"])
    }

    @Test func onlyRequestsAddressedToThePreviewAreAnswered() {
        let local = HostCheck(port: 4000, bind: "127.0.0.1")
        #expect(local.allows(host: "127.0.0.1:4000", origin: nil))
        #expect(local.allows(host: "localhost:4000", origin: "http://localhost:4000"))
        #expect(!local.allows(host: nil, origin: nil))
        #expect(!local.allows(host: "evil.example:4000", origin: nil))
        #expect(!local.allows(host: "127.0.0.1:4001", origin: nil))
        #expect(!local.allows(host: "127.0.0.1:4000", origin: "http://evil.example"))
        #expect(!local.allows(host: "127.0.0.1:4000", origin: "null"))
        #expect(!local.allows(host: "127.0.0.1:4000", origin: "https://127.0.0.1:4000"))
        let everywhere = HostCheck(port: 4000, bind: "0.0.0.0")
        #expect(everywhere.allows(host: "192.168.1.20:4000", origin: nil))
        #expect(!everywhere.allows(host: "rebound.example:4000", origin: nil))
        #expect(!everywhere.allows(host: "1.2.3:4000", origin: nil))
    }

    @Test func theScriptGoesBeforeTheLastBodyEnd() {
        let page = LiveReload.inject(into: "<html><body><p>&lt;/body&gt;</p></BODY></html>", generation: 7)
        #expect(page.hasPrefix("<html><body><p>&lt;/body&gt;</p><script>\n(function () {"))
        #expect(page.hasSuffix("</script>\n</BODY></html>"))
        #expect(page.contains("var generation = 7,"))
        #expect(LiveReload.inject(into: "plain", generation: 0).hasPrefix("plain<script>"))
    }

    @Test func requestPathsMapToFilesAsAStaticHostDoes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-sitepath-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/2024/a b", withIntermediateDirectories: true)
        for file in ["index.html", "2024/a b/index.html", "style.css"] {
            FileManager.default.createFile(atPath: root + "/" + file, contents: Data())
        }
        #expect(SitePath.resolve("/", in: root) == .file(root + "/index.html"))
        #expect(SitePath.resolve("/2024/a%20b/", in: root) == .file(root + "/2024/a b/index.html"))
        #expect(SitePath.resolve("/2024/a%20b", in: root) == .redirect("/2024/a%20b/"))
        #expect(SitePath.resolve("/style.css", in: root) == .file(root + "/style.css"))
        #expect(SitePath.resolve("/2024/", in: root) == .missing)
        #expect(SitePath.resolve("/../etc/passwd", in: root) == .missing)
        #expect(SitePath.resolve("/nothing", in: root) == .missing)
        #expect(SitePath.contentType("a/b.CSS") == "text/css; charset=utf-8")
    }

    /// Only Daybook's content-named stylesheet and scripts are kept by the browser without asking.
    @Test func onlyContentNamedAssetsAreKeptWithoutAsking() {
        for path in ["style.942481a148.css", "search-ui.eb2df2dced.js", "on-this-day-data.7cb4f23a74.js"] {
            #expect(SitePath.isContentNamedAsset(path), "\(path)")
        }
        for path in ["style.css", "notes.txt", "photo.942481a148.jpg", "css/style.942481a148.css", "style.942481A148.css",
                     "style.942481a14.css", "style.942481a1489.css", "search/r/12.js", "942481a148.css"] {
            #expect(!SitePath.isContentNamedAsset(path), "\(path)")
        }
        #expect(ContentHash.fileName("style.css", content: Array("x".utf8)).hasPrefix("style."))
        #expect(SitePath.isContentNamedAsset(ContentHash.fileName("style.css", content: Array("body{}".utf8))))
    }

    @Test func aReconnectingPageHearsWhatItMissedAndTheErrors() async {
        let hub = UpdateHub()
        hub.publish(SiteChanges(changed: ["a/index.html"]), error: nil)
        hub.publish(SiteChanges(changed: ["b/index.html"], removed: ["c/index.html"], moved: ["c/index.html": "d/index.html"]),
                    error: nil)
        hub.publish(SiteChanges(), error: "entries/x.md:2:1: error: <bad>")
        var events = hub.subscribe(since: 1).makeAsyncIterator()
        let first = await events.next() ?? ""
        #expect(first.hasPrefix("id: 2\nevent: update\ndata: {"))
        #expect(first.contains(#""changed":["b\/index.html"]"#) || first.contains(#""changed":["b/index.html"]"#))
        #expect(!first.contains("a/index.html") && !first.contains(#"a\/index.html"#))
        #expect(first.contains("<bad>"))
        #expect(hub.openStreams == 1)
        hub.publish(SiteChanges(), error: nil)
        #expect(await events.next()?.contains(#""error":null"#) == true)
        hub.closeAll()
        #expect(await events.next() == nil)
        #expect(hub.openStreams == 0)
    }

    @Test func pollingSeesAddedChangedAndRemovedFiles() {
        let stamp = PollingWatcher.Stamp(size: 1, modified: 1, inode: 1)
        var touched = stamp
        touched.modified = 2
        #expect(PollingWatcher.differences(["a": stamp, "b": stamp, "c": stamp], ["a": stamp, "b": touched, "d": stamp])
                == ["b", "c", "d"])
    }

    #if os(Linux)
    @Test func inotifyEventsAreSplitWithTheirNames() {
        var bytes: [UInt8] = []
        func add(_ watch: Int32, _ mask: UInt32, _ name: String, padded: Int) {
            withUnsafeBytes(of: watch.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: mask.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: UInt32(0)) { bytes += $0 }
            withUnsafeBytes(of: UInt32(padded).littleEndian) { bytes += $0 }
            bytes += Array(name.utf8) + [UInt8](repeating: 0, count: padded - name.utf8.count)
        }
        add(1, 8, "01.md", padded: 16)
        add(2, 0x4000, "", padded: 0)
        let events = InotifyWatcher.events(in: bytes[...])
        #expect(events.map(\.name) == ["01.md", ""] && events.map(\.watch) == [1, 2] && events.map(\.mask) == [8, 0x4000])
    }

    /// The build follows linked folders, so the watcher must too: a journal opened through a link
    /// (`~/journal -> ~/Sync/journal`) saw no edit at all, since inotify refused the link itself.
    /// A loop of links is walked once.
    @Test func inotifyFollowsLinkedFoldersAsTheBuildDoes() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-watch-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: base + "/real/entries/2024", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: base + "/real/synced", withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: base + "/journal", withDestinationPath: base + "/real")
        try manager.createSymbolicLink(atPath: base + "/real/entries/trips", withDestinationPath: base + "/real/synced")
        try manager.createSymbolicLink(atPath: base + "/real/entries/2024/loop", withDestinationPath: base + "/real/entries")
        let seen = Mutex<[String]>([])
        let watcher = try InotifyWatcher.start(root: URL(fileURLWithPath: base + "/journal"), filter: ChangeFilter()) { path in
            seen.withLock { $0.append(path ?? "*") }
        }.get()
        defer { watcher.stop() }
        for file in ["entries/2024/a.md", "entries/trips/b.md"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/journal/" + file))
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while seen.withLock({ !Set($0).isSuperset(of: ["entries/2024/a.md", "entries/trips/b.md"]) }), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(Set(seen.withLock { $0 }).isSuperset(of: ["entries/2024/a.md", "entries/trips/b.md"]), "\(seen.withLock { $0 })")
    }
    #endif
}
