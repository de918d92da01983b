import OpenCombine
import UndercurrentInterpreter

/// The elements of `(1...10).publisher` or `(0..<n).publisher`. A bounded range is a
/// random-access collection in Swift, which decides the operators OpenCombine applies when
/// the chain is built (`count()` is a `Just`, `last()` an `Optional.Publisher`); so it is
/// one here too. Prints as the range does; iteration stops when Ctrl-C or a script error
/// is waiting, like `RangeSequence`'s.
public struct RangeCollection: RandomAccessCollection, CustomStringConvertible {
    let lower: Int
    /// The number of integers in the range.
    public let count: Int
    let text: String
    unowned let interpreter: Interpreter
    /// In Swift a half-open range's indices are its own integers (`(1..<4)[2] == 2`); a
    /// closed range's are not Ints at all, so `output(at:)` is not built at once on it.
    var isIndexedByInt: Bool { text.contains("..<") }

    /// The element at a Swift index of a half-open range: the integer itself, if in range.
    func element(atIntegerIndex index: Int) -> Value? {
        index >= lower && index - lower < count ? .int(index) : nil
    }

    init(lower: Int, upper: Int, text: String, interpreter: Interpreter) {
        self.lower = lower
        let (span, overflow) = upper.subtractingReportingOverflow(lower)
        self.count = upper < lower ? 0 : (overflow || span == Int.max ? Int.max : span + 1)
        self.text = text
        self.interpreter = interpreter
    }

    public var description: String { text }

    /// The range itself, as the script wrote it.
    var rangeValue: Value {
        isIndexedByInt
            ? .range(RangeValue(kind: .halfOpen, lower: .int(lower), upper: .int(lower &+ count)))
            : .range(RangeValue(kind: .closed, lower: .int(lower), upper: .int(lower &+ count &- 1)))
    }

    /// Zero, because iteration stops early once an error or Ctrl-C is waiting: the standard
    /// library's `map` trusts this many elements to come (and traps if fewer do).
    public var underestimatedCount: Int { 0 }
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> Value { .int(lower &+ position) }

    public func makeIterator() -> Iterator {
        Iterator(range: self)
    }

    public struct Iterator: IteratorProtocol {
        let range: RangeCollection
        var position = 0

        public mutating func next() -> Value? {
            guard position < range.count, range.interpreter.countIterationStep() else { return nil }
            defer { position += 1 }
            return range[position]
        }
    }
}
