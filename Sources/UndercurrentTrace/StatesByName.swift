/// The contract checker's state per trace name: a dictionary that remembers where the name
/// it was last asked about is. A traced value looks up the same subscriber and subscription
/// several times, and hashing their names was most of the checker's cost per value.
struct StatesByName<State> {
    private var states: [String: State] = [:]
    /// Valid until the next insertion or removal, which clear it.
    private var last: (name: String, index: Dictionary<String, State>.Index)?

    private mutating func index(of name: String) -> Dictionary<String, State>.Index? {
        if let last, last.name == name { return last.index }
        guard let index = states.index(forKey: name) else { return nil }
        last = (name, index)
        return index
    }

    subscript(name: String) -> State? {
        mutating get {
            guard let index = index(of: name) else { return nil }
            return states.values[index]
        }
        set {
            if let newValue, let index = index(of: name) {
                states.values[index] = newValue
            } else {
                last = nil
                states[name] = newValue
            }
        }
    }

    subscript(name: String, default defaultState: @autoclosure () -> State) -> State {
        mutating get { self[name] ?? defaultState() }
        set { self[name] = newValue }
    }

    /// Changes the state of `name` in place; nil when it has none.
    @discardableResult
    mutating func update<Result>(_ name: String, _ change: (inout State) -> Result) -> Result? {
        guard let index = index(of: name) else { return nil }
        return change(&states.values[index])
    }

    @discardableResult
    mutating func removeValue(forKey name: String) -> State? {
        last = nil
        return states.removeValue(forKey: name)
    }

    mutating func removeAll() {
        last = nil
        states.removeAll()
    }
}
