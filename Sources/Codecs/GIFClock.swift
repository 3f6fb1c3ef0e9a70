/// Maps source frames onto the output tick grid and ticks onto centisecond delays.
///
/// Output tick `j` is shown at `j / fps` seconds. Source frame `k` starts at `k / sourceFPS` and
/// is on screen for every tick from its start until the next source frame starts; a source frame
/// that owns no tick is dropped. A tick's time in centiseconds is `⌊100·j / fps⌋`, so a GIF frame
/// covering ticks `a..<b` has the delay `⌊100·b / fps⌋ − ⌊100·a / fps⌋`: at 30 fps that is
/// 3, 3, 4, … and any whole number of seconds lasts exactly that long.
struct GIFClock: Sendable {
    let fps: Int
    let sourceFPS: Int
    private var nextSource = 0

    init(fps: Int, sourceFPS: Int) {
        self.fps = fps
        self.sourceFPS = sourceFPS
    }

    /// The ticks the next source frame is on screen for; empty when it is dropped.
    mutating func ticksForNextFrame() -> Range<Int> {
        let k = nextSource
        nextSource += 1
        return firstTick(atOrAfterSourceFrame: k)..<firstTick(atOrAfterSourceFrame: k + 1)
    }

    /// The delay, in centiseconds, of a GIF frame shown for `ticks`.
    func delay(for ticks: Range<Int>) -> Int {
        centiseconds(atTick: ticks.upperBound) - centiseconds(atTick: ticks.lowerBound)
    }

    private func centiseconds(atTick j: Int) -> Int { 100 * j / fps }

    /// ⌈k · fps / sourceFPS⌉: the first tick at or after source frame k starts.
    private func firstTick(atOrAfterSourceFrame k: Int) -> Int { (k * fps + sourceFPS - 1) / sourceFPS }
}
