import UndercurrentInterpreter

/// The Combine types a script can name, as the interpreter sees them.
public final class StreamTypes {
    // Protocols: script types conform to these; their operator methods live here.
    public let publisher = TypeInfo(name: "Publisher", kind: .protocolType)
    public let subscriber = TypeInfo(name: "Subscriber", kind: .protocolType)
    public let subscription = TypeInfo(name: "Subscription", kind: .protocolType)
    public let cancellable = TypeInfo(name: "Cancellable", kind: .protocolType)
    public let subject = TypeInfo(name: "Subject", kind: .protocolType)
    public let connectablePublisher = TypeInfo(name: "ConnectablePublisher", kind: .protocolType)
    public let observableObject = TypeInfo(name: "ObservableObject", kind: .protocolType)
    public let scheduler = TypeInfo(name: "Scheduler", kind: .protocolType)

    // Namespaces.
    public let subscribers = TypeInfo(name: "Subscribers", kind: .builtin)
    public let publishers = TypeInfo(name: "Publishers", kind: .builtin)
    public let subscriptions = TypeInfo(name: "Subscriptions", kind: .builtin)

    // Values.
    public let demand = TypeInfo(name: "Subscribers.Demand", kind: .builtin, qualifiedName: "Subscribers.Demand")
    public let completion = TypeInfo(
        name: "Subscribers.Completion", kind: .enumType,
        qualifiedName: "Subscribers.Completion")
    public let anyCancellable = TypeInfo(name: "AnyCancellable", kind: .builtin)
    /// What `connect()` returns: a `Cancellable` that does not cancel when released.
    public let connection = TypeInfo(name: "Cancellable", kind: .builtin)
    public let nativeSubscriber = TypeInfo(name: "AnySubscriber", kind: .builtin)
    public let nativeSubscription = TypeInfo(name: "Subscription", kind: .builtin)
    public let combineIdentifier = TypeInfo(name: "CombineIdentifier", kind: .builtin)
    public let result = TypeInfo(name: "Result", kind: .enumType, qualifiedName: "Swift.Result")

    /// Publisher families by the name a script writes (`Just`, `PassthroughSubject`, ...).
    public private(set) var publisherFamilies: [String: TypeInfo] = [:]

    init() {
        completion.addEnumCase(EnumCaseInfo(name: "finished"))
        completion.addEnumCase(EnumCaseInfo(name: "failure", associatedTypes: [.simple("Error")]))
        // Generic, so that a `Result` printed where Swift spells its type in full
        // (`[Swift.Result<Swift.Int, main.E>.success(1)]`) is told from its payload, or refused
        // where the payload cannot tell both arguments, rather than spelled without them.
        result.genericParameters = ["Success", "Failure"]
        completion.genericParameters = ["Failure"]
        result.addEnumCase(EnumCaseInfo(name: "success", associatedTypes: [.simple("Success")]))
        result.addEnumCase(EnumCaseInfo(name: "failure", associatedTypes: [.simple("Failure")]))
        subscribers.nestedTypes["Demand"] = demand
        subscribers.nestedTypes["Completion"] = completion
        subject.conformances = ["Publisher"]
        connectablePublisher.conformances = ["Publisher"]
        anyCancellable.conformances = ["Cancellable", "Hashable"]
        connection.conformances = ["Cancellable"]
        nativeSubscriber.conformances = ["Subscriber"]
        nativeSubscription.conformances = ["Subscription", "Cancellable"]
        subscription.conformances = ["Cancellable"]
        demand.conformances = ["Equatable", "Hashable", "Comparable", "CustomStringConvertible"]
    }

    /// The type of a family of publishers; `Publishers.Map` and `Map` name the same one.
    public func family(_ name: String, conformances: [String] = ["Publisher"]) -> TypeInfo {
        if let existing = publisherFamilies[name] { return existing }
        let type = TypeInfo(name: name, kind: .builtin)
        type.conformances = conformances
        publisherFamilies[name] = type
        if name.hasPrefix("Publishers.") {
            publishers.nestedTypes[String(name.dropFirst("Publishers.".count))] = type
        }
        return type
    }

    func register(in interpreter: Interpreter) {
        for type in [
            publisher, subscriber, subscription, cancellable, subject, connectablePublisher,
            observableObject, scheduler, subscribers, publishers, subscriptions, anyCancellable,
            combineIdentifier, result,
        ] {
            interpreter.registerType(type)
        }
        interpreter.registerType(demand)
        interpreter.registerType(completion)
        for (name, type) in publisherFamilies {
            interpreter.registerType(type, as: name)
        }
    }
}
