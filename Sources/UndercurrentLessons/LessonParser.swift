import Foundation
import UndercurrentInterpreter

/// Reads a lesson file (the format is in lessons/README.md). It never traps: every
/// problem becomes a diagnostic with its line, and a lesson with errors is not returned.
public enum LessonParser {
    public struct Parsed: Sendable {
        public var lesson: Lesson?
        public var diagnostics: [LessonDiagnostic]
        public var errors: [LessonDiagnostic] { diagnostics.filter { $0.severity == .error } }
    }

    public static func parse(_ text: String, path: String) -> Parsed {
        var reader = Reader(text: text, path: path)
        reader.read()
        return Parsed(
            lesson: reader.diagnostics.contains { $0.severity == .error } ? nil : reader.lesson,
            diagnostics: reader.diagnostics.sorted { $0.line < $1.line })
    }

    public static func parseFile(at path: String) -> Parsed {
        // Regular files only, of a bounded size: a named pipe or a device would never end.
        if case .success(let resolved) = LocalFile.resolve(path), LocalFile.kind(of: resolved) == .missing {
            return Parsed(lesson: nil, diagnostics: [LessonDiagnostic(line: 1, "cannot read the file")])
        }
        switch LocalFile.readText(path, limit: ResourceLimits.maxSourceBytes) {
        case .success(let text): return parse(text, path: path)
        case .failure(let problem):
            return Parsed(
                lesson: nil, diagnostics: [LessonDiagnostic(line: 1, "cannot read the file: \(problem.reason)")])
        }
    }

    /// `03-demand.md` → `demand`.
    static func defaultID(forPath path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        let trimmed = stem.drop { $0.isNumber }.drop { $0 == "-" || $0 == "_" || $0 == " " }
        return trimmed.isEmpty ? stem : String(trimmed)
    }

    /// The labels an exercise or a question uses, each alone at the start of a line.
    static let predictionLabels = ["Question:", "Answer:", "Explanation:"]

    // MARK: - Lines into elements

    enum Element {
        case heading(level: Int, text: String, line: Int)
        case fence(CodeBlock)
        case text(String, line: Int)
        case blank(line: Int)
    }

    struct Reader {
        let path: String
        let lines: [String]
        var diagnostics: [LessonDiagnostic] = []
        var lesson: Lesson

        init(text: String, path: String) {
            self.path = path
            let raw = Self.lines(of: text)
            // Lesson text is inert: a control character (an escape sequence that clears the
            // screen, writes the clipboard, hides text) is kept as its Swift escape, so it is
            // shown rather than obeyed, wherever the text goes; in a string literal of the
            // lesson's code it means the same character.
            var escaped: [String] = []
            escaped.reserveCapacity(raw.count)
            var found: [LessonDiagnostic] = []
            for (index, line) in raw.enumerated() {
                let (inert, controls) = LessonText.inert(line)
                if let first = controls.first {
                    found.append(
                        LessonDiagnostic(
                            line: index + 1, .warning,
                            "control character \(LessonText.name(first)) in the text\(controls.count > 1 ? " (and \(controls.count - 1) more on this line)" : ""); it is shown as \(LessonText.escape(first)), never sent to the terminal: remove it"
                        ))
                }
                escaped.append(inert)
            }
            lines = escaped
            diagnostics = found
            lesson = Lesson(
                id: LessonParser.defaultID(forPath: path), title: "", summary: "", path: path,
                introduction: [], steps: [])
        }

