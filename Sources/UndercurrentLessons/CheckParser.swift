import Foundation
import UndercurrentTrace

/// Reads one line of a lesson's `Checks:` list into a `Check`. Errors say what was
/// expected, for the linter to show with the line number.
public enum CheckParser {
    public struct Failure: Error, Equatable {
        public var message: String
    }

    /// - Parameters:
    ///   - text: the item without its `- `.
    ///   - block: the fenced block that follows `output is:`, if any.
    public static func parse(_ text: String, line: Int, block: String? = nil) -> Result<Check, Failure> {
        let (tagged, note) = splitNote(text)
        let (concept, body) = splitConcept(tagged)
        do {
            if let concept, concept.isEmpty {
                throw Failure(message: "write the concept between the brackets: `[demand] demand honoured`")
            }
            let rule = try parseRule(body, block: block)
            return .success(Check(text: body, line: line, note: note, rule: rule, concept: concept))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
    }

    /// The phrases a check can start with, for error messages.
    static let vocabulary = """
        output is "…" / output is: (then a fenced block) / output contains "…" / output does not contain "…" / \
        runs without error / error contains "…" / [exactly|at least|at most] N values|requests|completions|failures|cancels|\
        subscriptions|subscribes|deinits [to|on|of NAME] / no values … / call CALL / no call CALL / in order: CALL, CALL, … / \
        demand honoured / completes exactly once / no values after completion / no values after cancel / \
        subscription before values / values to NAME are V, V, … / demand ends at N / demand never above N / \
        follows the contract
        """

    // MARK: - Rules

    private static func parseRule(_ text: String, block: String?) throws -> Check.Rule {
        var scanner = Words(text)
        if scanner.take("output") {
            if scanner.take("is:") {
                guard scanner.atEnd else {
                    throw Failure(
                        message: "`output is:` takes a fenced block on the lines below it, nothing after the colon")
                }
                guard let block else {
                    throw Failure(
                        message: "`output is:` must be followed by a fenced block (```) holding the exact output")
                }
                return .outputIs(block)
            }
            if scanner.take("is") {
                if scanner.atEnd, let block { return .outputIs(block) }
                return .outputIs(try scanner.quotedRest())
            }
            if scanner.take("contains") { return .outputContains(try scanner.quotedRest()) }
            if scanner.take("does"), scanner.take("not"), scanner.take("contain") {
                return .outputLacks(try scanner.quotedRest())
            }
            throw Failure(
                message: "after `output` write `is \"…\"`, `is:`, `contains \"…\"` or `does not contain \"…\"`")
        }
        if scanner.take("runs"), scanner.take("without"), scanner.take("error") {
            try scanner.expectEnd("runs without error")
            return .runsWithoutError
        }
        scanner.reset()
        if scanner.take("error"), scanner.take("contains") { return .errorContains(try scanner.quotedRest()) }
        scanner.reset()
        if scanner.take("demand") {
            _ = scanner.take("is")
            if scanner.take("honoured") || scanner.take("honored") {
                return .demandHonoured(target: try scanner.optionalTarget())
            }
            if scanner.take("ends"), scanner.take("at") {
                guard let word = scanner.next() else {
                    throw Failure(message: "`demand ends at` needs a number or `unlimited`")
                }
                let demand: DemandCount
                if let count = Int(word) {
                    demand = .count(count)
                } else if ["unlimited", "∞", ".unlimited"].contains(word.lowercased()) {
                    demand = .unlimited
                } else {
                    throw Failure(message: "`demand ends at` needs a number or `unlimited`, not `\(word)`")
                }
                return .demandEndsAt(demand, target: try scanner.optionalTarget())
            }
            if scanner.take("never"), scanner.take("above") {
                guard let word = scanner.next(), let count = Int(word), count >= 0 else {
                    throw Failure(message: "`demand never above` needs a whole number, like 1")
                }
                return .demandNeverAbove(count, target: try scanner.optionalTarget())
            }
            throw Failure(message: "after `demand` write `honoured`, `ends at N` or `never above N`")
        }
        scanner.reset()
        if scanner.take("completes") || scanner.take("completion") {
            _ = scanner.take("exactly")
            if scanner.take("once") {
                try scanner.expectEnd("completes exactly once")
                return .completesOnce
            }
            throw Failure(message: "write `completes exactly once`")
        }
        scanner.reset()
        if scanner.take("no"), scanner.take("values"), scanner.take("after") {
            if scanner.take("completion") {
                try scanner.expectEnd("no values after completion")
                return .noValuesAfterCompletion
            }
            if scanner.take("cancel") || scanner.take("cancellation") || scanner.take("cancel()") {
                try scanner.expectEnd("no values after cancel")
                return .noValuesAfterCancel
            }
            throw Failure(message: "write `no values after completion` or `no values after cancel`")
        }
        scanner.reset()
        if scanner.take("follows"), scanner.take("the"), scanner.take("contract") {
            try scanner.expectEnd("follows the contract")
            return .followsContract
        }
        scanner.reset()
        if scanner.take("subscription"), scanner.take("before"), scanner.take("values") {
            try scanner.expectEnd("subscription before values")
            return .subscriptionBeforeValues
        }
        scanner.reset()
        if scanner.take("values") {
            guard scanner.take("to") || scanner.take("of") || scanner.take("received") && scanner.take("by") else {
                throw Failure(message: "write `values to NAME are V, V, …`")
            }
            guard let target = scanner.next() else { throw Failure(message: "`values to` needs the subscriber's name") }
            guard scanner.take("are") else { throw Failure(message: "write `values to \(target) are V, V, …`") }
            let list = splitList(scanner.rest)
            return .values(target: target, list.map(squeezed))
        }
        scanner.reset()
        if scanner.take("in"), scanner.take("order:") || scanner.take("order") {
            return .order(try patterns(scanner.rest.drop(while: { $0 == ":" || $0 == " " })))
        }
        scanner.reset()
        if scanner.take("order:") {
            return .order(try patterns(Substring(scanner.rest)))
        }
        if scanner.take("call") { return .call(try parsePattern(scanner.rest)) }
        scanner.reset()
        if scanner.take("no"), scanner.take("call") { return .noCall(try parsePattern(scanner.rest)) }
        scanner.reset()
        if let quantity = try scanner.quantity() {
            guard let word = scanner.next(), let kind = Check.CallKind.named(word) else {
                throw Failure(
                    message:
                        "after a count write what is counted: values, requests, completions, failures, cancels, subscriptions, subscribes or deinits"
                )
            }
            _ = scanner.take("delivered") || scanner.take("received") || scanner.take("made") || scanner.take("sent")
            return .count(quantity, kind, target: try scanner.optionalTarget())
        }
        throw Failure(message: "unknown check `\(text)`; a check is one of: \(vocabulary)")
    }

    private static func patterns(_ text: Substring) throws -> [CallPattern] {
        let items = splitList(String(text))
        guard items.count >= 2 else {
            throw Failure(message: "`in order:` needs at least two calls, separated by commas")
        }
        return try items.map(parsePattern)
    }

    // MARK: - Call patterns

    static let methods = ["receive(", "request(", "cancel(", "deinit"]

    /// `[NAME.]method(args)[ -> DEMAND]`
    static func parsePattern(_ text: String) throws -> CallPattern {
        let text = text.trimmingSpaces()
        guard !text.isEmpty else { throw Failure(message: "a call is missing, e.g. `request(.max(2))`") }
        // The method starts the text or follows the target's dot.
        var methodStart: String.Index?
        var index = text.startIndex
        while index < text.endIndex, methodStart == nil {
            if index == text.startIndex || text[text.index(before: index)] == "." {
                if methods.contains(where: { text[index...].hasPrefix($0) }) { methodStart = index }
            }
            index = text.index(after: index)
        }
        guard let start = methodStart else {
            throw Failure(
                message:
                    "`\(text)` is not a call; write receive(…), request(…), cancel() or deinit, optionally after a name and a dot"
            )
        }
        let target: String? = start == text.startIndex ? nil : String(text[..<text.index(before: start)])
        if let target, target.isEmpty || target.contains(" ") {
            throw Failure(message: "`\(target)` is not a name of an object in the trace")
        }
        let call = text[start...]
        if call.hasPrefix("deinit") {
            guard call == "deinit" else { throw Failure(message: "nothing may follow `deinit` in `\(text)`") }
            return CallPattern(target: target, kind: .deinitialize, text: text)
        }
        let open = call.firstIndex(of: "(")!
        let name = String(call[..<open])
        guard let close = matchingParenthesis(call, open) else {
            throw Failure(message: "unbalanced parentheses in `\(text)`")
        }
        let inner = call[call.index(after: open)..<close].trimmingSpaces()
        var after = call[call.index(after: close)...].trimmingSpaces()
        var returned: String?
        if after.hasPrefix("->") || after.hasPrefix("→") {
            after = String(after.drop { $0 == "-" || $0 == ">" || $0 == "→" }).trimmingSpaces()
            guard let demand = demandText(after) else {
                throw Failure(message: "`\(after)` is not a demand (.max(N), .unlimited or .none)")
            }
            returned = demand
            after = ""
        }
        guard after.isEmpty else { throw Failure(message: "unexpected `\(after)` after the call in `\(text)`") }
        let anyArgument = inner.isEmpty || inner == "_" || inner == "_:" || inner == "…" || inner == "..."
        switch name {
        case "cancel":
            guard inner.isEmpty else { throw Failure(message: "`cancel()` takes no argument") }
            return CallPattern(target: target, kind: .cancel, text: text)
        case "request":
            if anyArgument { return CallPattern(target: target, kind: .request, text: text) }
            guard let demand = demandText(inner) else {
                throw Failure(message: "`\(inner)` is not a demand (.max(N), .unlimited or .none)")
            }
            return CallPattern(target: target, kind: .request, argument: demand, text: text)
        default:
            for (label, kind) in [
                ("subscriber:", TraceEvent.Kind.subscribe), ("subscription:", .receiveSubscription),
                ("completion:", .receiveCompletion),
            ] where inner.hasPrefix(label) {
                let argument = inner.dropFirst(label.count).trimmingSpaces()
                if returned != nil { throw Failure(message: "only `receive(_:)` returns a demand") }
                return CallPattern(target: target, kind: kind, argument: argument.isEmpty ? nil : argument, text: text)
            }
            return CallPattern(
                target: target, kind: .receiveValue, argument: anyArgument ? nil : squeezed(inner),
                returned: returned, text: text)
        }
    }

    private static func matchingParenthesis(_ text: Substring, _ open: String.Index) -> String.Index? {
        var depth = 0
        var inString = false
        var index = open
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" { index = text.index(after: index) } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
            if index < text.endIndex { index = text.index(after: index) }
        }
        return nil
    }

