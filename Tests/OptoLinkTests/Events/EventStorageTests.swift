import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Records which keys and queue reads happen on the thread that is inside `OptoLink.start`.
///
/// `@unchecked Sendable` is safe: `inStart`, `startThread` and `readsDuringStart` are only touched while
/// `lock` is held.
final class StartWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var inStart = false
    private var startThread: pthread_t?
    private var readsDuringStart: [String] = []

    /// Runs `body` (which calls `start`) with the watch armed on this thread.
    func during<T>(_ body: () -> T) -> T {
        lock.lock()
        inStart = true
        startThread = pthread_self()
        lock.unlock()
        defer {
            lock.lock()
            inStart = false
            lock.unlock()
        }
        return body()
    }

    /// Notes a read of `what`; it counts only when made by the thread inside `start`, while inside it.
    func note(_ what: String) {
        lock.lock()
        defer { lock.unlock() }
        if inStart, let startThread, pthread_equal(startThread, pthread_self()) != 0 { readsDuringStart.append(what) }
    }

    var reads: [String] {
        lock.lock()
        defer { lock.unlock() }
        return readsDuringStart
    }
}

/// An in-memory key-value store that tells a ``StartWatch`` about reads of the old queue key.
final class WatchedStore: KeyValueStore, @unchecked Sendable {
    // `@unchecked Sendable` is safe: both properties are immutable and themselves thread-safe.
    let base = InMemoryKeyValueStore()
    let watch: StartWatch
    init(watch: StartWatch) { self.watch = watch }
    var eventStore: any EventStore { base.eventStore }
    func string(forKey key: String) -> String? { base.string(forKey: key) }
    func set(_ value: String?, forKey key: String) { base.set(value, forKey: key) }
    func bool(forKey key: String) -> Bool { base.bool(forKey: key) }
    func set(_ value: Bool, forKey key: String) { base.set(value, forKey: key) }
    func data(forKey key: String) -> Data? {
        if key == EventQueue.storeKey { watch.note("key \(key)") }
        return base.data(forKey: key)
    }
    func set(_ value: Data?, forKey key: String) { base.set(value, forKey: key) }
    func removeValue(forKey key: String) { base.removeValue(forKey: key) }
}

/// An event store that tells a ``StartWatch`` when it is loaded.
final class WatchedEventStore: EventStore, @unchecked Sendable {
    // `@unchecked Sendable` is safe: both properties are immutable and themselves thread-safe.
    let base: InMemoryEventStore
    let watch: StartWatch
    init(_ events: [QueuedEvent], watch: StartWatch) {
        self.base = InMemoryEventStore(events)
        self.watch = watch
    }
    func load() -> [QueuedEvent] {
        watch.note("event store")
        return base.load()
    }
    func append(_ event: QueuedEvent) { base.append(event) }
    func remove(_ ids: [String]) { base.remove(ids) }
    func recordFailure(of id: String) { base.recordFailure(of: id) }
    func removeAll() { base.removeAll() }
}

/// The queue lives in an append-only file, is read in the background, and a queue an older version left
/// in the key-value store is migrated.
@Suite("Event storage")
struct EventStorageTests {
    static func legacyQueue(_ names: [String]) -> Data {
        let array = names.map { name -> JSONValue in
            ["id": .string("legacy-\(name)"), "name": .string(name), "properties": ["k": .string(name)]]
        }
        return try! JSONBody.encode(array)  // our own literal: cannot fail
    }

    @Test func startReadsNeitherTheQueueNorTheOldQueueKey() async throws {
        // Given a later launch with queued events in both places, on a network that never answers
        let watch = StartWatch()
        let store = WatchedStore(watch: watch)
        store.set(true, forKey: LaunchState.key)
        store.set(Self.legacyQueue(["old"]), forKey: EventQueue.storeKey)
        let events = WatchedEventStore([QueuedEvent(id: "e1", name: "kept")], watch: watch)
        let environment = OptoLinkEnvironment(
            store: store, pasteboard: InMemoryPasteboard(), deviceInfo: FixedDeviceInfo.iPhone,
            transport: ScriptedTransport(fallback: .hang), clock: ManualClock(), eventStore: events)

        // When the SDK starts
        let sdk = watch.during { OptoLink.start(configuration: Fixtures.configuration(), environment: environment) }

        // Then start read neither on its caller's thread; the queue is read afterwards, in the background
        #expect(watch.reads.isEmpty)
        #expect(await sdk.queuedEventCount() == 2)
        await sdk.shutdown()
    }

    @Test func aQueueLeftUnderTheOldKeyIsMigratedOnceAndSentInOrder() async throws {
        // Given a store written by an older SDK version: three events under optolink_event_queue
        let store = InMemoryKeyValueStore()
        store.set(true, forKey: LaunchState.key)
        store.set(Self.legacyQueue(["a", "b", "c"]), forKey: EventQueue.storeKey)
        let device = TestDevice(transport: DeferredSequenceTests.answering(), store: store)

        // When the new SDK starts and flushes
        let sdk = device.start()
        #expect(await sdk.queuedEventCount() == 3)
        #expect(store.data(forKey: EventQueue.storeKey) == nil)
        #expect(store.events.names == ["a", "b", "c"])
        await sdk.flushEvents()
        await sdk.shutdown()

        // Then they were sent in order, with their properties, and nothing is left anywhere
        let sent = await device.transport.requests.filter { route(of: $0) == .events }.compactMap(\.jsonBody)
        #expect(sent.map { $0["eventName"] } == ["a", "b", "c"])
        #expect(sent.map { $0["properties"] } == [["k": "a"], ["k": "b"], ["k": "c"]])
        #expect(store.events.events.isEmpty)
    }

