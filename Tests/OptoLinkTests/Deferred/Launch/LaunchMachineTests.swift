import Foundation
import Testing

@testable import OptoLink

/// The launch's rules as event sequences: no task, clock or network, only events in and effects out.
@Suite("The launch machine")
struct LaunchMachineTests {
    static let token = DeferredLinkResolver.ReadToken(
        token: ClipboardToken("opl_AbCdEfGhIjKlMnOpQrSt-_")!, changeCount: 3)
    static let match = OptoLinkData(linkId: "l-match", path: "/promo/match", matchType: .clipboard, isDeferred: true)
    static let direct = OptoLinkData(linkId: "l-direct", path: "/promo/direct", matchType: .direct, isDeferred: false)

    static func machine(
        reading: ClipboardReading = .atFirstLaunch, firstLaunch: Bool = true, enabled: Bool = true,
        appExtension: Bool = false
    ) -> LaunchMachine {
        LaunchMachine(
            settings: .init(
                clipboardReading: reading, tokenWaitLimit: 60, hasSessions: true, isAppExtension: appExtension),
            isFirstLaunch: firstLaunch, isEnabled: enabled)
    }

    @Test func laterLaunchesEndTheSequenceAtOnceAndSendTheSession() {
        // Given a launch that is not the first
        var machine = Self.machine(firstLaunch: false)

        // When the sequence starts, then the launch ends
        let started = machine.handle(.sequenceStarted(waiter: 0))
        let ending = machine.handle(.launchEnding(waiter: 1))
        let registered = machine.handle(.sessionRegistrationEnded)

        // Then the sequence returns nil at once, and the session rule's /sdk/session settles the launch
        #expect(started == [.resume(waiter: 0, reply: .link(nil))])
        #expect(ending == [.registerSession])
        #expect(registered == [.resume(waiter: 1, reply: .flag(true))])
        #expect(machine.progress.phase == .notFirstLaunch)
    }

