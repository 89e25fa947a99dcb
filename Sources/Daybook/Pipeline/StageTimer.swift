/// Measures the stages of a build, in the order they ran, for `--timings` and the benchmark.
struct StageTimer {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private(set) var stages: [BuildReport.Stage] = []
    let start: ContinuousClock.Instant

    init() {
        start = clock.now
        last = start
    }

    /// Closes the stage that ran since the previous call.
    mutating func lap(_ name: String) {
        let now = clock.now
        stages.append(BuildReport.Stage(name: name, seconds: Self.seconds(now - last)))
        last = now
    }

    var total: Double { Self.seconds(clock.now - start) }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
