// A snippet written for Apple's Combine (`import Combine`) compiles against this module
// instead: the oracle swaps the import, and these re-exports supply the same names.
@_exported import Foundation
@_exported import OpenCombine
@_exported import OpenCombineDispatch
@_exported import OpenCombineFoundation

/// Called after the snippet's top-level code: lets scheduled work run, as a playground does.
/// The underscores keep the name clear of anything a snippet declares.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func __oracleDrain(seconds: Double) {
    RunLoop.main.run(until: Date(timeIntervalSinceNow: seconds))
}
