/// Decides whether the REPL has a whole input or should ask for another line.
///
/// The input is incomplete while a `(`, `[` or `{`, a multi-line string (`"""`), a string
/// interpolation `\(` or a `/* */` comment is still open. Brackets inside strings and
/// comments do not count. Text that can never become valid by adding lines counts as
/// complete, so the parser reports the error at once: an unmatched or mismatched closing
/// bracket, or a single-line string still open at the end of its line.
/// Regex literals are not recognised. A colon command is always complete.
public enum InputCompleteness {
    public static func isComplete(_ text: String) -> Bool {
        // A colon command is one line, whatever brackets its arguments hold (`:trace --only [`).
        if text.drop(while: { $0 == " " || $0 == "\t" }).first == ":" { return true }
        var scanner = Scanner(bytes: Array(text.utf8))
        return scanner.run()
    }
}

private struct Scanner {
    /// What the scanner is inside. Code frames keep their own open brackets, so that
    /// the `)` ending `\(...)` is told apart from one closing a bracket inside it.
    private enum Frame {
        case code(isInterpolation: Bool, open: [UInt8])
        /// `hashes` is the number of `#` around a raw string: `#"..."#` has 1.
        case string(hashes: Int, isMultiline: Bool)
    }

    private enum Step {
        case next
        case complete
        case incomplete
    }

    let bytes: [UInt8]
    private var index = 0
    private var frames: [Frame] = [.code(isInterpolation: false, open: [])]

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func run() -> Bool {
        while index < bytes.count {
            let step: Step
            switch frames[frames.count - 1] {
            case .code(let isInterpolation, let open):
                step = scanCode(isInterpolation: isInterpolation, open: open)
            case .string(let hashes, let isMultiline):
                step = scanString(hashes: hashes, isMultiline: isMultiline)
            }
            switch step {
            case .next: continue
            case .complete: return true
            case .incomplete: return false
            }
        }
        switch frames[frames.count - 1] {
        case .code(let isInterpolation, let open):
            return !isInterpolation && open.isEmpty
        case .string(_, let isMultiline):
            // A single-line string open at the end of the text is open at the end of its line.
            return !isMultiline
        }
    }

    // MARK: Code

    private mutating func scanCode(isInterpolation: Bool, open: [UInt8]) -> Step {
        let byte = bytes[index]
        switch byte {
        case ascii("/") where peek(1) == ascii("/"):
            skipLineComment()
        case ascii("/") where peek(1) == ascii("*"):
            if !skipBlockComment() { return .incomplete }
        case ascii("("), ascii("["), ascii("{"):
            frames[frames.count - 1] = .code(isInterpolation: isInterpolation, open: open + [byte])
            index += 1
        case ascii(")"), ascii("]"), ascii("}"):
            index += 1
            if let last = open.last {
                guard closer(of: last) == byte else { return .complete }
                frames[frames.count - 1] = .code(isInterpolation: isInterpolation, open: open.dropLast())
            } else if isInterpolation && byte == ascii(")") {
                frames.removeLast()
            } else {
                return .complete
            }
        case ascii("#"), ascii("\""):
            startStringOrSkipHashes()
        default:
            index += 1
        }
        return .next
    }

    private mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != ascii("\n") {
            index += 1
        }
    }

    /// Swift's block comments nest. Returns false when the text ends inside one.
    private mutating func skipBlockComment() -> Bool {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == ascii("/"), peek(1) == ascii("*") {
                depth += 1
                index += 2
            } else if bytes[index] == ascii("*"), peek(1) == ascii("/") {
                depth -= 1
                index += 2
                if depth == 0 { return true }
            } else {
                index += 1
            }
        }
        return false
    }

    /// At `"` or `#`: a string opens with `#`s (raw string) then `"` or `"""`.
    /// Other `#`s (`#if`, `#selector`) are skipped.
    private mutating func startStringOrSkipHashes() {
        let hashes = count(of: ascii("#"), from: index)
        index += hashes
        guard index < bytes.count, bytes[index] == ascii("\"") else { return }
        let isMultiline = peek(1) == ascii("\"") && peek(2) == ascii("\"")
        index += isMultiline ? 3 : 1
        frames.append(.string(hashes: hashes, isMultiline: isMultiline))
    }

    // MARK: Strings

    private mutating func scanString(hashes: Int, isMultiline: Bool) -> Step {
        switch bytes[index] {
        case ascii("\\") where count(of: ascii("#"), from: index + 1) >= hashes:
            // An escape: `\` then as many `#` as the delimiter (none in an ordinary string).
            index += 1 + hashes
            if peek(0) == ascii("(") {
                frames.append(.code(isInterpolation: true, open: []))
            }
            // Skipping the escaped character keeps `\"` and `\\` from being read as delimiters.
            index += 1
        case ascii("\""):
            let quotes = isMultiline ? 3 : 1
            if count(of: ascii("\""), from: index) >= quotes,
                count(of: ascii("#"), from: index + quotes) >= hashes
            {
                index += quotes + hashes
                frames.removeLast()
            } else {
                index += 1
            }
        case ascii("\n") where !isMultiline:
            // A single-line string cannot continue on the next line: a lexical error.
            return .complete
        default:
            index += 1
        }
        return .next
    }

    // MARK: Helpers

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func count(of byte: UInt8, from start: Int) -> Int {
        var end = start
        while end < bytes.count, bytes[end] == byte {
            end += 1
        }
        return end - start
    }

    private func closer(of opener: UInt8) -> UInt8 {
        switch opener {
        case ascii("("): ascii(")")
        case ascii("["): ascii("]")
        default: ascii("}")
        }
    }
}

private func ascii(_ scalar: Unicode.Scalar) -> UInt8 {
    UInt8(ascii: scalar)
}
