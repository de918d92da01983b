import OpenCombine
import UndercurrentInterpreter

/// What the bridge tells of the protocol calls it reports in place of OpenCombine's
/// introspection wrappers (`StreamBridge.callObserver`): everything a wrapper tells its hook,
/// and, without an adapter around the subscriber, the values a script subscriber receives.
///
/// A script subscriber's `receive(_:)` is the call a traced custom subscription makes on
/// every value. Told through `_Introspection`, each report wrapped the subscriber in a
/// `ScriptSubscriber` adapter, twice a value, only for the observer to ask it its identifier
/// and name: about a fifth of such a traced run.
public protocol BridgeCallObserver: _Introspection {
    /// `receive(_:)` of `input` is about to run on the script subscriber `receiver` (an object
    /// or a struct value) whose identifier is `identifier`, as `willReceive(subscriber:input:)`.
    func willReceive(scriptSubscriber receiver: Value, identifier: CombineIdentifier, input: Value)
    /// That call returned `resultingDemand`, as `didReceive(subscriber:input:resultingDemand:)`.
    func didReceive(scriptSubscriberValue resultingDemand: Subscribers.Demand)
}
