import OpenCombine

// Names in the trace. These types are declared in extensions of OpenCombine's
// `Publishers` from this module, so their reflected names read
// `(extension in UndercurrentStreams):OpenCombine.Publishers.Merge<…>`.

extension Publishers.CombineLatest: TraceLabelled { public var traceLabel: String { "CombineLatest" } }
extension Publishers.CombineLatest3: TraceLabelled { public var traceLabel: String { "CombineLatest3" } }
extension Publishers.CombineLatest4: TraceLabelled { public var traceLabel: String { "CombineLatest4" } }
extension Publishers.Merge: TraceLabelled { public var traceLabel: String { "Merge" } }
extension Publishers.Merge3: TraceLabelled { public var traceLabel: String { "Merge3" } }
extension Publishers.Merge4: TraceLabelled { public var traceLabel: String { "Merge4" } }
extension Publishers.Merge5: TraceLabelled { public var traceLabel: String { "Merge5" } }
extension Publishers.Merge6: TraceLabelled { public var traceLabel: String { "Merge6" } }
extension Publishers.Merge7: TraceLabelled { public var traceLabel: String { "Merge7" } }
extension Publishers.Merge8: TraceLabelled { public var traceLabel: String { "Merge8" } }
extension Publishers.MergeMany: TraceLabelled { public var traceLabel: String { "MergeMany" } }

extension CombineLatestInner: TraceLabelled { var traceLabel: String { "CombineLatest.Inner" } }
extension CombineLatestSide: TraceLabelled { var traceLabel: String { "CombineLatest.Side" } }
extension MergeInner: TraceLabelled { var traceLabel: String { "Merge.Inner" } }
extension MergeSide: TraceLabelled { var traceLabel: String { "Merge.Side" } }

extension Publishers.EagerOutput: TraceLabelled { public var traceLabel: String { "Output" } }
extension Publishers.EagerOutput.Inner: TraceLabelled { var traceLabel: String { "Output.Inner" } }
extension Publishers.SubscribedThrottle: TraceLabelled { public var traceLabel: String { "Throttle" } }
extension Publishers.SubscribedThrottle.Inner: TraceLabelled { var traceLabel: String { "Throttle.Inner" } }
extension Publishers.ScriptMapKeyPath: TraceLabelled { public var traceLabel: String { combineName } }
extension Publishers.ScriptMapKeyPath.Inner: TraceLabelled { var traceLabel: String { label } }
