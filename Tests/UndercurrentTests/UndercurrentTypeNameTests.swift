import OpenCombine
import Testing
import UndercurrentInterpreter

@testable import UndercurrentStreams

/// The tracer asks whether a type is named otherwise in traces only of Undercurrent's own
/// types, told by the runtime's name of the type. Each kind of type that conforms must be
/// told as one: declared at the top level of the module, nested in an extension of
/// OpenCombine's `Publishers`, generic over engine types.
@Suite struct UndercurrentTypeNameTests {
    @Test func undercurrentsOwnConformingTypesAreToldAsItsOwn() {
        let conforming: [Any.Type] = [
            ScriptSubscription.self,
            ScriptSubscriber<Never>.self,
            ScriptPublisher<Never>.self,
            Publishers.Trace<Just<Int>>.self,
            Publishers.CombineLatest<Just<Int>, Just<Int>>.self,
            Publishers.MergeMany<Just<Int>>.self,
        ]
        for type in conforming {
            let name = RuntimeTypeName.qualified(type)
            #expect(RuntimeTypeName.isDeclaredByUndercurrent(name), "\(name)")
        }
    }

    @Test func engineTypesAreNot() {
        let engine: [Any.Type] = [
            Just<Int>.self, Publishers.Map<Just<Int>, String>.self, PassthroughSubject<Int, Never>.self,
            Subscribers.Sink<Int, Never>.self, Publishers.Map<Publishers.Trace<Just<Int>>, Int>.self,
        ]
        for type in engine {
            let name = RuntimeTypeName.qualified(type)
            #expect(!RuntimeTypeName.isDeclaredByUndercurrent(name), "\(name)")
        }
    }

    /// `OwnConformances` casts to these protocols only types whose name passes the filter:
    /// every type that adopts one must pass it, or the trace and the spelling of types would
    /// no longer see it.
    @Test func everyAdopterOfAnOwnProtocolPassesItsFilter() {
        let adopters: [Any.Type] = [
            AnyValuePublisher<Never>.self,
            ConvertingPublisher<Just<Int>, String>.self,
            InterruptiblePublisher<Just<Int>>.self,
            NeverFailingPublisher.self,
            ScriptFailurePublisher<Fail<Value, Error>>.self,
            FatalFailurePublisher<Fail<Value, ScriptFailure>>.self,
            KeptUpstream<Just<Int>>.self,
            KeptZip<Just<Int>, Int>.self,
            Publishers.ScriptMapKeyPath<Just<Value>>.self,
        ]
        for type in adopters {
            let name = RuntimeTypeName.qualified(type)
            #expect(RuntimeTypeName.isDeclaredByUndercurrent(name), "\(name)")
        }
        let buffer = Just(1).buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest)
        #expect(OwnConformances(of: buffer).bufferParameters?.capacity == 2)
        #expect(OwnConformances(of: Just(1)).bufferParameters == nil)
    }

    /// OpenCombine's protocols (`CustomCombineIdentifierConvertible`) are asked only of types
    /// declared with OpenCombine in sight.
    @Test func typesThatMayAdoptOpenCombinesProtocolsAreToldByName() {
        let adopters: [Any.Type] = [
            AnySubscriber<Int, Never>.self, Subscribers.Sink<Int, Never>.self, ScriptSubscriber<Never>.self,
            ScriptSubscription.self, Optional<Int>.OCombine.Publisher.self,
        ]
        for type in adopters {
            let name = RuntimeTypeName.qualified(type)
            #expect(RuntimeTypeName.mayAdoptOpenCombineProtocols(name), "\(name)")
        }
        for type in [Int.self, [Int].self, String.self, Double.self] as [Any.Type] {
            #expect(!RuntimeTypeName.mayAdoptOpenCombineProtocols(RuntimeTypeName.qualified(type)))
        }
    }
}
