import Testing

@testable import optolink_bench

@Suite("Row 2f: a first launch's time to its first request, the signing hook left out")
struct FirstRequestTimingTests {
    @Test func theSDKsTimeIsStartToTheTransportLessOnlyTheHooksOwnInterval() throws {
        // Given a launch whose hook ran from 40 µs to 55 µs after start, on a request handed over at 100 µs
        let timing = try #require(
            FirstRequestTiming(
                start: 10.0, returned: 10.000_030, hook: 10.000_040...10.000_055, requestStarted: 10.000_090,
                onWire: 10.000_100))

        // Then the SDK's time is the 100 µs less the hook's 15 µs, and the split adds up to it
        #expect(abs(timing.hookTime - 15e-6) < 1e-9)
        #expect(abs(timing.sdkTime - 85e-6) < 1e-9)
        #expect(abs(try #require(timing.toHook) - 40e-6) < 1e-9)
        #expect(abs(try #require(timing.afterHook) - 35e-6) < 1e-9)
        #expect(abs(timing.loopToTransport - 10e-6) < 1e-9)
        #expect(abs(timing.toRequestLoop + timing.loopToTransport - timing.sdkTime) < 1e-9)
        #expect(abs(try #require(timing.toHook) + (timing.afterHook ?? 0) - timing.toRequestLoop) < 1e-9)
        #expect(abs(timing.startReturning - 30e-6) < 1e-9)
    }

    @Test func aLaunchWithoutAHookKeepsItsWholeTime() throws {
        // Given a launch without a hook
        let timing = try #require(
            FirstRequestTiming(start: 5.0, returned: 5.000_040, hook: nil, requestStarted: 5.000_060, onWire: 5.000_070)
        )

        // Then nothing is subtracted and there is no hook part in the split
        #expect(timing.hookTime == 0)
        #expect(abs(timing.sdkTime - 70e-6) < 1e-9)
        #expect(timing.toHook == nil && timing.afterHook == nil)
        #expect(abs(timing.toRequestLoop - 60e-6) < 1e-9)
    }

    @Test func theFirstLaunchTaskMayRunBeforeStartReturns() throws {
        // Given a hook and a request that both happened while start had not returned yet (the other core)
        let timing = try #require(
            FirstRequestTiming(
                start: 1.0, returned: 1.000_080, hook: 1.000_020...1.000_030, requestStarted: 1.000_050,
                onWire: 1.000_060))

        // Then the launch counts, and its time still ends at the transport
        #expect(abs(timing.sdkTime - 50e-6) < 1e-9)
    }

    @Test func momentsOutOfOrderAreRefused() {
        // A hook before start, a hook returning after the request loop began, a request loop after the
        // transport was called, start returning before it was called: none is a first launch
        #expect(FirstRequestTiming(start: 1, returned: 2, hook: 0.5...1.5, requestStarted: 3, onWire: 4) == nil)
        #expect(FirstRequestTiming(start: 1, returned: 2, hook: 1.5...3.5, requestStarted: 3, onWire: 4) == nil)
        #expect(FirstRequestTiming(start: 1, returned: 2, hook: nil, requestStarted: 4.5, onWire: 4) == nil)
        #expect(FirstRequestTiming(start: 1, returned: 0.5, hook: nil, requestStarted: 3, onWire: 4) == nil)
    }
}
