@testable import popping_render
import PoppingRender
import Testing

/// How many of a `--variants` matrix's renders run at once: as many as the memory available holds.
@Suite struct VariantScheduleTests {
    static let pixels = 750 * 1334
    static let perRender = VariantSchedule.bytesPerRender(framePixels: pixels, cores: 8)

    @Test func asManyRendersRunAtOnceAsTheAvailableMemoryHolds() {
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: 2 * Self.perRender + 1, cores: 8).concurrent == 2)
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: 3 * Self.perRender - 1, cores: 8).concurrent == 2)
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: 64 * Self.perRender, cores: 8).concurrent == 4)
    }

    @Test func noMoreRendersRunAtOnceThanThereAreCores() {
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: 64 * Self.perRender, cores: 2).concurrent == 2)
    }

    @Test func tooLittleOrUnknownMemoryOrOneCoreRendersOneAtATime() {
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: 0).concurrent == 1)
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: nil).concurrent == 1)
        #expect(VariantSchedule(count: 1, framePixels: Self.pixels, availableBytes: 64 * Self.perRender).concurrent == 1)
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: 64 * Self.perRender, cores: 1).concurrent == 1)
    }

    @Test func aFailedVariantIsReportedInOrderAfterTheOthersFinish() {
        struct Failed: Error, Equatable { let index: Int }
        let schedule = VariantSchedule(count: 4, framePixels: 1, availableBytes: 64 * Self.perRender, cores: 4)
        #expect(throws: Failed(index: 1)) {
            try schedule.forEach(4) { i in if i == 1 || i == 3 { throw Failed(index: i) } }
        }
    }
}
