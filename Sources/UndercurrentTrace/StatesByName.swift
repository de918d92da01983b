/// The contract checker's state per trace name: a dictionary that remembers where the names
/// it was last asked about are. A traced value looks up the same subscribers and
/// subscriptions several times, and hashing their names was most of the checker's cost per
/// value; a chain of subjects asks about a handful of them in turn, which one remembered
/// name missed every time. (`Name` is `TraceName` in the checker.)
struct StatesByName<Name: Hashable, State> {
    private var states: [Name: State] = [:]
    /// Where the names asked about last are: valid until the next insertion or removal,
    /// which clear them. At most `recentCapacity`, the oldest replaced first.
    private var recent: [(name: Name, index: Dictionary<Name, State>.Index)] = []
    private var oldestRecent = 0
    static var recentCapacity: Int { 8 }
    /// Counts the changes that may have changed a state (every write but
    /// `updateUncounted(_:_:)`'s): what was worked out from the states stays true while it is
    /// the same.
    private(set) var changeCount = 0

    private mutating func index(of name: Name) -> Dictionary<Name, State>.Index? {
        for entry in recent.indices where recent[entry].name == name { return recent[entry].index }
        guard let index = states.index(forKey: name) else { return nil }
        if recent.count < Self.recentCapacity {
            recent.append((name, index))
        } else {
            recent[oldestRecent] = (name, index)
            oldestRecent = (oldestRecent + 1) % Self.recentCapacity
        }
        return index
    }

    private mutating func forgetRecent() {
        recent.removeAll(keepingCapacity: true)
        oldestRecent = 0
    }

    subscript(name: Name) -> State? {
        mutating get {
            guard let index = index(of: name) else { return nil }
            return states.values[index]
        }
        set {
            changeCount &+= 1
            if let newValue, let index = index(of: name) {
                states.values[index] = newValue
            } else {
                forgetRecent()
                states[name] = newValue
            }
        }
    }

    subscript(name: Name, default defaultState: @autoclosure () -> State) -> State {
        mutating get { self[name] ?? defaultState() }
        set { self[name] = newValue }
    }

    /// Reads or changes the state of `name` in place (copying it out retains each string in
    /// it); nil when it has none. Not counted as a change (`changeCount`): only for reading,
    /// and for changes nothing worked out from the states depends on (a subscription's
    /// outstanding demand, on every value). Other changes go through the subscript.
    @discardableResult
    mutating func updateUncounted<Result>(_ name: Name, _ change: (inout State) -> Result) -> Result? {
        guard let index = index(of: name) else { return nil }
        return change(&states.values[index])
    }

    @discardableResult
    mutating func removeValue(forKey name: Name) -> State? {
        changeCount &+= 1
        forgetRecent()
        return states.removeValue(forKey: name)
    }

    mutating func removeAll() {
        changeCount &+= 1
        forgetRecent()
        states.removeAll()
    }
}