        /// The lines of `text`, a `\r` before a `\n` dropped. Split as bytes in one pass:
        /// Foundation's `replacingOccurrences` of `\r\n` took an eighth of the REPL's start-up
        /// on Linux, a split by Character most of what was left of reading the lessons, and the
        /// standard library's `split` of the UTF-8 view, a closure call a byte, a tenth after that.
        static func lines(of text: String) -> [String] {
            var text = text
            return text.withUTF8 { bytes in
                var lines: [String] = []
                var start = 0
                func addLine(upTo end: Int) {
                    let last = end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
                    lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<last]), as: UTF8.self))
                }
                for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                    addLine(upTo: index)
                    start = index + 1
                }
                addLine(upTo: bytes.count)
                return lines
            }
        }

        mutating func error(_ line: Int, _ message: String) {
            diagnostics.append(LessonDiagnostic(line: line, .error, message))
        }
        mutating func warning(_ line: Int, _ message: String) {
            diagnostics.append(LessonDiagnostic(line: line, .warning, message))
        }

        mutating func read() {
            let bodyStart = readFrontMatter()
            let elements = elements(from: bodyStart)
            structure(elements)
            if lesson.title.isEmpty { error(1, "the lesson has no title: put `title: …` in the front matter") }
            if lesson.steps.isEmpty {
                error(max(1, lines.count), "the lesson has no steps: each step starts with a `## ` heading")
            }
        }

        /// Front matter between `---` lines at the top: `title:`, `summary:`, `id:`.
        mutating func readFrontMatter() -> Int {
            var index = 0
            while index < lines.count, lines[index].trimmingSpaces().isEmpty { index += 1 }
            guard index < lines.count, lines[index].trimmingSpaces() == "---" else {
                error(
                    index + 1 > lines.count ? 1 : index + 1,
                    "a lesson starts with front matter: a line `---`, then `title: …` (and `summary: …`), then `---`")
                return index
            }
            let open = index
            index += 1
            while index < lines.count {
                let line = lines[index].trimmingSpaces()
                if line == "---" { return index + 1 }
                if !line.isEmpty, !line.hasPrefix("#") {
                    if let colon = line.firstIndex(of: ":") {
                        let key = line[..<colon].trimmingSpaces().lowercased()
                        var value = line[line.index(after: colon)...].trimmingSpaces()
                        // YAML-style quotes are optional: `title: "@Published"`.
                        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first
                        {
                            value = String(value.dropFirst().dropLast())
                        }
                        switch key {
                        case "title": lesson.title = value
                        case "summary": lesson.summary = value
                        case "id":
                            if value.isEmpty || value.contains(where: { $0.isWhitespace || $0 == "/" }) {
                                error(index + 1, "`id:` must be one word without spaces or slashes")
                            } else {
                                lesson.id = value
                            }
                        default: warning(index + 1, "unknown front matter key `\(key)` (known: title, summary, id)")
                        }
                    } else {
                        error(index + 1, "front matter lines are `key: value`")
                    }
                }
                index += 1
            }
            error(open + 1, "the front matter that starts here has no closing `---`")
            return lines.count
        }

        mutating func elements(from start: Int) -> [Element] {
            var result: [Element] = []
            var index = start
            while index < lines.count {
                let raw = lines[index]
                let line = index + 1
                let trimmed = raw.trimmingSpaces()
                if let fence = Self.fenceMarker(trimmed) {
                    let indent = raw.prefix { $0 == " " || $0 == "\t" }.count
                    let info = trimmed.dropFirst(fence.count).trimmingSpaces()
                    let words = info.split(separator: " ").map(String.init)
                    var body: [String] = []
                    var closed = false
                    index += 1
                    while index < lines.count {
                        let inner = lines[index]
                        let innerTrimmed = inner.trimmingSpaces()
                        if innerTrimmed.hasPrefix(fence), innerTrimmed.allSatisfy({ $0 == fence.first }) {
                            closed = true
                            break
                        }
                        body.append(Self.dropIndent(inner, indent))
                        index += 1
                    }
                    if !closed { error(line, "this code block has no closing \(fence)") }
                    result.append(
                        .fence(
                            CodeBlock(
                                language: words.first?.lowercased() ?? "", options: Array(words.dropFirst()),
                                code: body.joined(separator: "\n"), line: line)))
                    index += 1
                    continue
                }
                if trimmed.isEmpty {
                    result.append(.blank(line: line))
                } else if let level = Self.headingLevel(raw) {
                    let text = raw.dropFirst(level).trimmingSpaces()
                    result.append(.heading(level: level, text: text, line: line))
                } else {
                    result.append(.text(raw, line: line))
                }
                index += 1
            }
            return result
        }

        static func fenceMarker(_ trimmed: String) -> String? {
            for character: Character in ["`", "~"] {
                let run = trimmed.prefix { $0 == character }
                if run.count >= 3 { return String(run) }
            }
            return nil
        }

        static func dropIndent(_ line: String, _ count: Int) -> String {
            var dropped = 0
            var index = line.startIndex
            while dropped < count, index < line.endIndex, line[index] == " " || line[index] == "\t" {
                index = line.index(after: index)
                dropped += 1
            }
            return String(line[index...])
        }

        /// `## Title` → 2 (a heading needs a space after its hashes, and starts the line).
        static func headingLevel(_ line: String) -> Int? {
            let hashes = line.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes) else { return nil }
            let rest = line.dropFirst(hashes)
            guard rest.first == " " else { return nil }
            return hashes
        }

        // MARK: - Elements into steps

        mutating func structure(_ elements: [Element]) {
            var step: LessonStep?
            var prose = BlockCollector()
            var exercise: ExerciseBuilder?
            var prediction: PredictionBuilder?

            // A step whose exercise or question did not build is not also reported as empty.
            var hadSection = false

            func finishSection(_ reader: inout Reader) {
                if exercise != nil || prediction != nil { hadSection = true }
                if var builder = exercise {
                    if let built = builder.build(&reader) { step?.exercise = built }
                    exercise = nil
                }
                if var builder = prediction {
                    if let built = builder.build(&reader) { step?.prediction = built }
                    prediction = nil
                }
            }

            func finishStep(_ reader: inout Reader) {
                finishSection(&reader)
                if var finished = step {
                    finished.body = prose.blocksFlushed
                    reader.check(finished, hadSection: hadSection)
                    reader.lesson.steps.append(finished)
                } else {
                    reader.lesson.introduction = prose.blocksFlushed
                }
                prose = BlockCollector()
                hadSection = false
            }

            for element in elements {
                switch element {
                case .heading(level: 1, let text, _) where lesson.title.isEmpty && step == nil:
                    lesson.title = text
                case .heading(level: 2, let text, let line):
                    finishStep(&self)
                    step = LessonStep(title: text, line: line, body: [], exercise: nil, prediction: nil)
                case .heading(level: 3, let text, let line) where Self.sectionKind(text) != nil:
                    guard step != nil else {
                        error(line, "`### \(text)` must be inside a step: put a `## ` step heading above it")
                        continue
                    }
                    if exercise != nil || prediction != nil || step?.exercise != nil || step?.prediction != nil {
                        error(
                            line, "a step holds at most one exercise or question; start a new `## ` step for this one")
                        finishSection(&self)
                    }
                    let title = Self.sectionTitle(text)
                    if Self.sectionKind(text) == "exercise" {
                        exercise = ExerciseBuilder(title: title, line: line)
                    } else {
                        prediction = PredictionBuilder(title: title, line: line)
                    }
                default:
                    if exercise != nil {
                        exercise!.add(element, &self)
                    } else if prediction != nil {
                        prediction!.add(element, &self)
                    } else {
                        prose.add(element)
                    }
                }
            }
            finishStep(&self)
        }

        /// `Exercise`, `Exercise: Ask for two` → "exercise"; `Predict…` → "prediction".
        static func sectionKind(_ heading: String) -> String? {
            let word = heading.prefix { $0.isLetter }.lowercased()
            if word == "exercise" { return "exercise" }
            if word == "predict" || word == "prediction" { return "prediction" }
            return nil
        }

        static func sectionTitle(_ heading: String) -> String {
            guard let colon = heading.firstIndex(of: ":") else { return "" }
            return heading[heading.index(after: colon)...].trimmingSpaces()
        }

        mutating func check(_ step: LessonStep, hadSection: Bool) {
            if step.title.isEmpty { error(step.line, "a step heading needs a title after `## `") }
            if step.body.isEmpty, !hadSection {
                error(step.line, "the step \"\(step.title)\" is empty")
            }
            if step.exercise != nil || step.prediction != nil, let code = step.code.first {
                error(
                    code.line,
                    "a step with an exercise or a question cannot have code of its own to run; move the example to the step before, or mark it ```swift no-run"
                )
            }
            for case .code(let block) in step.body where block.language.isEmpty {
                warning(
                    block.line,
                    "say what this code block holds: ```swift (runs), ```swift no-run (shown only) or ```text")
            }
        }
    }

    // MARK: - Prose

    /// Gathers prose lines and code blocks into `LessonBlock`s.
    struct BlockCollector {
        var blocks: [LessonBlock] = []
        private var lines: [String] = []
        private var firstLine = 0

        var isEmpty: Bool { blocks.isEmpty && lines.allSatisfy { $0.isEmpty } }

        mutating func add(_ element: Element) {
            switch element {
            case .heading(let level, let text, let line):
                addLine(String(repeating: "#", count: level) + " " + text, line)
            case .text(let text, let line):
                addLine(text, line)
            case .blank(let line):
                if !lines.isEmpty { addLine("", line) }
            case .fence(let block):
                flush()
                blocks.append(.code(block))
            }
        }

        mutating func addLine(_ text: String, _ line: Int) {
            if lines.isEmpty { firstLine = line }
            lines.append(text)
        }

        mutating func flush() {
            while lines.last?.isEmpty == true { lines.removeLast() }
            if !lines.isEmpty { blocks.append(.text(lines.joined(separator: "\n"), line: firstLine)) }
            lines.removeAll()
        }

        var blocksFlushed: [LessonBlock] {
            var copy = self
            copy.flush()
            return copy.blocks
        }
    }

    // MARK: - Exercises

    /// What a `Checks:` list collects: each item with its line and the block after `output is:`.
    struct CheckItem {
        var text: String
        var line: Int
        var block: String?
    }

    static func label(_ text: String, in labels: [String]) -> (label: String, rest: String)? {
        let trimmed = text.trimmingSpaces()
        for label in labels + ["Hint:", "Checks:"] where trimmed.hasPrefix(label) {
            return (label, trimmed.dropFirst(label.count).trimmingSpaces())
        }
        return nil
    }

    static func isCheckItem(_ text: String) -> String? {
        let trimmed = text.trimmingSpaces()
        if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
            return trimmed.dropFirst(2).trimmingSpaces()
        }
        return nil
    }

    /// Reads a `Checks:` list: one check per `- ` line; `output is:` takes the fenced block below it.
    static func parseChecks(_ items: [CheckItem], _ reader: inout Reader) -> [Check] {
        var checks: [Check] = []
        for item in items {
            switch CheckParser.parse(item.text, line: item.line, block: item.block) {
            case .success(let check): checks.append(check)
            case .failure(let failure): reader.error(item.line, failure.message)
            }
        }
        return checks
    }

    /// A label of an exercise, alone at the start of a line: `Starter:`, `Run with: NAME`,
    /// `Hint [CONCEPT]: text`, `Wrong [CONCEPT]: what it does`.
    struct ExerciseLabel: Equatable {
        enum Kind: String, CaseIterable {
            case given = "Given"
            case starter = "Starter"
            case runWith = "Run with"
            case solution = "Solution"
            case hint = "Hint"
            case checks = "Checks"
            case correct = "Correct"
            case wrong = "Wrong"
        }
        var kind: Kind
        /// The concept in brackets, when written (lowercased).
        var concept: String?
        /// The text after the colon.
        var rest: String

        static func read(_ text: String) -> ExerciseLabel? {
            let trimmed = text.trimmingSpaces()
            for kind in Kind.allCases where trimmed.hasPrefix(kind.rawValue) {
                var after = trimmed.dropFirst(kind.rawValue.count)
                var concept: String?
                let spaced = after.drop { $0 == " " }
                if spaced.first == "[", let close = spaced.firstIndex(of: "]") {
                    concept = spaced[spaced.index(after: spaced.startIndex)..<close]
                        .trimmingSpaces().lowercased()
                    after = spaced[spaced.index(after: close)...]
                }
                guard after.first == ":" else { continue }
                return ExerciseLabel(
                    kind: kind, concept: concept, rest: after.dropFirst().trimmingSpaces())
            }
            return nil
        }
    }

    private struct ExerciseBuilder {
        let title: String
        let line: Int
        var prompt = BlockCollector()
        var code: [ExerciseLabel.Kind: CodeBlock] = [:]
        var hints: [ExerciseHint] = []
        var hintLines: [Int] = []
        /// Drivers in order of appearance: name ("" for the exercise's own `Run with:`), line, code.
        var drivers: [(name: String, line: Int, code: CodeBlock?)] = []
        /// Check items by driver name, and the names in the order their lists appeared.
        var items: [String: [CheckItem]] = [:]
        var checkLists: [(name: String, line: Int)] = []
        var currentChecks = ""
        var correct: [Variant] = []
        var wrong: [Variant] = []
        var state: State = .prompt

        enum Pending: Equatable {
            case code(ExerciseLabel.Kind)
            case driver(String)
            case variant(correct: Bool, description: String, concept: String?)

            var label: String {
                switch self {
                case .code(let kind): return kind.rawValue + ":"
                case .driver(let name): return name.isEmpty ? "Run with:" : "Run with: \(name)"
                case .variant(let correct, _, _): return correct ? "Correct:" : "Wrong:"
                }
            }
        }

        enum State: Equatable {
            case prompt
            case awaitingCode(Pending, Int)
            case hint, checks, idle
        }

        init(title: String, line: Int) {
            self.title = title
            self.line = line
        }

        mutating func add(_ element: Element, _ reader: inout Reader) {
            switch element {
            case .blank(let line):
                if state == .hint { state = .idle }
                if state == .prompt { prompt.add(.blank(line: line)) }
            case .heading:
                if state == .prompt {
                    prompt.add(element)
                } else if case .heading(_, let text, let line) = element {
                    reader.error(line, "unexpected heading `\(text)` inside an exercise, after its prompt")
                }
            case .fence(let block):
                switch state {
                case .awaitingCode(let pending, _):
                    store(block, for: pending)
                    state = .idle
                case .checks:
                    let list = items[currentChecks] ?? []
                    if let last = list.last, last.block == nil, Self.wantsBlock(last.text) {
                        items[currentChecks]![list.count - 1].block = block.code
                    } else {
                        reader.error(block.line, "a code block in `Checks:` must follow `- output is:`")
                    }
                case .prompt:
                    prompt.add(element)
                default:
                    reader.error(
                        block.line,
                        "a code block in an exercise needs a label on the line above it: Given:, Starter:, Run with:, Solution:, Correct: or Wrong:"
                    )
                }
            case .text(let text, let line):
                if let label = ExerciseLabel.read(text) {
                    closePendingCode(&reader)
                    takeLabel(label, line: line, &reader)
                    return
                }
                if let other = LessonParser.label(text, in: LessonParser.predictionLabels),
                    LessonParser.predictionLabels.contains(other.label)
                {
                    reader.error(line, "`\(other.label)` belongs to a `### Predict` section, not an exercise")
                    return
                }
                switch state {
                case .prompt:
                    prompt.add(element)
                case .hint:
                    hints[hints.count - 1].text += " " + text.trimmingSpaces()
                case .checks:
                    if let item = LessonParser.isCheckItem(text) {
                        items[currentChecks, default: []].append(CheckItem(text: item, line: line))
                    } else {
                        reader.error(line, "each check is a list item starting with `- `")
                    }
                case .awaitingCode(let pending, _):
                    reader.error(line, "expected a fenced code block (```swift) after `\(pending.label)`")
                    state = .idle
                case .idle:
                    reader.error(
                        line,
                        "unexpected text in the exercise; its prompt goes right under `### Exercise`, before the first label"
                    )
                }
            }
        }

        mutating func takeLabel(_ label: ExerciseLabel, line: Int, _ reader: inout Reader) {
            if label.concept != nil, label.kind != .hint, label.kind != .wrong {
                reader.error(line, "only `Hint [CONCEPT]:` and `Wrong [CONCEPT]:` take a concept in brackets")
            }
            switch label.kind {
            case .hint:
                if label.rest.isEmpty { reader.error(line, "write the hint after `Hint:` on the same line") }
                if label.concept == "" { reader.error(line, "write the concept between the brackets") }
                hints.append(ExerciseHint(label.rest, concept: label.concept))
                hintLines.append(line)
                state = .hint
            case .checks:
                let name = label.rest.lowercased()
                if checkLists.contains(where: { $0.name == name }) {
                    reader.error(
                        line,
                        name.isEmpty
                            ? "an exercise has one `Checks:` list for its `Run with:`"
                            : "there is already a `Checks: \(name)` list")
                }
                checkLists.append((name, line))
                currentChecks = name
                state = .checks
            case .runWith:
                let name = label.rest.lowercased()
                if drivers.contains(where: { $0.name == name }) {
                    reader.error(
                        line,
                        name.isEmpty
                            ? "this exercise already has a `Run with:` block"
                            : "this exercise already has a `Run with: \(name)` block")
                }
                state = .awaitingCode(.driver(name), line)
            case .correct, .wrong:
                if label.rest.isEmpty {
                    reader.error(line, "say what this solution does after `\(label.kind.rawValue):`, on the same line")
                }
                if label.kind == .wrong, label.concept?.isEmpty ?? true {
                    reader.error(
                        line,
                        "name the concept whose check this wrong solution must fail: `Wrong [CONCEPT]: what it does`")
                }
                state = .awaitingCode(
                    .variant(correct: label.kind == .correct, description: label.rest, concept: label.concept), line)
            case .given, .starter, .solution:
                if !label.rest.isEmpty {
                    reader.error(
                        line, "put the code in a fenced block (```swift) on the lines after `\(label.kind.rawValue):`")
                }
                if code[label.kind] != nil {
                    reader.error(line, "this exercise already has a `\(label.kind.rawValue):` block")
                }
                state = .awaitingCode(.code(label.kind), line)
            }
        }

        mutating func store(_ block: CodeBlock, for pending: Pending) {
            guard case .awaitingCode(_, let line) = state else { return }
            switch pending {
            case .code(let kind): code[kind] = block
            case .driver(let name): drivers.append((name, line, block))
            case .variant(let isCorrect, let description, let concept):
                let variant = Variant(description: description, concept: concept, code: block, line: line)
                if isCorrect { correct.append(variant) } else { wrong.append(variant) }
            }
        }

        static func wantsBlock(_ item: String) -> Bool {
            let squeezed = CheckParser.squeezed(CheckParser.splitConcept(item).1).lowercased()
            return squeezed == "output is:" || squeezed == "output is"
        }

        mutating func closePendingCode(_ reader: inout Reader) {
            if case .awaitingCode(let pending, let line) = state {
                reader.error(line, "`\(pending.label)` must be followed by a fenced code block (```swift)")
            }
        }

        mutating func build(_ reader: inout Reader) -> Exercise? {
            closePendingCode(&reader)
            if prompt.isEmpty { reader.error(line, "the exercise has no prompt: say what to do under `### Exercise`") }
            guard let starter = code[.starter] else {
                reader.error(line, "the exercise has no `Starter:` code block")
                return nil
            }
            guard let solution = code[.solution] else {
                reader.error(line, "the exercise has no `Solution:` code block")
                return nil
            }
            if checkLists.isEmpty {
                reader.error(line, "the exercise has no `Checks:` list; a check judges what the code does")
            }
            // The exercise's own run comes first, with or without code of its own.
            var built: [Driver] = []
            if let main = drivers.first(where: { $0.name.isEmpty }) {
                built.append(Driver(name: "", code: main.code, checks: [], line: main.line))
            } else {
                built.append(Driver(name: "", code: nil, checks: [], line: line))
            }
            for driver in drivers where !driver.name.isEmpty {
                built.append(Driver(name: driver.name, code: driver.code, checks: [], line: driver.line))
            }
            let errorsBefore = reader.diagnostics.count
            for list in checkLists {
                let checks = LessonParser.parseChecks(items[list.name] ?? [], &reader)
                guard let index = built.firstIndex(where: { $0.name == list.name }) else {
                    reader.error(
                        list.line,
                        "`Checks: \(list.name)` names no run: write a `Run with: \(list.name)` block for it")
                    continue
                }
                if (items[list.name] ?? []).isEmpty {
                    reader.error(list.line, "this `Checks:` list is empty; each check is a line starting with `- `")
                }
                built[index].checks += checks
            }
            for driver in built.dropFirst() where driver.checks.isEmpty {
                reader.error(
                    driver.line,
                    "`Run with: \(driver.name)` has no checks: add a `Checks: \(driver.name)` list for it")
            }
            // Names in checks are the exercise's own objects: the learner's code may make a
            // `Sink` of its own, which a check must not mistake for the one it means.
            for driver in built {
                let words = CodeIdentifiers.words(in: [code[.given]?.code, driver.code?.code].compactMap { $0 })
                for check in driver.checks {
                    for name in check.rule.names {
                        let type = TraceNames.baseName(name)
                        if type.split(separator: ".").contains(where: { !words.contains(String($0)) }) {
                            reader.error(
                                check.line,
                                "the check names `\(name)`, which neither the given code nor this run's code mentions: name an object they make (the learner's code may make one of its own)"
                            )
                        }
                    }
                }
            }
            let blocks =
                [code[.given], starter, solution].compactMap { $0 } + drivers.compactMap(\.code)
                + (correct + wrong).map(\.code)
            for block in blocks where !block.isSwift {
                reader.error(block.line, "exercise code blocks are Swift: open them with ```swift")
            }
            let exercise = Exercise(
                title: title, line: line, prompt: prompt.blocksFlushed, given: code[.given], starter: starter,
                drivers: built, hints: hints, solution: solution, correct: correct, wrong: wrong)
            // A check that does not read hides its concept: naming it elsewhere is no error then.
            let checksRead = reader.diagnostics.count == errorsBefore
            let concepts = exercise.concepts
            for (hint, hintLine) in zip(hints, hintLines) where checksRead {
                if let concept = hint.concept, !concept.isEmpty, !concepts.contains(concept) {
                    reader.error(
                        hintLine,
                        "no check of this exercise has the concept `\(concept)` (its concepts: \(concepts.joined(separator: ", ")))"
                    )
                }
            }
            for variant in wrong where checksRead {
                if let concept = variant.concept, !concept.isEmpty, !concepts.contains(concept) {
                    reader.error(
                        variant.line,
                        "no check of this exercise has the concept `\(concept)` (its concepts: \(concepts.joined(separator: ", ")))"
                    )
                }
            }
            return exercise
        }
    }

    // MARK: - Predict-the-trace questions

    private struct PredictionBuilder {
        let title: String
        let line: Int
        var body = BlockCollector()
        var question = ""
        var questionLine = 0
        var choices: [Prediction.Choice] = []
        var answers: [String] = []
        var answerLine = 0
        var explanation = ""
        var items: [CheckItem] = []
        var state: State = .body

        enum State: Equatable { case body, question, choices, explanation, checks, idle }

        init(title: String, line: Int) {
            self.title = title
            self.line = line
        }

        static func choice(_ text: String) -> Prediction.Choice? {
            let trimmed = text.trimmingSpaces()
            guard trimmed.count >= 3, let first = trimmed.first, first.isLetter, first.isLowercase,
                trimmed.dropFirst().first == ")"
            else { return nil }
            return Prediction.Choice(
                label: String(first), text: trimmed.dropFirst(2).trimmingSpaces())
        }

        mutating func add(_ element: Element, _ reader: inout Reader) {
            switch element {
            case .blank(let line):
                if state == .body { body.add(.blank(line: line)) }
                if state == .question || state == .explanation { state = .idle }
            case .heading(_, let text, let line):
                if state == .body {
                    body.add(element)
                } else {
                    reader.error(line, "unexpected heading `\(text)` inside a question")
                }
            case .fence(let block):
                switch state {
                case .body:
                    body.add(element)
                case .checks:
                    if let last = items.last, last.block == nil, ExerciseBuilder.wantsBlock(last.text) {
                        items[items.count - 1].block = block.code
                    } else {
                        reader.error(block.line, "a code block in `Checks:` must follow `- output is:`")
                    }
                default:
                    reader.error(block.line, "the question's code goes before `Question:`")
                }
            case .text(let text, let line):
                if let (label, rest) = LessonParser.label(text, in: LessonParser.predictionLabels) {
                    switch label {
                    case "Question:":
                        if !question.isEmpty { reader.error(line, "a question section has one `Question:`") }
                        question = rest
                        questionLine = line
                        state = .question
                    case "Answer:":
                        answers = rest.split(separator: "|").map { $0.trimmingSpaces() }.filter {
                            !$0.isEmpty
                        }
                        answerLine = line
                        if answers.isEmpty { reader.error(line, "write the answer after `Answer:`") }
                        state = .idle
                    case "Explanation:":
                        explanation = rest
                        state = .explanation
                    case "Checks:":
                        state = .checks
                    default:
                        reader.error(line, "`\(label)` belongs to an exercise, not a question")
                    }
                    return
                }
                if state == .question || state == .choices, let choice = Self.choice(text) {
                    if choices.contains(where: { $0.label == choice.label }) {
                        reader.error(line, "choice \(choice.label)) appears twice")
                    }
                    choices.append(choice)
                    state = .choices
                    return
                }
                switch state {
                case .body: body.add(element)
                case .question: question += " " + text.trimmingSpaces()
                case .explanation: explanation += " " + text.trimmingSpaces()
                case .choices:
                    if text.first == " " || text.first == "\t" {
                        choices[choices.count - 1].text += " " + text.trimmingSpaces()
                    } else {
                        reader.error(
                            line, "choices are lines like `a) …`; a longer choice continues on an indented line")
                    }
                case .checks:
                    if let item = LessonParser.isCheckItem(text) {
                        items.append(CheckItem(text: item, line: line))
                    } else {
                        reader.error(line, "each check is a list item starting with `- `")
                    }
                case .idle:
                    reader.error(
                        line, "unexpected text in the question; the text shown with it goes before `Question:`")
                }
            }
        }

        mutating func build(_ reader: inout Reader) -> Prediction? {
            let checks = LessonParser.parseChecks(items, &reader)
            guard !question.isEmpty else {
                reader.error(line, "the question section has no `Question:` line")
                return nil
            }
            guard !answers.isEmpty else {
                reader.error(line, "the question has no `Answer:` line")
                return nil
            }
            if !choices.isEmpty {
                for answer in answers where !choices.contains(where: { $0.label == answer.lowercased() }) {
                    reader.error(
                        answerLine,
                        "the answer `\(answer)` is not one of the choices (\(choices.map(\.label).joined(separator: ", ")))"
                    )
                }
                if choices.count < 2 {
                    reader.error(questionLine, "a multiple-choice question needs at least two choices")
                }
            }
            let prediction = Prediction(
                title: title, line: line, body: body.blocksFlushed, question: question, choices: choices,
                answers: answers, answerLine: answerLine, explanation: explanation, checks: checks)
            if prediction.code.isEmpty {
                reader.error(line, "a question needs Swift code (```swift) to run when the answer is revealed")
            }
            return prediction
        }
    }
}

