/// String members that cut and rebuild text: `split`, `components(separatedBy:)`,
/// `trimmingCharacters(in:)`, `replacingOccurrences(of:with:)`, `padding`.
/// The Foundation ones work on Unicode scalars, as Foundation's do.
extension StandardLibrary {
    func installStringEditing(on string: TypeInfo) {
        string.method(
            "split(separator:maxSplits:omittingEmptySubsequences:)",
            defaults: ["maxSplits", "omittingEmptySubsequences"]
        ) { arguments in
            let receiver = text(arguments.receiverValue)
            let maxSplits = arguments.optional(1) == nil ? Int.max : try arguments.int(1)
            let omitting = arguments.optional(2) == nil ? true : try arguments.bool(2)
            guard maxSplits >= 0 else {
                throw ScriptError.runtime("Must take zero or more splits", at: arguments.location)
            }
            let separator = try arguments.string(0)
            let pieces: [Substring]
            if separator.count == 1 {
                pieces = receiver.split(
                    separator: separator.first!, maxSplits: maxSplits,
                    omittingEmptySubsequences: omitting)
            } else {
                pieces = receiver.split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: omitting)
            }
            return .array(pieces.map { .string(String($0)) })
        }
        string.method(
            "split(maxSplits:omittingEmptySubsequences:whereSeparator:)",
            defaults: ["maxSplits", "omittingEmptySubsequences"],
            types: [nil, nil, closureParameter]
        ) { arguments in
            let maxSplits = arguments.optional(0) == nil ? Int.max : try arguments.int(0)
            let omitting = arguments.optional(1) == nil ? true : try arguments.bool(1)
            let pieces = try text(arguments.receiverValue).split(
                maxSplits: maxSplits, omittingEmptySubsequences: omitting
            ) {
                try arguments.test(2, .character($0))
            }
            return .array(pieces.map { .string(String($0)) })
        }
        string.method("components(separatedBy:)") { arguments in
            let receiver = text(arguments.receiverValue)
            if case .native(let set as CharacterSetValue) = arguments[0] {
                let pieces = receiver.unicodeScalars.split(
                    omittingEmptySubsequences: false, whereSeparator: set.contains)
                return .array(pieces.map { .string(String(String.UnicodeScalarView($0))) })
            }
            let separator = try arguments.string(0)
            guard !separator.isEmpty else { return .array([.string(receiver)]) }
            return .array(
                receiver.split(separator: separator, omittingEmptySubsequences: false)
                    .map { .string(String($0)) })
        }
        string.method("trimmingCharacters(in:)", types: [.simple("CharacterSet")]) { arguments in
            guard case .native(let set as CharacterSetValue) = arguments[0] else {
                throw ScriptError.runtime("trimmingCharacters(in:) needs a CharacterSet", at: arguments.location)
            }
            var scalars = Substring(text(arguments.receiverValue)).unicodeScalars
            while let first = scalars.first, set.contains(first) { scalars.removeFirst() }
            while let last = scalars.last, set.contains(last) { scalars.removeLast() }
            return .string(String(scalars))
        }
        string.method("replacingOccurrences(of:with:)") { arguments in
            let receiver = text(arguments.receiverValue)
            let target = try arguments.string(0)
            guard !target.isEmpty else { return .string(receiver) }
            return .string(receiver.replacing(target, with: try arguments.string(1)))
        }
        // Foundation counts in UTF-16 code units, as NSString does, and stops the program on
        // an empty pad or a pad index outside it; here those stop the input instead.
        string.method("padding(toLength:withPad:startingAt:)") { arguments in
            let receiver = Array(text(arguments.receiverValue).utf16)
            let length = try arguments.int(0)
            let pad = Array(try arguments.string(1).utf16)
            let start = try arguments.int(2)
            let location = arguments.location
            guard length >= 0 else {
                throw ScriptError.runtime(
                    "padding(toLength:withPad:startingAt:): the length \(length) is negative", at: location)
            }
            if receiver.count >= length { return .string(String(decoding: receiver.prefix(length), as: UTF16.self)) }
            guard !pad.isEmpty else {
                throw ScriptError.runtime("padding(toLength:withPad:startingAt:): empty pad string", at: location)
            }
            guard start >= 0, start < pad.count else {
                throw ScriptError.runtime(
                    "padding(toLength:withPad:startingAt:): out of range padIndex \(start) for a pad of \(pad.count)",
                    at: location)
            }
            try arguments.interpreter.checkSize(length, "a string", at: location)
            var result = receiver
            result.reserveCapacity(length)
            var index = start
            while result.count < length {
                result.append(pad[index])
                index = index + 1 == pad.count ? 0 : index + 1
            }
            return .string(String(decoding: result, as: UTF16.self))
        }
    }
}
