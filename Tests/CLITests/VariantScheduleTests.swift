@testable import popping_render
import PoppingRender
import Testing

/// How many of a `--variants` matrix's renders run at once: as many as the memory available holds.
@Suite struct VariantScheduleTests {
    static let pixels = 750 * 1334
    static let perRender = VariantSchedule.bytesPerRender(framePixels: pixels)
    static let shared = VariantSchedule.sharedBytes

    @Test func asManyRendersRunAtOnceAsTheAvailableMemoryHolds() {
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: Self.shared + 2 * Self.perRender + 1, cores: 8).concurrent == 2)
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: Self.shared + 3 * Self.perRender - 1, cores: 8).concurrent == 2)
        #expect(VariantSchedule(count: 4, framePixels: Self.pixels, availableBytes: 64 * Self.perRender, cores: 8).concurrent == 4)
    }

    @Test func theSharedOffscreenBudgetIsCountedOnceNotPerRenderOrPerCore() {
        // A 750 x 1334 frame is 4,002,000 bytes: eight held, two more, and the encoder's 128 MB.
        let frame = 4 * Self.pixels
        #expect(Self.perRender == 10 * frame + orderedWorkMemoryBudget)
        #expect(Self.shared == DemoPlayer.offscreenBudget)
        // 1 GB holds the 256 MB of offscreen layers once and four renders of 174 MB beside
        // them; counting 256 MB per core for each render (as before) would have run one at a time.
        let gigabyte = 1 << 30
        #expect((gigabyte - Self.shared) / Self.perRender == 4)
        #expect(VariantSchedule(count: 8, framePixels: Self.pixels, availableBytes: gigabyte, cores: 8).concurrent == 4)
        #expect(VariantSchedule(count: 8, framePixels: Self.pixels, availableBytes: gigabyte, cores: 2).concurrent == 2)
        // Less than the shared budget itself still runs one render.
        #expect(VariantSchedule(count: 8, framePixels: Self.pixels, availableBytes: Self.shared - 1, cores: 8).concurrent == 1)
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