/// Control characters in a lesson's text, made visible.
enum LessonText {
    /// Characters a terminal would act on rather than show (C0 but tab, DEL, C1), and the
    /// bidirectional overrides that make shown text read differently from what it is.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `line` has a scalar `isControl` finds, read as UTF-8: the lesson reader asks it
    /// of every line, and a scalar at a time took a twentieth of the REPL's start-up.
    static func hasControl(_ line: String) -> Bool {
        let found = line.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                let rest = bytes.count - index
                if byte < 0x20 {
                    if byte != 0x09 { return true }
                } else if byte == 0x7F {
                    return true
                } else if byte == 0xC2, rest > 1, (0x80...0x9F).contains(bytes[index + 1]) {
                    return true  // U+0080 to U+009F
                } else if byte == 0xE2, rest > 2 {
                    let (second, third) = (bytes[index + 1], bytes[index + 2])
                    // U+202A to U+202E, U+2066 to U+2069
                    if (second == 0x80 && (0xAA...0xAE).contains(third))
                        || (second == 0x81 && (0xA6...0xA9).contains(third))
                    {
                        return true
                    }
                }
                index += 1
            }
            return false
        }
        return found ?? line.unicodeScalars.contains(where: isControl)
    }

    /// `\u{1B}` for ESC.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `U+001B`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The line with each control character replaced by its escape, and the ones replaced.
    static func inert(_ line: String) -> (String, [Unicode.Scalar]) {
        guard hasControl(line) else { return (line, []) }
        var result = ""
        var found: [Unicode.Scalar] = []
        for scalar in line.unicodeScalars {
            if isControl(scalar) {
                found.append(scalar)
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return (result, found)
    }
}
