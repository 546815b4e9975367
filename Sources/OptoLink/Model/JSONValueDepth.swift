extension JSONValue {
    /// Whether containers are nested more than `limit` levels deep (a scalar is depth 0, `[]` depth 1).
    ///
    /// Walks the tree with an explicit stack, so a value nested deeper than any call stack allows is
    /// measured without recursion.
    func isNested(deeperThan limit: Int) -> Bool {
        var pending: [(value: JSONValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .array(let elements):
                if depth + 1 > limit { return true }
                for element in elements { pending.append((element, depth + 1)) }
            case .object(let members):
                if depth + 1 > limit { return true }
                for member in members.values { pending.append((member, depth + 1)) }
            case .null, .bool, .number, .string:
                break
            }
        }
        return false
    }
}
