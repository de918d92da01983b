/// Refuses, before parsing, the one shape of input swift-syntax's parser takes exponential
/// time on: square brackets opened directly inside one another (`[[[[…`). At each `[` that
/// starts an expression the parser looks ahead for an inline array type (`[3 of Int]`) and
/// backtracks, so each further level about doubles the time (measured in a debug build: 14
/// levels 0.17 s, 16 levels 0.65 s, 20 levels 10 s), and nothing can interrupt a parse.
/// Brackets with something between them (`[1, [2, [3]]]`, `[{ [1] }]`) cost nothing extra.
enum ParseGuard {
    /// The most `[` a run may hold; real code nests a few.
    static let maximumBracketRun = 12

    /// The error for the first run of more than `maximumBracketRun` opening brackets outside
    /// strings and comments, or nil.
    static func check(_ source: String, lineOffset: Int) -> ScriptError? {
        guard let (line, column) = firstLongBracketRun(in: source) else { return nil }
        return ScriptError(
            .unsupported,
            "array literals nested more than \(maximumBracketRun) deep are not supported "
                + "(the parser takes exponential time on them)",
            at: SourceLocation(line: line + lineOffset, column: column))
    }

    /// Line and column (1-based, in UTF-8 bytes as swift-syntax counts) of the first bracket
    /// of the first run that is too long.
    static func firstLongBracketRun(in source: String) -> (line: Int, column: Int)? {
        let bytes = Array(source.utf8)
        var index = 0
        var line = 1
        var lineStart = 0
        var run = 0
        var runStart = (line: 1, column: 1)

        func at(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        func advance() {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        /// Skips a string literal starting at `index` (its `#`s, quotes and body).
        func skipString() {
            var hashes = 0
            while at(index) == UInt8(ascii: "#") {
                hashes += 1
                index += 1
            }
            let multiline =
                at(index) == UInt8(ascii: "\"") && at(index + 1) == UInt8(ascii: "\"")
                && at(index + 2) == UInt8(ascii: "\"")
            index += multiline ? 3 : 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") && hashes == 0 {
                    advance()
                    if index < bytes.count { advance() }
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    var closes = true
                    for offset in 0..<quotes where at(index + offset) != UInt8(ascii: "\"") { closes = false }
                    for offset in 0..<hashes where at(index + quotes + offset) != UInt8(ascii: "#") { closes = false }
                    if closes {
                        index += quotes + hashes
                        return
                    }
                }
                if byte == UInt8(ascii: "\n") && !multiline { return }
                advance()
            }
        }

        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "["):
                if run == 0 { runStart = (line, index - lineStart + 1) }
                run += 1
                if run > maximumBracketRun { return runStart }
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                advance()
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                var depth = 0
                repeat {
                    if at(index) == UInt8(ascii: "/") && at(index + 1) == UInt8(ascii: "*") {
                        depth += 1
                        index += 2
                    } else if at(index) == UInt8(ascii: "*") && at(index + 1) == UInt8(ascii: "/") {
                        depth -= 1
                        index += 2
                    } else {
                        advance()
                    }
                } while depth > 0 && index < bytes.count
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                run = 0
                if byte == UInt8(ascii: "#") {
                    var probe = index
                    while at(probe) == UInt8(ascii: "#") { probe += 1 }
                    guard at(probe) == UInt8(ascii: "\"") else {
                        index += 1
                        continue
                    }
                }
                skipString()
            default:
                run = 0
                index += 1
            }
        }
        return nil
    }
}