    // MARK: - Demand and values

    /// `.max(2)`, `max(2)`, `.unlimited`, `.none` (and `.max(0)`) in the trace's spelling.
    static func demandText(_ text: String) -> String? {
        var text = squeezed(text).replacingOccurrences(of: " ", with: "")
        if text.hasPrefix("Subscribers.Demand") { text.removeFirst("Subscribers.Demand".count) }
        if !text.hasPrefix(".") { text = "." + text }
        if text == ".unlimited" || text == ".none" { return text }
        if text.hasPrefix(".max("), text.hasSuffix(")"),
            let count = Int(text.dropFirst(5).dropLast()), count >= 0
        {
            return count == 0 ? ".none" : ".max(\(count))"
        }
        return nil
    }

    static func normalizedDemand(_ text: String) -> String { demandText(text) ?? text }

    /// Runs of spaces become one; ends are trimmed.
    static func squeezed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// Splits at top-level commas (not inside parentheses, brackets or strings).
    static func splitList(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for character in text {
            if inString {
                current.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "," where depth == 0:
                items.append(current.trimmingSpaces())
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        let last = current.trimmingSpaces()
        if !last.isEmpty || !items.isEmpty { items.append(last) }
        return items
    }

    /// Separates a concept in brackets from what follows it: `[demand] demand honoured`
    /// → ("demand", "demand honoured"). Without brackets, the concept is nil.
    static func splitConcept(_ text: String) -> (String?, String) {
        let trimmed = text.trimmingSpaces()
        guard trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") else { return (nil, trimmed) }
        let concept = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
        let rest = trimmed[trimmed.index(after: close)...]
        return (
            concept.trimmingSpaces().lowercased(), rest.trimmingSpaces()
        )
    }

    /// Separates a check from its note: `demand honoured // never more than asked`.
    static func splitNote(_ text: String) -> (String, String?) {
        var inString = false
        var escaped = false
        var previous: Character?
        for index in text.indices {
            let character = text[index]
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                let body = text[..<text.index(before: index)].trimmingSpaces()
                let note = text[text.index(after: index)...].trimmingSpaces()
                return (body, note.isEmpty ? nil : note)
            }
            previous = character
        }
        return (text.trimmingSpaces(), nil)
    }

    /// A Swift-style string literal: `"got 1\n"`.
    static func stringLiteral(_ text: String) throws -> String {
        let text = text.trimmingSpaces()
        guard text.count >= 2, text.first == "\"", text.last == "\"" else {
            throw Failure(message: "expected text in double quotes, like \"got 1\"")
        }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "0": result.append("\0")
                default: throw Failure(message: "unknown escape \\\(character) in \(text); use \\n, \\t, \\\" or \\\\")
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                throw Failure(message: "a quote inside the text must be written \\\"")
            } else {
                result.append(character)
            }
        }
        if escaped { throw Failure(message: "the text ends in a lone backslash") }
        return result
    }

    // MARK: - Words

    /// Reads a check a word at a time, keywords case-insensitively.
    private struct Words {
        let text: String
        var position: String.Index

        init(_ text: String) {
            self.text = text
            position = text.startIndex
        }

        mutating func reset() { position = text.startIndex }

        var rest: String { String(text[position...]).trimmingSpaces() }
        var atEnd: Bool { rest.isEmpty }

        private func peekWord() -> (String, String.Index)? {
            var start = position
            while start < text.endIndex, text[start] == " " || text[start] == "\t" { start = text.index(after: start) }
            guard start < text.endIndex else { return nil }
            var end = start
            while end < text.endIndex, text[end] != " ", text[end] != "\t" { end = text.index(after: end) }
            return (String(text[start..<end]), end)
        }

        mutating func next() -> String? {
            guard let (word, end) = peekWord() else { return nil }
            position = end
            return word
        }

        mutating func take(_ keyword: String) -> Bool {
            guard let (word, end) = peekWord(), word.lowercased() == keyword else { return false }
            position = end
            return true
        }

        func expectEnd(_ phrase: String) throws {
            guard atEnd else { throw Failure(message: "unexpected `\(rest)` after `\(phrase)`") }
        }

        func quotedRest() throws -> String { try CheckParser.stringLiteral(rest) }

        /// `to NAME`, `on NAME`, `of NAME`, `from NAME`, `by NAME`, or nothing.
        mutating func optionalTarget() throws -> String? {
            if atEnd { return nil }
            guard take("to") || take("on") || take("of") || take("from") || take("by") else {
                throw Failure(message: "unexpected `\(rest)`; name an object with `to NAME`, `on NAME` or `of NAME`")
            }
            guard let name = next() else { throw Failure(message: "a name is missing at the end") }
            try expectEnd(name)
            return name
        }

        /// `no`, `N`, `exactly N`, `at least N`, `at most N`.
        mutating func quantity() throws -> Check.Quantity? {
            if take("no") { return .exactly(0) }
            if take("exactly") { return .exactly(try number()) }
            if take("at") {
                if take("least") { return .atLeast(try number()) }
                if take("most") { return .atMost(try number()) }
                throw Failure(message: "write `at least N` or `at most N`")
            }
            if let (word, end) = peekWord(), let count = Int(word), count >= 0 {
                position = end
                return .exactly(count)
            }
            return nil
        }

        private mutating func number() throws -> Int {
            guard let word = next(), let count = Int(word), count >= 0 else {
                throw Failure(message: "a count must be a whole number, like 2")
            }
            return count
        }
    }
}
