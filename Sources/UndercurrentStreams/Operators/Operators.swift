import UndercurrentInterpreter

extension StreamBridge {
    func installOperators() {
        installSequencePublishers()
        installTransformingOperators()
        installFilteringOperators()
        installDebuggingOperators()
    }

    func installProtocols() {
        installSubscriberMembers()
        installSubscriptionMembers()
    }
}
