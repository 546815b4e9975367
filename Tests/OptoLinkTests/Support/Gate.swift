/// Holds callers until opened (to keep a scripted request in flight while the test acts).
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}

/// A queue of scripted values consumed in order, with a default when empty.
actor Script<Value: Sendable> {
    private var values: [Value]
    private let fallback: Value

    init(_ values: [Value], fallback: Value) {
        self.values = values
        self.fallback = fallback
    }

    func next() -> Value {
        values.isEmpty ? fallback : values.removeFirst()
    }
}
