/// When the preview rebuilds, as a pure state machine over events and instants, so the rules can
/// be tested without a clock: a burst of changes (an editor's save through a temporary file and
/// a rename, a `git checkout` of many files) becomes one rebuild once the journal has been quiet
/// for `quiet`, or after `longest` of continuous changes; a change during a rebuild queues
/// exactly one more.
public struct RebuildScheduler: Sendable {
    public enum State: Sendable, Equatable {
        case idle
        /// Changes seen: the first and the last, to time the rebuild from.
        case waiting(first: ContinuousClock.Instant, last: ContinuousClock.Instant)
        /// A rebuild runs; `queued` holds the first and last change seen meanwhile.
        case building(queued: Range<ContinuousClock.Instant>?)
    }

    public private(set) var state: State = .idle
    public let quiet: Duration
    public let longest: Duration

    public init(quiet: Duration = .milliseconds(25), longest: Duration = .milliseconds(600)) {
        self.quiet = quiet
        self.longest = longest
    }

    /// A file that matters changed at `now`.
    public mutating func changed(at now: ContinuousClock.Instant) {
        switch state {
        case .idle: state = .waiting(first: now, last: now)
        case .waiting(let first, _): state = .waiting(first: first, last: now)
        case .building(let queued): state = .building(queued: (queued?.lowerBound ?? now)..<now)
        }
    }

    /// When the next rebuild should start; nil when none is due (idle, or one is running).
    public var startsAt: ContinuousClock.Instant? {
        guard case .waiting(let first, let last) = state else { return nil }
        return min(last + quiet, first + longest)
    }

    /// Starts a rebuild if one is due at `now`; when it did, the first change it answers.
    public mutating func startIfDue(at now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard let startsAt, now >= startsAt, case .waiting(let first, _) = state else { return nil }
        state = .building(queued: nil)
        return first
    }

    /// The running rebuild finished: the changes seen meanwhile, if any, make the one next.
    public mutating func finished() {
        guard case .building(let queued) = state else { return }
        if let queued { state = .waiting(first: queued.lowerBound, last: queued.upperBound) } else { state = .idle }
    }
}