    @Test func aFirstLaunchReadsTheTokenMatchesAndDeliversTheMatch() {
        // Given a first launch reading the pasteboard at once
        var machine = Self.machine()

        // When the sequence runs through the read and /match
        let started = machine.handle(.sequenceStarted(waiter: 0))
        let read = machine.handle(.tokenRead(Self.token))
        let matched = machine.handle(.matchEnded(.matched(Self.match)))

        // Then /match goes with the token, and its link is delivered and returned
        #expect(started == [.readToken])
        #expect(read == [.match(token: Self.token)])
        #expect(machine.progress.linkRequestSent)
        #expect(
            matched == [
                .markRegistered, .emit(.matchResult(Self.match)), .deliver(Self.match),
                .resume(waiter: 0, reply: .link(Self.match)),
            ])
        #expect(machine.progress.phase == .settled)
        #expect(machine.progress.firstLaunchFinished)
        // And the session rule sends nothing: /match went
        #expect(machine.handle(.launchEnding(waiter: 1)) == [.resume(waiter: 1, reply: .flag(true))])
    }

    @Test func aLinkThatOpenedTheFirstLaunchSettlesItWithoutMatch() {
        // Given a first launch opened by a link still being fetched
        var machine = Self.machine()
        #expect(machine.handle(.openStarted(open: 7, sendsRequest: true)).isEmpty)

        // When the sequence starts, then the open delivers its link
        let started = machine.handle(.sequenceStarted(waiter: 0))
        let ended = machine.handle(.openEnded(open: 7, link: Self.direct, registers: true))

        // Then the sequence waited for it, and ends with its link: no read, no /match
        #expect(started.isEmpty)
        #expect(ended == [.markRegistered, .markFirstLaunchDone, .resume(waiter: 0, reply: .link(Self.direct))])
        #expect(machine.progress.phase == .settled)
    }

    @Test func aFailedOpenLeavesTheFirstLaunchToTheMatch() {
        var machine = Self.machine()
        _ = machine.handle(.openStarted(open: 1, sendsRequest: true))
        _ = machine.handle(.sequenceStarted(waiter: 0))

        #expect(machine.handle(.openEnded(open: 1, link: nil, registers: true)) == [.readToken])
        #expect(machine.progress.phase == .waiting)
    }

    @Test func aMatchWaitsForAnOpenOfTheFirstLaunchAndYieldsToItsLink() {
        // Given /match in flight, and a link opening the app meanwhile
        var machine = Self.machine(reading: .never)
        #expect(machine.handle(.sequenceStarted(waiter: 0)) == [.match(token: nil)])
        _ = machine.handle(.openStarted(open: 4, sendsRequest: true))

        // When the match comes back first, then the open delivers its link
        let matched = machine.handle(.matchEnded(.matched(Self.match)))
        let opened = machine.handle(.openEnded(open: 4, link: Self.direct, registers: true))

        // Then the match is reported, not delivered; the first launch's link is the open's
        #expect(matched == [.markRegistered, .emit(.matchResult(Self.match))])
        #expect(
            opened == [
                .markRegistered,
                .log(
                    .warning,
                    "Deferred match for /promo/match not delivered: a link opened the app during the first launch"),
                .resume(waiter: 0, reply: .link(Self.direct)),
            ])
    }

    @Test func whenAppAsksTheMatchWaitsForCheckPasteboard() {
        // Given a first launch that reads only when the app asks
        var machine = Self.machine(reading: .whenAppAsks)
        #expect(machine.handle(.sequenceStarted(waiter: 0)) == [.startTokenTimer(seconds: 60)])

        // When the app asks, and the read finds a token
        let checked = machine.handle(.pasteboardChecked(waiter: 1))
        let read = machine.handle(.tokenRead(Self.token))

        // Then the read starts, its answer goes to the app and the token to /match; the wait is stopped
        #expect(checked == [.readToken])
        #expect(read == [.stopTokenTimer, .match(token: Self.token), .resume(waiter: 1, reply: .flag(true))])
    }

    @Test func whenTheWaitRunsOutTheMatchGoesWithoutTokenAndCheckingReadsNothing() {
        var machine = Self.machine(reading: .whenAppAsks)
        _ = machine.handle(.sequenceStarted(waiter: 0))

        #expect(machine.handle(.tokenWaitExpired) == [.stopTokenTimer, .match(token: nil)])
        #expect(machine.handle(.pasteboardChecked(waiter: 1)) == [.resume(waiter: 1, reply: .flag(false))])
    }

    @Test func whileDisabledTheSequenceWaitsAndTheResultIsNilAtOnce() {
        // Given a first launch while the SDK is disabled
        var machine = Self.machine(enabled: false)

        // Then nothing is read, and the app's question is answered nil at once
        #expect(machine.handle(.sequenceStarted(waiter: 0)).isEmpty)
        #expect(machine.handle(.firstLaunchResultRequested(waiter: 1)) == [.resume(waiter: 1, reply: .link(nil))])
        #expect(machine.handle(.launchSettlementRequested(waiter: 2)) == [.resume(waiter: 2, reply: .flag(false))])

        // When it is enabled, the sequence goes on
        #expect(machine.handle(.privacyChanged(isEnabled: true)) == [.readToken])
    }

    @Test func aCancelledWaiterIsForgottenAndNeverResumedAgain() {
        // Given a task waiting for the launch to settle
        var machine = Self.machine(firstLaunch: false)
        _ = machine.handle(.sequenceStarted(waiter: 0))
        #expect(machine.handle(.launchSettlementRequested(waiter: 1)).isEmpty)

        // When its task is cancelled, then the launch settles
        #expect(machine.handle(.waiterCancelled(waiter: 1)).isEmpty)
        _ = machine.handle(.launchEnding(waiter: 2))

        // Then only the launch's own waiter is answered
        #expect(machine.progress.waiters == [LaunchProgress.Waiter(id: 2, wait: .launchEnd)])
        #expect(machine.handle(.sessionRegistrationEnded) == [.resume(waiter: 2, reply: .flag(true))])
    }

    @Test func shutdownCancelsTheMatchAndAnswersEveryWaiter() {
        // Given /match in flight and the app waiting for the first launch's link
        var machine = Self.machine()
        _ = machine.handle(.sequenceStarted(waiter: 0))
        _ = machine.handle(.tokenRead(nil))
        _ = machine.handle(.firstLaunchResultRequested(waiter: 1))

        // When the SDK shuts down, then /match ends cancelled
        let shutDown = machine.handle(.shutDown)
        let ended = machine.handle(.matchEnded(.cancelled))

        // Then /match is cancelled, the app gets nil, and the sequence returns without delivering
        #expect(shutDown == [.cancelMatch, .resume(waiter: 1, reply: .link(nil))])
        #expect(ended == [.emit(.matchResult(nil)), .resume(waiter: 0, reply: .link(nil))])
        #expect(machine.progress.phase == .settled)
    }

    @Test func aRerunIsRefusedWhileAFirstLaunchRunsAndResetsTheLaunchAfter() {
        var machine = Self.machine()
        _ = machine.handle(.sequenceStarted(waiter: 0))
        #expect(
            machine.handle(.rerunRequested(waiter: 1, deviceId: "device-1")) == [
                .resume(
                    waiter: 1, reply: .refused("a first-launch sequence is already running (wait for it to settle)"))
            ])
        _ = machine.handle(.tokenRead(nil))
        _ = machine.handle(.matchEnded(.noMatch))

        let rerun = machine.handle(.rerunRequested(waiter: 2, deviceId: "device-1"))

        #expect(rerun.first == .markFirstLaunchPending)
        #expect(rerun.dropFirst().first.map { if case .log(.info, _) = $0 { true } else { false } } == true)
        #expect(rerun.last == .readToken)
        #expect(machine.progress.phase == .waiting)
        #expect(machine.progress.firstLaunchFinished)
    }

    @Test func anAppExtensionNeverRunsTheSequence() {
        var machine = Self.machine(appExtension: true)
        #expect(machine.handle(.sequenceStarted(waiter: 0)) == [.resume(waiter: 0, reply: .link(nil))])
        #expect(
            machine.handle(.rerunRequested(waiter: 1, deviceId: "d")) == [
                .resume(
                    waiter: 1,
                    reply: .refused("an app extension never runs the first-launch sequence (the containing app does)"))
            ])
    }
}
