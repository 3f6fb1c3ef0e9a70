@testable import Codecs
import Testing

@Suite struct GIFClockTests {
    /// The delays of the GIF frames the clock makes from `frames` source frames, dropping the
    /// frames that get no tick.
    private func delays(fps: Int, sourceFPS: Int, frames: Int) -> [Int] {
        var clock = GIFClock(fps: fps, sourceFPS: sourceFPS)
        return (0..<frames).map { _ in clock.ticksForNextFrame() }.filter { !$0.isEmpty }.map(clock.delay(for:))
    }

    @Test func thirtyFPSAlternatesThreeThreeFourCentiseconds() {
        let d = delays(fps: 30, sourceFPS: 30, frames: 90)
        #expect(Array(d.prefix(6)) == [3, 3, 4, 3, 3, 4])
        #expect(d.reduce(0, +) == 300)
    }

    @Test func sixtyHertzSourcesKeepEveryOtherFrameAtThirtyFPS() {
        var clock = GIFClock(fps: 30, sourceFPS: 60)
        let ticks = (0..<6).map { _ in clock.ticksForNextFrame() }
        #expect(ticks.map(\.isEmpty) == [false, true, false, true, false, true])
        #expect(delays(fps: 30, sourceFPS: 60, frames: 120).reduce(0, +) == 200)
    }

    @Test func slowSourcesStayOnScreenForSeveralTicks() {
        #expect(delays(fps: 30, sourceFPS: 10, frames: 4) == [10, 10, 10, 10])
    }

    @Test func fiftyFPSIsTwoCentisecondsAFrame() {
        #expect(Set(delays(fps: 50, sourceFPS: 60, frames: 60)) == [2])
        #expect(delays(fps: 50, sourceFPS: 60, frames: 60).reduce(0, +) == 100)
    }
}
