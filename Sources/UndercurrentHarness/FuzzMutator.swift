/// Makes broken variants of good Swift: the kinds of damage a learner's typing does, and
/// the values (negative numbers, odd demands) that make Combine's engine trap.
public enum FuzzMutator {
    public enum Mutation: String, CaseIterable, Sendable {
        case dropLines, duplicateLine, swapTokens, deleteToken, insertToken, unbalanceBrackets,
            negateNumbers, extremeNumber, changeDemand, truncate
    }

    /// Applies one to three mutations to `source`; returns the result and their names.
    public static func mutate(_ source: String, rng: inout SplitMix64) -> (String, [Mutation]) {
        var text = source
        var applied: [Mutation] = []
        for _ in 0..<(1 + rng.below(3)) {
            let mutation = rng.pick(Mutation.allCases)
            text = apply(mutation, to: text, rng: &rng)
            applied.append(mutation)
        }
        return (text, applied)
    }

    public static func apply(_ mutation: Mutation, to source: String, rng: inout SplitMix64) -> String {
        switch mutation {
        case .dropLines:
            var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard !lines.isEmpty else { return source }
            for _ in 0..<(1 + rng.below(3)) where !lines.isEmpty {
                lines.remove(at: rng.below(lines.count))
            }
            return lines.joined(separator: "\n")

        case .duplicateLine:
            var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard !lines.isEmpty else { return source }
            let index = rng.below(lines.count)
            lines.insert(lines[index], at: rng.below(lines.count + 1))
            return lines.joined(separator: "\n")

        case .swapTokens:
            var tokens = tokenize(source)
            let words = tokens.indices.filter { !tokens[$0].allSatisfy(\.isWhitespace) }
            guard words.count >= 2 else { return source }
            let a = rng.pick(words)
            let b = rng.pick(words)
            tokens.swapAt(a, b)
            return tokens.joined()

        case .deleteToken:
            var tokens = tokenize(source)
            let words = tokens.indices.filter { !tokens[$0].allSatisfy(\.isWhitespace) }
            guard !words.isEmpty else { return source }
            tokens.remove(at: rng.pick(words))
            return tokens.joined()

        case .insertToken:
            var tokens = tokenize(source)
            tokens.insert(" " + rng.pick(TokenSoup.vocabulary) + " ", at: rng.below(tokens.count + 1))
            return tokens.joined()

        case .unbalanceBrackets:
            var characters = Array(source)
            let brackets = characters.indices.filter { "{}()[]".contains(characters[$0]) }
            if !brackets.isEmpty, rng.chance(0.5) {
                characters.remove(at: rng.pick(brackets))
            } else {
                let bracket = rng.pick(Array("{}()[]"))
                characters.insert(bracket, at: rng.below(characters.count + 1))
            }
            return String(characters)

        case .negateNumbers:
            var tokens = tokenize(source)
            let numbers = tokens.indices.filter { tokens[$0].first?.isNumber == true }
            guard !numbers.isEmpty else { return source }
            // Sometimes one number, sometimes all of them.
            let chosen = rng.chance(0.3) ? numbers : [rng.pick(numbers)]
            for index in chosen { tokens[index] = "-" + tokens[index] }
            return tokens.joined()

        case .extremeNumber:
            var tokens = tokenize(source)
            let numbers = tokens.indices.filter { tokens[$0].first?.isNumber == true }
            guard !numbers.isEmpty else { return source }
            tokens[rng.pick(numbers)] = rng.pick([
                "0", "-1", "9223372036854775807", "Int.max", "Int.min",
                "1_000_000_000", "99999999999999999999", "0.0", "-0", "1e308",
            ])
            return tokens.joined()

        case .changeDemand:
            let replacements = [
                ".max(-1)", ".none", ".max(0)", ".unlimited", ".max(Int.max)", ".max(1)",
                ".max(-9223372036854775808)", ".max(3) - .max(5)", ".unlimited + .max(-2)",
            ]
            var tokens = tokenize(source)
            // `.max(N)`, `.unlimited`, `.none` where they appear.
            var sites: [Range<Int>] = []
            for index in tokens.indices where tokens[index] == "." && index + 1 < tokens.count {
                switch tokens[index + 1] {
                case "max":
                    if index + 4 < tokens.count, tokens[index + 2] == "(", tokens[index + 4] == ")" {
                        sites.append(index..<(index + 5))
                    }
                case "unlimited", "none":
                    sites.append(index..<(index + 2))
                default: break
                }
            }
            guard let site = sites.isEmpty ? nil : rng.pick(sites) else {
                return apply(.negateNumbers, to: source, rng: &rng)
            }
            tokens.replaceSubrange(site, with: [rng.pick(replacements)])
            return tokens.joined()

        case .truncate:
            let characters = Array(source)
            guard !characters.isEmpty else { return source }
            return String(characters[..<rng.below(characters.count)])
        }
    }

