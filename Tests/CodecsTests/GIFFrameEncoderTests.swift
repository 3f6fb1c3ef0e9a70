@testable import Codecs
import Testing

@Suite struct GIFFrameEncoderTests {
    /// The palette-index programme as it ran over a whole frame before `IndexRuns`: every run's
    /// fewest index changes per candidate, then a walk back from the last run.
    private func wholeFrameChoice(begins: [Int], options: [(UInt8, UInt8)], count: Int) -> [UInt8] {
        var cost = (0, 0)
        var fromSecond = [(Bool, Bool)](repeating: (false, false), count: options.count)
        for r in 1..<max(1, options.count) {
            let (p0, p1) = options[r - 1], (o0, o1) = options[r]
            func best(_ o: UInt8) -> (Int, Bool) {
                let a = cost.0 + (p0 == o ? 0 : 1), b = cost.1 + (p1 == o ? 0 : 1)
                return b < a ? (b, true) : (a, false)
            }
            let (c0, f0) = best(o0), (c1, f1) = best(o1)
            cost = (c0, c1)
            fromSecond[r] = (f0, f1)
        }
        var out = [UInt8](repeating: 0, count: count)
        var takeSecond = cost.1 < cost.0
        var end = count
        for r in stride(from: options.count - 1, through: 0, by: -1) {
            for i in begins[r]..<end { out[i] = takeSecond ? options[r].1 : options[r].0 }
            end = begins[r]
            takeSecond = takeSecond ? fromSecond[r].1 : fromSecond[r].0
        }
        return out
    }

    @Test func indexRunsWrittenAsOneCandidateRunsSettleThemChooseWhatAWholeFrameProgrammeChooses() {
        var seed: UInt32 = 2026
        func next(_ n: Int) -> Int {
            seed = seed &* 1_103_515_245 &+ 12345
            return Int((seed >> 16) & 0x7FFF) % n
        }
        for _ in 0..<500 {
            var begins: [Int] = [], options: [(UInt8, UInt8)] = []
            var count = 0
            for _ in 0..<1 + next(40) {
                begins.append(count)
                count += 1 + next(3)
                let first = UInt8(next(4))
                options.append((first, next(3) == 0 ? first : UInt8(next(4))))
            }
            let expected = wholeFrameChoice(begins: begins, options: options, count: count)
            var runs = IndexRuns()
            var got = [UInt8](repeating: 0, count: count)
            got.withUnsafeMutableBufferPointer { out in
                for (b, o) in zip(begins, options) { runs.add(begin: b, o, out: out) }
                runs.finish(end: count, out: out)
            }
            #expect(got.indices.first { got[$0] != expected[$0] } == nil, "runs \(options.count), pixels \(count)")
        }
    }
}
