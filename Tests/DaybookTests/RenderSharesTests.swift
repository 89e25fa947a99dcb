import Testing
@testable import Daybook

/// How the renderer shares a build's pages out between its cores (`SiteRenderer.shares`).
@Suite struct RenderSharesTests {
    /// A journal's pages as a build lists them: thousands of entry pages, then the lists, some of
    /// which (a tag of thousands of entries) cost more than a thousand entry pages.
    let weights = Array(repeating: 7, count: 10_000) + Array(repeating: 23, count: 500) + Array(repeating: 640, count: 40)

    @Test func everyPageOnceAndTheCostliestFirst() {
        let shares = SiteRenderer.shares(weights, jobs: 2)
        let order = shares.flatMap { $0 }
        #expect(order.sorted() == Array(weights.indices))
        #expect(zip(order, order.dropFirst()).allSatisfy { weights[$0] >= weights[$1] })
    }

    /// Slices of the pages in their order put every tag page in the last slice, and one core
    /// rendered them alone while the other had finished (1.2 s of a 5.5 s build at 10,000 entries).
    @Test func noLargePageStartsLast() {
        let shares = SiteRenderer.shares(weights, jobs: 2)
        let total = weights.reduce(0, +)
        #expect(shares.count >= 16)
        #expect(shares.suffix(4).allSatisfy { share in share.allSatisfy { weights[$0] == 7 } })
        // The work left after the costliest share starts is at most a little of what each core has to do.
        #expect(shares.last!.reduce(0) { $0 + weights[$1] } <= total / 32 + 7)
    }

    @Test func aFewPagesEachAlone() {
        #expect(SiteRenderer.shares([3, 900, 40], jobs: 2) == [[1], [2], [0]])
        #expect(SiteRenderer.shares([], jobs: 2).isEmpty)
        #expect(SiteRenderer.shares([5], jobs: 8) == [[0]])
    }
}

/// How a job hands its pages to be written (`SiteRenderer.render(_:rows:batchBytes:hand:)`).
@Suite struct RenderBatchTests {
    func renderer() throws -> (SiteRenderer, [Page]) {
        let view = SearchIndexTests.view()
        let templates = try #require(TemplateSet.load(overrides: [:]).0)
        return (SiteRenderer(view: view, templates: templates, features: []), Page.all(for: view.journal))
    }

    @Test func pagesAreHandedOnInBatchesOfAboutTheGivenSize() throws {
        let (renderer, pages) = try renderer()
        var batches: [[OutputFile]] = []
        try renderer.render(pages, rows: nil, batchBytes: 4_000) { batches.append($0) }
        #expect(batches.count > 2, "a page of a few kilobytes each, so several batches")
        for batch in batches.dropLast() {
            let bytes = batch.reduce(0) { $0 + $1.bytes.count }
            #expect(bytes >= 4_000 && bytes - (batch.last?.bytes.count ?? 0) < 4_000, "each batch ends with the page that passes the size")
        }
        var whole: [[OutputFile]] = []
        try renderer.render(pages, batchBytes: .max) { whole.append($0) }
        #expect(whole.count == 1, "no size reached: one batch of every page")
        #expect(batches.flatMap { $0 }.map(\.path) == whole.flatMap { $0 }.map(\.path))
        #expect(batches.flatMap { $0 }.map(\.bytes) == whole.flatMap { $0 }.map(\.bytes), "the same pages, in the same order")
    }
}

/// The progress line while the pages render beside the data files (`PagesProgress`).
@Suite struct PagesProgressTests {
    @Test func silentUntilTheDataFilesAreMadeThenEveryFileOnce() {
        let shown = Collected<BuildProgress>()
        let progress = PagesProgress(pages: 10) { shown.add([$0]) }
        progress.rendered(3)
        #expect(shown.all.isEmpty, "the features show their own progress meanwhile (the photos)")
        progress.dataMade(files: 5)
        progress.rendered(7)
        #expect(shown.all.map(\.stage) == ["Writing pages", "Writing pages"])
        #expect(shown.all.map(\.done) == [8, 15])
        #expect(shown.all.map(\.total) == [15, 15], "the pages, and the data files and assets written before them")
    }

    @Test func nothingShownBeforeAPageIsRendered() {
        let shown = Collected<BuildProgress>()
        let progress = PagesProgress(pages: 4) { shown.add([$0]) }
        progress.dataMade(files: 2)
        #expect(shown.all.isEmpty)
        progress.rendered(4)
        #expect(shown.all.map(\.done) == [6])
    }
}