    /// Identifiers, numbers, runs of white space, and single punctuation characters;
    /// joining the tokens gives the text back.
    public static func tokenize(_ source: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var currentKind = 0  // 0 none, 1 word, 2 number, 3 space
        func kind(of character: Character) -> Int {
            if character.isLetter || character == "_" || character == "$" { return 1 }
            if character.isNumber { return 2 }
            if character.isWhitespace { return 3 }
            return 4
        }
        for character in source {
            var k = kind(of: character)
            // Digits and underscores continue a word; letters, `_` and `.` continue a number (1_000, 2.5).
            if currentKind == 1, k == 2 { k = 1 }
            if currentKind == 2, k == 1 || character == "." { k = 2 }
            if k == currentKind, k != 4 {
                current.append(character)
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = String(character)
                currentKind = k
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}

/// Random sequences of Swift and Combine tokens: mostly nonsense, sometimes almost code.
public enum TokenSoup {
    public static let vocabulary: [String] = [
        // keywords
        "let", "var", "func", "struct", "class", "enum", "protocol", "extension", "init", "deinit", "return",
        "if", "else", "guard", "while", "repeat", "for", "in", "switch", "case", "default", "break", "continue",
        "throw", "throws", "try", "try?", "try!", "do", "catch", "defer", "self", "Self", "super", "nil", "true",
        "false", "inout", "weak", "unowned", "lazy", "static", "final", "mutating", "where", "typealias", "as",
        "as?", "as!", "is", "some", "any", "import", "fallthrough", "subscript", "private", "public", "@Published",
        "async", "await", "actor", "#if", "#endif", "\\.", "$0", "$1", "_",
        // punctuation and operators
        "{", "}", "(", ")", "[", "]", "<", ">", ",", ":", ";", ".", "?", "!", "=", "==", "+", "-", "*", "/", "%",
        "+=", "-=", "...", "..<", "->", "&&", "||", "??", "?.", "&", "|", "^", "~", "<<", ">>", "\"", "\"\"\"",
        "\\(", "//", "/*", "*/", "\n", "\n", "\n",
        // literals
        "0", "1", "3", "-1", "42", "2.5", "9223372036854775807", "-9223372036854775808", "1_000_000", "\"a\"",
        "\"hello\"", "[]", "[:]", "[1, 2, 3]", "1...", "...3", "0..<0", "5...1",
        // names
        "x", "y", "value", "input", "subscriber", "subscription", "demand", "print", "Int", "String", "Double",
        "Bool", "Array", "Optional", "Never", "Error", "Void", "Any", "AnyObject",
        "Publisher", "Subscriber", "Subscription", "Subscribers", "Demand", "Subscribers.Demand", ".max", ".max(1)",
        ".max(-1)", ".none", ".unlimited", ".finished", ".failure", "Just", "Empty", "Fail", "Future", "Deferred",
        "PassthroughSubject<Int, Never>()", "CurrentValueSubject", "AnyCancellable", "AnyPublisher", "sink",
        "receiveValue:", "receiveCompletion:", "map", "filter", "scan", "reduce", "prefix", "dropFirst", "first",
        "flatMap", "merge", "combineLatest", "zip", "collect", "debounce", "delay", "receive(on:", "subscribe",
        "send", "request", "cancel", "store(in:", "publisher", "(1...3).publisher", "[1, 2].publisher",
        "DispatchQueue.main", "RunLoop.main", ".seconds(1)", "Array(repeating:", "count:", "stride(from:",
        "String(repeating:", "FileManager", "ProcessInfo", "getenv", "exit", "fatalError", "precondition",
        "Int.max", "Int.min", ".count", ".first!", "!", "removeFirst()", "popLast()", "sorted()",
    ]

    public static func make(rng: inout SplitMix64) -> String {
        let length = 1 + rng.below(40)
        var tokens: [String] = []
        for position in 0..<length {
            var token = rng.pick(vocabulary)
            // An input that starts with `:` would be a REPL command, not Swift.
            while position == 0, token.hasPrefix(":") || token.allSatisfy(\.isWhitespace) {
                token = rng.pick(vocabulary)
            }
            tokens.append(token)
        }
        return tokens.joined(separator: rng.chance(0.8) ? " " : "")
    }
}
