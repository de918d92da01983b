/// `:demand`: every subscription's demand as a ledger, built from the recorded events.
///
/// Credits are `request(_:)` calls and the demand a subscriber returns from `receive(_:)`
/// (synchronous demand, marked apart); debits are values delivered to the subscription's
/// direct subscriber. The running balance is the outstanding demand; once it is
/// `.unlimited` it stays there (saturated): credits and debits no longer change it.
public struct DemandLedger: Sendable, Equatable {
    public enum EntryKind: String, Sendable {
        /// `request(_:)`: demand asked for by a call.
        case request
        /// A value delivered: one demand spent.
        case delivery
        /// Demand returned from `receive(_:)`: asked for synchronously, as the value was taken.
        case returned
        /// A value a subject dropped because the subscriber had no demand: nothing spent.
        case dropped
    }

    public struct Entry: Sendable, Equatable {
        public var sequence: Int
        public var kind: EntryKind
        /// The call as the trace shows it (`request(.max(2))`, `TwoAtATime#1.receive(4)`).
        public var call: String
        /// What the entry adds: the demand for credits, one for a delivery (shown negative).
        public var amount: DemandCount
        public var balance: DemandCount
        /// The balance is `.unlimited`: this entry did not change it.
        public var saturated: Bool
    }

    public struct Account: Sendable, Equatable {
        public var subscription: String
        /// Subscribers it was handed to, the direct one first.
        public var subscribers: [String]
        /// The balance before the first entry of this trace.
        public var opening: DemandCount
        public var entries: [Entry]
    }

    public var accounts: [Account]

    public init(accounts: [Account]) {
        self.accounts = accounts
    }

    /// The ledger of every subscription in the events, in order of first appearance.
    public init(events: [TraceEvent]) {
        var order: [String] = []
        var accounts: [String: Account] = [:]
        /// Changes the account of `name` where it lies, opening it first if need be. In place: an
        /// account copied out and stored back copied its entries on every post, which made a
        /// ledger of 200,000 values take many minutes.
        func update(_ name: String, _ change: (inout Account) -> Void) {
            if accounts[name] == nil {
                order.append(name)
                accounts[name] = Account(subscription: name, subscribers: [], opening: .count(0), entries: [])
            }
            change(&accounts[name]!)
        }
        /// Adds `entries` to the account of `change`'s subscription, opening it at the balance
        /// before the change when they are its first.
        func post(_ change: LedgerChange, subscriber: String? = nil, _ entries: [Entry]) {
            update(change.subscription) { current in
                if current.entries.isEmpty { current.opening = change.before }
                if let subscriber, !current.subscribers.contains(subscriber) { current.subscribers.append(subscriber) }
                current.entries += entries
            }
        }
        for event in events {
            switch event.kind {
            case .receiveSubscription:
                update(event.argument) { current in
                    if !current.subscribers.contains(event.target) { current.subscribers.append(event.target) }
                }
            case .request:
                guard let change = event.ledger else { continue }
                post(
                    change,
                    [
                        Entry(
                            sequence: event.sequence, kind: .request, call: "request(\(event.argument))",
                            amount: DemandCount(source: event.argument) ?? .count(0), balance: change.after,
                            saturated: change.before == .unlimited)
                    ])
            case .receiveValue:
                guard let change = event.ledger else { continue }
                let spent = change.before.consumingOne()
                var entries = [
                    Entry(
                        sequence: event.sequence, kind: .delivery, call: "\(event.target).receive(\(event.argument))",
                        amount: .count(1), balance: spent, saturated: change.before == .unlimited)
                ]
                if let returned = event.returnedDemand, let amount = DemandCount(source: returned), amount != .count(0)
                {
                    entries.append(
                        Entry(
                            sequence: event.sequence, kind: .returned, call: "returned \(returned)",
                            amount: amount, balance: change.after, saturated: spent == .unlimited))
                }
                post(change, subscriber: event.target, entries)
            case .dropped:
                guard let change = event.ledger else { continue }
                post(
                    change,
                    [
                        Entry(
                            sequence: event.sequence, kind: .dropped, call: "dropped \(event.argument) (no demand)",
                            amount: .count(0), balance: change.after, saturated: false)
                    ])
            default:
                continue
            }
        }
        self.accounts = order.compactMap { accounts[$0] }
    }

    /// Only the subscriptions that `name` names, or whose subscribers it names (a full name
    /// such as `Sink#1`, or a type such as `Map.Inner`).
    public func focused(on name: String) -> DemandLedger {
        DemandLedger(
            accounts: accounts.filter { account in
                TraceFilter.matches(account.subscription, name)
                    || account.subscribers.contains { TraceFilter.matches($0, name) }
            })
    }

    /// The ledger as text:
    ///
    ///     CountdownSubscription#1 → TwoAtATime#1
    ///       #3    request(.max(2))                       credit   +2   balance 2
    ///       #4    TwoAtATime#1.receive(4)                debit    −1   balance 1
    ///       #5    returned .max(1)                       credit   +1   balance 1  synchronous
    public func render() -> [String] {
        var lines: [String] = []
        for account in accounts {
            var header = account.subscription
            if !account.subscribers.isEmpty { header += " → " + account.subscribers.joined(separator: ", ") }
            lines.append(header)
            if account.entries.isEmpty {
                lines.append("  no demand recorded (balance \(account.opening))")
                continue
            }
            if account.opening != .count(0) {
                lines.append(
                    "  " + pad("", 6) + pad("opening balance", 40) + pad("", 9) + pad("", 5)
                        + "balance \(account.opening)")
            }
            var saturationNoted = false
            for entry in account.entries {
                let kind: String
                let amount: String
                switch entry.kind {
                case .delivery: (kind, amount) = ("debit", "−\(entry.amount)")
                case .dropped: (kind, amount) = ("lost", "")
                case .request, .returned: (kind, amount) = ("credit", "+\(entry.amount)")
                }
                var line =
                    "  " + pad("#\(entry.sequence)", 6) + pad(entry.call, 40) + pad(kind, 9) + pad(amount, 5)
                    + "balance \(entry.balance)"
                var notes: [String] = []
                if entry.kind == .returned { notes.append("synchronous") }
                if entry.saturated {
                    notes.append(saturationNoted ? "saturated" : "saturated: .unlimited absorbs every credit and debit")
                    saturationNoted = true
                } else if entry.balance == .unlimited, !saturationNoted {
                    notes.append("now unlimited")
                }
                if case .count(let count) = entry.balance, count < 0 { notes.append("overdrawn") }
                if !notes.isEmpty { line += "  " + notes.joined(separator: ", ") }
                lines.append(line)
            }
        }
        return lines
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

extension DemandCount {
    /// `.max(3)`, `.unlimited`, `.none` as the trace writes demands.
    public init?(source: String) {
        switch source {
        case ".unlimited": self = .unlimited
        case ".none": self = .count(0)
        default:
            guard source.hasPrefix(".max("), source.hasSuffix(")"),
                let count = Int(source.dropFirst(5).dropLast())
            else { return nil }
            self = .count(count)
        }
    }
}
