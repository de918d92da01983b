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
}
