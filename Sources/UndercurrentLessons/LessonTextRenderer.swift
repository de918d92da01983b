import Foundation
import UndercurrentTrace

/// Renders lesson prose for a terminal: headings, *emphasis*, **strong**, `code`, lists
/// and quotes, wrapped to the width; Swift code blocks coloured. Without colour (NO_COLOR,
/// `--no-color`, or output that is not a terminal) it writes plain text: headings are
/// underlined, inline code keeps its backticks.
public struct LessonTextRenderer {
    public var useColor: Bool
    public var width: Int

    public init(useColor: Bool, width: Int) {
        self.useColor = useColor
        self.width = max(30, width)
    }

    /// Text is wrapped to the terminal, but not wider than is comfortable to read.
    public static let maximumWidth = 100

    public func render(_ blocks: [LessonBlock]) -> [String] {
        var lines: [String] = []
        for block in blocks {
            if !lines.isEmpty { lines.append("") }
            switch block {
            case .text(let text, _): lines += markdown(text)
            case .code(let code): lines += self.code(code)
            }
        }
        return lines
    }

    // MARK: - Block structure

    public func markdown(_ text: String) -> [String] {
        var output: [String] = []
        var paragraph: [String] = []
        var item: (marker: String, lines: [String])?

        func flush() {
            if !paragraph.isEmpty {
                if !output.isEmpty, output.last != "" { output.append("") }
                output += wrap(paragraph.joined(separator: " "), first: "", rest: "")
                paragraph.removeAll()
            }
            if let current = item {
                let hang = String(repeating: " ", count: current.marker.count + 1)
                let marker = current.marker == "-" ? (useColor ? "•" : "-") : current.marker
                output += wrap(current.lines.joined(separator: " "), first: "  \(marker) ", rest: "  " + hang)
                item = nil
            }
        }

        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let line = rawLine.trimmingSpaces()
            if line.isEmpty {
                flush()
                if output.last != "" && !output.isEmpty { output.append("") }
                continue
            }
            if rawLine.first == "#" {
                let level = rawLine.prefix { $0 == "#" }.count
                flush()
                if !output.isEmpty, output.last != "" { output.append("") }
                output += heading(rawLine.dropFirst(level).trimmingSpaces(), level: level)
                continue
            }
            if let (marker, rest) = Self.listMarker(line) {
                flush()
                item = (marker, [rest])
                continue
            }
            if line.hasPrefix(">") {
                flush()
                let quote = line.drop { $0 == ">" }.trimmingSpaces()
                output += wrap(quote, first: dim("│ "), rest: dim("│ "), firstWidth: 2)
                continue
            }
            if item != nil {
                item!.lines.append(line)
            } else {
                paragraph.append(line)
            }
        }
        flush()
        while output.last == "" { output.removeLast() }
        return output
    }

    static func listMarker(_ line: String) -> (String, String)? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("+ ") {
            return ("-", String(line.dropFirst(2)).trimmingSpaces())
        }
        let digits = line.prefix { $0.isNumber }
        if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") {
            return (digits + ".", String(line.dropFirst(digits.count + 2)).trimmingSpaces())
        }
        return nil
    }

    public func heading(_ text: String, level: Int) -> [String] {
        let plain = Self.plainText(text)
        if useColor {
            let styled = spans(text).map { render($0, base: level <= 2 ? "1;33" : "1") }.joined()
            return [styled]
        }
        switch level {
        case 1: return [plain, String(repeating: "=", count: min(width, plain.count))]
        case 2: return [plain, String(repeating: "-", count: min(width, plain.count))]
        default: return [plain]
        }
    }

    // MARK: - Inline text

    enum Style { case plain, emphasis, strong, code }

    struct Span {
        var text: String
        var style: Style
    }

    /// Splits inline markup: `code`, **strong**, *emphasis*; `\*` is a literal star.
    func spans(_ text: String) -> [Span] {
        var result: [Span] = []
        var current = ""
        var style = Style.plain
        let characters = Array(text)
        var index = 0
        func emit() {
            if !current.isEmpty { result.append(Span(text: current, style: style)) }
            current = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, "*`_\\".contains(characters[index + 1]) {
                current.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "`", style != .code, characters[(index + 1)...].contains("`") {
                emit()
                let end = characters[(index + 1)...].firstIndex(of: "`")!
                result.append(Span(text: String(characters[(index + 1)..<end]), style: .code))
                index = end + 1
                continue
            }
            if character == "*" {
                let double = index + 1 < characters.count && characters[index + 1] == "*"
                let marker: Style = double ? .strong : .emphasis
                let step = double ? 2 : 1
                if style == marker {
                    emit()
                    style = .plain
                    index += step
                    continue
                }
                // Opens only if it closes later on the line, and is not a lone star between spaces.
                let rest = String(characters[(index + step)...])
                let closer = double ? "**" : "*"
                if style == .plain, rest.contains(closer), let next = rest.first, next != " " {
                    emit()
                    style = marker
                    index += step
                    continue
                }
            }
            current.append(character)
            index += 1
        }
        emit()
        return result
    }

    static func plainText(_ text: String) -> String {
        LessonTextRenderer(useColor: false, width: 80).spans(text).map(\.text).joined()
    }

    private func render(_ span: Span, base: String? = nil) -> String {
        guard useColor else {
            return span.style == .code ? "`\(span.text)`" : span.text
        }
        var codes: [String] = base.map { [$0] } ?? []
        switch span.style {
        case .plain: break
        case .emphasis: codes.append("3")
        case .strong: codes.append("1")
        case .code: codes.append("36")
        }
        if codes.isEmpty { return span.text }
        return "\u{1B}[\(codes.joined(separator: ";"))m\(span.text)\u{1B}[0m"
    }

    /// Wraps inline text at spaces; a code span is never broken.
    func wrap(_ text: String, first: String, rest: String, firstWidth: Int? = nil) -> [String] {
        // Words: runs of spans between spaces outside code.
        var words: [[Span]] = [[]]
        for span in spans(text) {
            if span.style == .code {
                words[words.count - 1].append(span)
                continue
            }
            let pieces = span.text.split(separator: " ", omittingEmptySubsequences: false)
            for (offset, piece) in pieces.enumerated() {
                if offset > 0 { words.append([]) }
                if !piece.isEmpty { words[words.count - 1].append(Span(text: String(piece), style: span.style)) }
            }
        }
        words.removeAll { $0.isEmpty }
        let prefixWidth = firstWidth ?? Self.visibleWidth(first)
        var lines: [String] = []
        var line = first
        var lineWidth = prefixWidth
        var lineHasWords = false
        for word in words {
            let wordWidth = word.reduce(0) { $0 + $1.text.count + ($1.style == .code && !useColor ? 2 : 0) }
            if lineHasWords, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = rest
                lineWidth = firstWidth ?? Self.visibleWidth(rest)
                lineHasWords = false
            }
            if lineHasWords {
                line += " "
                lineWidth += 1
            }
            line += word.map { render($0) }.joined()
            lineWidth += wordWidth
            lineHasWords = true
        }
        if lineHasWords || lines.isEmpty { lines.append(line) }
        return lines
    }

    static func visibleWidth(_ text: String) -> Int { TraceRenderer.visibleWidth(text) }

    // MARK: - Code

    /// A code block, indented; Swift is coloured. Code is never wrapped.
    public func code(_ block: CodeBlock, indent: String = "    ") -> [String] {
        let lines = block.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard useColor, block.isSwift else { return lines.map { $0.isEmpty ? "" : indent + $0 } }
        return SwiftHighlighter.highlight(lines).map { $0.isEmpty ? "" : indent + $0 }
    }

    public func dim(_ text: String) -> String { useColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
    public func bold(_ text: String) -> String { useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    public func green(_ text: String) -> String { useColor ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
    public func red(_ text: String) -> String { useColor ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
    public func yellow(_ text: String) -> String { useColor ? "\u{1B}[33m\(text)\u{1B}[0m" : text }
    /// Inline markup (no wrapping), for one-line texts such as titles and hints.
    public func inline(_ text: String) -> String { spans(text).map { render($0) }.joined() }
}

/// Colours Swift source a line at a time: keywords, types, strings, numbers, comments.
enum SwiftHighlighter {
    static let keywords: Set<String> = [
        "import", "struct", "class", "final", "enum", "protocol", "extension", "func", "init", "deinit", "let", "var",
        "return", "if", "else", "guard", "switch", "case", "default", "for", "while", "repeat", "in", "do", "try",
        "catch", "throw", "throws", "typealias", "associatedtype", "where", "self", "Self", "nil", "true", "false",
        "private", "fileprivate", "public", "internal", "open", "static", "weak", "unowned", "lazy", "mutating",
        "override", "some", "any", "inout", "break", "continue", "defer", "is", "as", "super", "get", "set",
        "didSet", "willSet",
    ]

    static func highlight(_ lines: [String]) -> [String] {
        var inBlockComment = false
        return lines.map { highlight(line: $0, inBlockComment: &inBlockComment) }
    }

    private static func paint(_ text: String, _ code: String) -> String { "\u{1B}[\(code)m\(text)\u{1B}[0m" }

    static func highlight(line: String, inBlockComment: inout Bool) -> String {
        let characters = Array(line)
        var output = ""
        var index = 0
        while index < characters.count {
            if inBlockComment {
                var end = index
                while end < characters.count,
                    !(characters[end] == "*" && end + 1 < characters.count && characters[end + 1] == "/")
                { end += 1 }
                let stop = min(characters.count, end + 2)
                output += paint(String(characters[index..<stop]), "90")
                if end < characters.count { inBlockComment = false }
                index = stop
                continue
            }
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "/", next == "/" {
                output += paint(String(characters[index...]), "90")
                break
            }
            if character == "/", next == "*" {
                inBlockComment = true
                output += paint("/*", "90")
                index += 2
                continue
            }
            if character == "\"" {
                var end = index + 1
                while end < characters.count, characters[end] != "\"" {
                    if characters[end] == "\\" { end += 1 }
                    end += 1
                }
                let stop = min(characters.count, end + 1)
                output += paint(String(characters[index..<stop]), "31")
                index = stop
                continue
            }
            if character.isNumber, index == 0 || !(characters[index - 1].isLetter || characters[index - 1] == "_") {
                var end = index
                while end < characters.count,
                    characters[end].isNumber || characters[end] == "_"
                        || (characters[end] == "." && end + 1 < characters.count && characters[end + 1].isNumber)
                { end += 1 }
                output += paint(String(characters[index..<end]), "34")
                index = end
                continue
            }
            if character.isLetter || character == "_" || character == "@" || character == "$" {
                var end = index + 1
                while end < characters.count,
                    characters[end].isLetter || characters[end].isNumber || characters[end] == "_"
                { end += 1 }
                let word = String(characters[index..<end])
                let afterDot = index > 0 && characters[index - 1] == "."
                if character == "@" || (!afterDot && keywords.contains(word)) {
                    output += paint(word, "35")
                } else if character.isUppercase {
                    output += paint(word, "36")
                } else {
                    output += word
                }
                index = end
                continue
            }
            output.append(character)
            index += 1
        }
        return output
    }
}

/// The terminal's width in columns: the terminal on standard output, else `COLUMNS`, else 80.
public enum TerminalWidth {
    public static func columns(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }

    /// The width lesson text wraps to.
    public static func forText(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        min(LessonTextRenderer.maximumWidth, columns(environment: environment) - 1)
    }
}