    @Test func eachTrackedEventIsOneAppendNotARewrite() async throws {
        let device = TestDevice(transport: ScriptedTransport(fallback: .hang))
        device.store.set(true, forKey: LaunchState.key)
        let sdk = device.start()
        for index in 1...5 { #expect(await sdk.trackEvent("e\(index)")) }
        await sdk.shutdown()
        #expect(device.store.events.appendCount == 5)
        #expect(device.store.events.loadCount == 1)
    }
}

/// The file behind the production event store.
@Suite("File event store")
struct FileEventStoreTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "optolink-events-\(UUID().uuidString)", isDirectory: true)
    }

    static func event(_ name: String, bytes: Int = 20) -> QueuedEvent {
        QueuedEvent(
            id: UUID().uuidString, name: name, properties: ["pad": .string(String(repeating: "x", count: bytes))])
    }

    static func fileBytes(_ store: FileEventStore) -> Data {
        FileManager.default.contents(atPath: store.fileURL.path) ?? Data()
    }

    @Test func appendsOneLinePerEventAndNeverRewritesForIt() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileEventStore(directory: directory)
        #expect(store.load().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path))  // nothing written yet

        let first = Self.event("a", bytes: 10_000)
        store.append(first)
        let afterFirst = Self.fileBytes(store)
        store.append(Self.event("b"))
        let afterSecond = Self.fileBytes(store)

        #expect(afterSecond.prefix(afterFirst.count) == afterFirst)  // appended after, not rewritten
        #expect(afterSecond.filter { $0 == 0x0A }.count == 2)
        #expect(FileEventStore(directory: directory).load().map(\.name) == ["a", "b"])
        #expect(FileEventStore(directory: directory).load().first == first)
    }

    @Test func removalsAndFailuresAreMarkersThatAReloadReplays() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileEventStore(directory: directory)
        let events = (1...4).map { Self.event("e\($0)") }
        _ = store.load()
        for event in events { store.append(event) }
        store.remove([events[1].id])
        store.recordFailure(of: events[2].id)
        store.recordFailure(of: events[2].id)

        let reloaded = FileEventStore(directory: directory).load()
        #expect(reloaded.map(\.name) == ["e1", "e3", "e4"])
        #expect(reloaded.map(\.failures) == [0, 2, 0])
    }

    @Test func aTornLastLineIsDroppedAndTheFileCleanedForTheNextAppend() throws {
        // Given a file whose last write was cut by a kill
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileEventStore(directory: directory)
        _ = store.load()
        store.append(Self.event("whole"))
        let handle = try FileHandle(forWritingTo: store.fileURL)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"id":"x","name":"cut","prop"#.utf8))
        handle.closeFile()

        // When the next process loads it and appends
        let next = FileEventStore(directory: directory)
        #expect(next.load().map(\.name) == ["whole"])
        next.append(Self.event("after"))

        // Then the torn line is gone and the new event reads back
        #expect(FileEventStore(directory: directory).load().map(\.name) == ["whole", "after"])
    }

    @Test func theFileIsTruncatedWhenTheQueueEmptiesAndCompactedOnlyWhenMostOfItIsDead() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileEventStore(directory: directory)
        _ = store.load()
        let keep = Self.event("keep")
        store.append(keep)
        // Each event sent leaves 2 dead records (its line and its marker): the 64th of 100 reaches the
        // threshold of 128 beside 1 live event, so there is exactly one compaction on the way
        var sizes: [Int] = []
        for index in 0..<100 {
            let event = Self.event("sent-\(index)", bytes: 500)
            store.append(event)
            store.remove([event.id])
            sizes.append(Self.fileBytes(store).count)
        }
        let shrinks = zip(sizes, sizes.dropFirst()).filter { $0.1 < $0.0 }.count
        #expect(shrinks == 1)
        #expect(FileEventStore(directory: directory).load() == [keep])

        store.removeAll()
        #expect(Self.fileBytes(store).isEmpty)
        #expect(FileEventStore(directory: directory).load().isEmpty)
    }

    @Test func aFileKeyValueStoreKeepsItsQueueBesideItsFiles() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileKeyValueStore(directory: directory)
        let events = try #require(store.eventStore as? FileEventStore)
        #expect(events.directory.path == directory.appendingPathComponent("EventQueue").path)
        #expect(FileEventStore.defaultDirectory.lastPathComponent == "EventQueue")
        #expect(
            FileEventStore.defaultDirectory.deletingLastPathComponent().path == FileKeyValueStore.defaultDirectory.path)
    }
}
