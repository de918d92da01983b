import UndercurrentInterpreter

extension StreamBridge {
    func installOperators() {
        installSequencePublishers()
        installTransformingOperators()
        installFilteringOperators()
        installDebuggingOperators()
        installReducingOperators()
        installErrorHandlingOperators()
        installFlatteningOperators()
        installReplacingOperators()
        installThrowingFilterOperators()
        installConcatenatingOperators()
        installUntilOutputOperators()
        installZipOperators()
        installSharingOperators()
        installBufferingOperators()
        installRecord()
        installOperatorPublisherInitializers()
        installCombiningOperators()
        installTraceOperator()
        installTiming()
        installCodingOperators()
    }

    func installProtocols() {
        installSubscriberMembers()
        installSubscriptionMembers()
        installHandBuiltSubscribers()
    }
}
