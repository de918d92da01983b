import Testing
import UndercurrentInterpreter

/// The Swift standard library subset: each snippet must print exactly what it prints when
/// compiled natively. Expected outputs come from `scripts/oracle` (swiftc, module
/// `main`, Foundation imported).
@Suite struct StandardLibraryTests {
    /// `padding(toLength:withPad:startingAt:)` counts UTF-16 code units as Foundation does
    /// (a decomposed "é" is two), and stops the input where Foundation would stop the program.
    @Test func paddingCountsAsFoundationDoes() {
        expectOracleOutput(
            #"""
            import Foundation
            print("héllo".padding(toLength: 8, withPad: "ab", startingAt: 1) + "|")
            print("abcdef".padding(toLength: 3, withPad: "-", startingAt: 0) + "|")
            print("ab".padding(toLength: 6, withPad: "xyz", startingAt: 2) + "|")
            print("e\u{301}x".padding(toLength: 5, withPad: ".", startingAt: 0) + "|", "e\u{301}x".count)
            """#,
            #"""
            héllobab|
            abc|
            abzxyz|
            éx..| 2

            """#)
        expectScriptError(
            #"print("a".padding(toLength: -1, withPad: "x", startingAt: 0))"#, .runtime,
            containing: "the length -1 is negative")
        expectScriptError(
            #"print("a".padding(toLength: 3, withPad: "", startingAt: 0))"#, .runtime,
            containing: "empty pad string")
        expectScriptError(
            #"print("a".padding(toLength: 3, withPad: "x", startingAt: -1))"#, .runtime,
            containing: "out of range padIndex -1")
        expectScriptError(
            #"print("a".padding(toLength: 3, withPad: "xy", startingAt: 2))"#, .runtime,
            containing: "out of range padIndex 2")
        expectScriptError(
            #"print("a".padding(toLength: 100_000_000, withPad: "x", startingAt: 0).count)"#,
            .interrupted, containing: "would grow past")
    }

    /// An implicit raw value after `Int.max` is refused (Swift rejects it when compiling);
    /// found by the fuzzer, which used to stop the process with an overflow.
    @Test func implicitRawValuesPastIntMaxAreRefused() {
        expectScriptError(
            "enum E: Int { case a = 9223372036854775807, b }\nprint(E.b.rawValue)", .runtime,
            containing: "the raw value of 'b' overflows Int")
        expectOracleOutput(
            "enum E: Int { case a = 9223372036854775806, b }\nprint(E.b.rawValue)", "9223372036854775807\n")
    }

    /// The interpreter's one floating-point type is Double: `Float` accepted as Double printed
    /// `0.3333333333333333` for `Float(1) / 3` (Swift: `0.33333334`), so it is refused by name,
    /// with line and column. (The fixed-width integers compute as Swift's: `FixedWidthIntegerTests`.)
    @Test func floatingPointTypesOtherThanDoubleAreRefused() {
        expectScriptError("let f: Float = 1\nprint(f / 3)", .unsupported, containing: "`Float` (only Double")
        expectScriptError("func half(_ x: Float) -> Float { x / 2 }", .unsupported, containing: "`Float`")
        let refused = runScript("let a = 1\nlet b: Float = 2")
        #expect(refused.error?.location.line == 2 && refused.error?.location.column == 8)
        expectOracleOutput("let d: Double = 1\nprint(d / 3)\nlet e: Float64 = 2\nprint(e)", "0.3333333333333333\n2.0\n")
    }

    /// String members: count, contains, case, prefix/suffix, reversed, append, comparison.
    @Test func strings() {
        expectOracleOutput(
            #"""
            import Foundation
            var s = "Hello, World"
            print(s.count, s.isEmpty, "".isEmpty)
            print(s.contains("World"), s.contains("x"), s.contains(Character("H")), s.contains { $0.isNumber })
            print(s.uppercased(), s.lowercased(), "hello world".capitalized)
            print(s.hasPrefix("Hell"), s.hasSuffix("d"))
            print(s.prefix(5), s.suffix(5), s.dropFirst(7), s.dropLast(7))
            print(String(s.reversed()), s.reversed().count)
            print(s.first!, s.last!, s.first as Any)
            print(s.map { $0.isUppercase ? "U" : "l" }.joined())
            print(s.filter { $0.isLetter }, s.reduce(0) { $0 + ($1 == "l" ? 1 : 0) })
            print(s.lowercased().filter { "aeiou".contains($0) }.count, "Hello".count(where: { $0 == "l" }))
            print(String(repeating: "ab", count: 3), String(repeating: Character("-"), count: 4))
            s += "!"
            var t = "abc"
            t.append("d")
            t.append(Character("e"))
            print(s, t, t.removeLast(), t.removeFirst(), t)
            print("apple" < "banana", "a" == "a", "B" < "a")
            print(String(describing: 42), String(describing: [1, 2]), String(42), String(3.5), 42.description, "x".description)
            print(Array("hey"), Set("aab").count, "cab".sorted(), "cab".sorted().map(String.init).joined())
            print("héllo".uppercased(), "ÉCOLE".lowercased(), "straße".uppercased())
            print("name".padding(toLength: 6, withPad: ".", startingAt: 0) + "|", "abc".contains(""))
            """#,
            #"""
            12 false true
            true false true false
            HELLO, WORLD hello, world Hello World
            true true
            Hello World World Hello
            dlroW ,olleH 12
            H d Optional("H")
            UllllllUllll
            HelloWorld 3
            3 2
            ababab ----
            Hello, World! abcde e a bcd
            true true true
            42 [1, 2] 42 3.5 42 x
            ["h", "e", "y"] 2 ["a", "b", "c"] abc
            HÉLLO école STRASSE
            name..| false

            """#)
    }

    /// `split` returns substrings that print like strings; Foundation's components and trimming.
    @Test func stringSplitting() {
        expectOracleOutput(
            #"""
            import Foundation
            let s = "Hello, World"
            print(s.split(separator: ","), s.split(separator: " ").map(String.init))
            print("a-b-c".split(separator: "-", maxSplits: 1), "a,,b".split(separator: ","))
            print("a  b".split(separator: " ", omittingEmptySubsequences: false))
            print("a1b2c".split(whereSeparator: { $0.isNumber }), "a--b".split(separator: "--"))
            print("one two  three".components(separatedBy: " "), "".components(separatedBy: ","), "".split(separator: ","))
            print("a,b;c".components(separatedBy: CharacterSet(charactersIn: ",;")))
            print("x y\nz".components(separatedBy: .whitespacesAndNewlines))
            print("  padded  ".trimmingCharacters(in: .whitespaces) + "|")
            print("\n\t text \n".trimmingCharacters(in: .whitespacesAndNewlines) + "|")
            print(s.replacingOccurrences(of: "o", with: "0"), "a b c".replacingOccurrences(of: " ", with: ""))
            print(["x", "y", "z"].joined(separator: "+"), ["x", "y"].joined())
            let words = "The quick brown fox".split(separator: " ")
            print(words.map { $0.count }, words.map { $0.lowercased() })
            """#,
            #"""
            ["Hello", " World"] ["Hello,", "World"]
            ["a", "b-c"] ["a", "b"]
            ["a", "", "b"]
            ["a", "b", "c"] ["a", "b"]
            ["one", "two", "", "three"] [""] []
            ["a", "b", "c"]
            ["x", "y", "z"]
            padded|
            text|
            Hell0, W0rld abc
            x+y+z xy
            [3, 5, 5, 3] ["the", "quick", "brown", "fox"]

            """#)
    }

    /// Character properties; `Int(_:)`, `Double(_:)`, radix and `String(format:)`.
    @Test func charactersAndConversions() {
        expectOracleOutput(
            #"""
            import Foundation
            let c: Character = "7"
            print(c.isNumber, c.isLetter, c.wholeNumberValue!, Character("a").uppercased(), Character("Q").isUppercase)
            print(Character("a").asciiValue!, Character(" ").isWhitespace, Character("!").isPunctuation, Character("f").hexDigitValue!)
            print(Int("42")!, Int("4x") as Any, Double("2.5")!, Double("x") as Any, Int("-7")!, Int(" 7") as Any)
            print(String(255, radix: 2), String(255, radix: 16, uppercase: true), Int("ff", radix: 16)!)
            print(Int(3.99), Int(-3.99), Double(7) / 2, Int(exactly: 2.0) as Any, Int(exactly: 2.5) as Any)
            print(String(format: "%.2f", 3.14159), String(format: "%d-%05.1f-%@-%x", 42, 3.14159, "str", 255))
            print(String(format: "%3d|%-3d|%%|%e", 5, 6, 12345.678))
            print(Bool("true") as Any, Bool("yes") as Any)
            """#,
            #"""
            true false 7 A true
            97 true true 15
            42 nil 2.5 nil -7 nil
            11111111 FF 255
            3 -3 3.5 Optional(2) nil
            3.14 42-003.1-str-ff
              5|6  |%|1.234568e+04
            Optional(true) nil

            """#)
    }

    /// map, filter, reduce, sorted, first(where:), enumerated, slices, joined.
    @Test func arrayTransforms() {
        expectOracleOutput(
            #"""
            import Foundation
            let words = ["apple", "banana", "cherry", "avocado"]
            let lengths = words.map { $0.count }
            print(lengths, lengths.reduce(0, +), lengths.max()!, lengths.min()!)
            print(words.filter { $0.hasPrefix("a") }.map { $0.uppercased() })
            print(words.sorted { $0.count < $1.count }, words.sorted(), words.sorted(by: >))
            print(words.first { $0.count > 5 } ?? "none", words.first(where: { $0.isEmpty }) ?? "none")
            print(["1", "x", "3"].compactMap { Int($0) }, words.map(\.count))
            print(words.enumerated().map { "\($0.offset):\($0.element)" }.joined(separator: ", "))
            for (index, word) in words.enumerated() where index % 2 == 0 { print(index, word) }
            print(words.contains("apple"), words.contains { $0.isEmpty }, words.allSatisfy { !$0.isEmpty })
            print(words.firstIndex(of: "cherry") as Any, words.firstIndex { $0.hasSuffix("o") } as Any, words.lastIndex(of: "x") as Any)
            print(words.prefix(2), words.suffix(2), words.dropFirst(3), words.dropLast(3), words.prefix(while: { $0 < "c" }))
            print(words.min(by: { $0.count < $1.count })!, words.max { $0.count < $1.count }!)
            var total = 0
            [1, 2, 3].forEach { total += $0 }
            print(total, [1, 2, 3].reduce(into: [Int]()) { $0.insert($1, at: 0) })
            let matrix = [[1, 2], [3, 4]]
            print(matrix.flatMap { $0 }, matrix.map { $0.reduce(0, +) }, Array(matrix.joined()))
            print([1, 2, 3].indices, [1, 2, 3][1...], [1, 2, 3, 4][..<2], [1, 2, 3, 4][1..<3])
            print(Array(repeating: "x", count: 2), Array(1...3), Array(0..<0), (1...5).map { $0 * $0 })
            print([3, 1, 2].sorted(by: <), [1, 2, 3].reduce(1, *), [1, 2, 3].elementsEqual([1, 2, 3]), [1, 2].starts(with: [1]))
            """#,
            #"""
            [5, 6, 6, 7] 24 7 5
            ["APPLE", "AVOCADO"]
            ["apple", "banana", "cherry", "avocado"] ["apple", "avocado", "banana", "cherry"] ["cherry", "banana", "avocado", "apple"]
            banana none
            [1, 3] [5, 6, 6, 7]
            0:apple, 1:banana, 2:cherry, 3:avocado
            0 apple
            2 cherry
            true false true
            Optional(2) Optional(3) nil
            ["apple", "banana"] ["cherry", "avocado"] ["avocado"] ["apple"] ["apple", "banana"]
            apple avocado
            6 [3, 2, 1]
            [1, 2, 3, 4] [3, 7] [1, 2, 3, 4]
            0..<3 [2, 3] [1, 2] [2, 3]
            ["x", "x"] [1, 2, 3] [] [1, 4, 9, 16, 25]
            [1, 2, 3] 6 true true

            """#)
    }

    /// append, insert, remove, sort, reverse on variables, nested arrays and struct properties.
    @Test func arrayMutation() {
        expectOracleOutput(
            #"""
            import Foundation
            var numbers = [5, 3, 8, 1]
            numbers.append(10)
            numbers.append(contentsOf: [2, 2])
            numbers.insert(0, at: 0)
            print(numbers)
            print(numbers.remove(at: 1), numbers.removeFirst(), numbers.removeLast())
            numbers.removeAll(where: { $0 == 2 })
            print(numbers, numbers.popLast() as Any)
            numbers.sort()
            print(numbers)
            numbers.sort(by: >)
            print(numbers)
            numbers.reverse()
            numbers.swapAt(0, 1)
            print(numbers, numbers.count, numbers.isEmpty)
            numbers.removeFirst(2)
            print(numbers)
            numbers.removeAll()
            print(numbers, numbers.isEmpty, numbers.first as Any, numbers.last as Any, numbers.popLast() as Any)
            var grid = Array(repeating: Array(repeating: 0, count: 3), count: 2)
            grid[1][2] = 5
            grid[0].append(9)
            print(grid)
            struct Stack { var items: [Int] = []; mutating func push(_ x: Int) { items.append(x) } }
            var stack = Stack()
            stack.push(1)
            stack.push(2)
            stack.items.removeLast()
            print(stack.items)
            """#,
            #"""
            [0, 5, 3, 8, 1, 10, 2, 2]
            5 0 2
            [3, 8, 1, 10] Optional(10)
            [1, 3, 8]
            [8, 3, 1]
            [3, 1, 8] 3 false
            [8]
            [] true nil nil nil
            [[0, 0, 0, 9], [0, 0, 5]]
            [1]

            """#)
    }

    /// Lazy wrappers print as Swift's reflection does: ReversedCollection, EnumeratedSequence, Zip2Sequence, StrideTo, Dictionary.Keys.
    @Test func sequenceValuesPrinting() {
        expectOracleOutput(
            #"""
            import Foundation
            struct P { var x: Int }
            print([1, 2].reversed(), "abc".reversed(), (1...3).reversed())
            debugPrint([P(x: 1)].reversed())
            print([1, 2, 3].enumerated(), "ab".enumerated())
            print(zip([1, 2], ["a", "b"]), zip(1...3, [1]))
            print(Array(zip([1, 2], ["a", "b"])), Array([1, 2].enumerated()))
            print(stride(from: 0, to: 10, by: 3), Array(stride(from: 0, to: 10, by: 3)))
            print(Array(stride(from: 10, to: 0, by: -3)), Array(stride(from: 0, through: 1, by: 0.25)))
            for i in stride(from: 0, to: 6, by: 2) { print(i, terminator: " ") }
            print()
            print([[1, 2], [3]].joined(), [1, 2, 3].reversed().reversed(), [P(x: 2)].reversed().map(\.x))
            let d = ["a": 1]
            print(d.keys, d.values, [d.keys])
            debugPrint(d.keys, d.values)
            for (a, b) in zip([1, 2, 3], ["x", "y"]) { print(a, b) }
            print(zip([1, 2], [3, 4]).map { $0 + $1 }, [1, 2, 3].enumerated().filter { $0.offset > 0 }.map { $0.element })
            print([Set([1])], Set(["only"]), [Optional(1), nil].reversed())
            """#,
            #"""
            ReversedCollection<Array<Int>>(_base: [1, 2]) ReversedCollection<String>(_base: "abc") ReversedCollection<ClosedRange<Int>>(_base: ClosedRange(1...3))
            Swift.ReversedCollection<Swift.Array<main.P>>(_base: [main.P(x: 1)])
            EnumeratedSequence<Array<Int>>(_base: [1, 2, 3]) EnumeratedSequence<String>(_base: "ab")
            Zip2Sequence<Array<Int>, Array<String>>(_sequence1: [1, 2], _sequence2: ["a", "b"]) Zip2Sequence<ClosedRange<Int>, Array<Int>>(_sequence1: ClosedRange(1...3), _sequence2: [1])
            [(1, "a"), (2, "b")] [(offset: 0, element: 1), (offset: 1, element: 2)]
            Swift.StrideTo<Swift.Int> [0, 3, 6, 9]
            [10, 7, 4, 1] [0.0, 0.25, 0.5, 0.75, 1.0]
            0 2 4 
            FlattenSequence<Array<Array<Int>>>(_base: [[1, 2], [3]]) [1, 2, 3] [2]
            ["a"] [1] [Dictionary.Keys(["a"])]
            Dictionary.Keys(["a"]) Dictionary.Values([1])
            1 x
            2 y
            [4, 6] [2, 3]
            [Set([1])] ["only"] ReversedCollection<Array<Optional<Int>>>(_base: [Optional(1), nil])

            """#)
    }

    /// Dictionary members, default subscripts, grouping, merging (one key, or sorted output: Swift's order is random).
    @Test func dictionaries() {
        expectOracleOutput(
            #"""
            import Foundation
            let scores = ["amy": 90, "bob": 72]
            for (name, score) in scores.sorted(by: { $0.key < $1.key }) { print(name, score) }
            print(scores.keys.sorted(), scores.values.sorted(), scores.map { $0.key.uppercased() }.sorted())
            print(scores.reduce(0) { $0 + $1.value }, scores.count, scores.isEmpty, scores["amy"] ?? 0, scores["zed"] ?? -1)
            print(scores.contains { $0.value < 80 }, scores.min { $0.value < $1.value }!.key)
            print(scores.filter { $0.value > 80 }, scores.mapValues { $0 >= 80 ? "pass" : "fail" }["bob"]!)
            print(["k": 1].first!, ["k": 1].compactMapValues { $0 > 0 ? $0 : nil }, ["k": 1].map { $0 })
            var d = ["b": 2]
            print(d.updateValue(5, forKey: "b") as Any, d.updateValue(7, forKey: "c") as Any, d.removeValue(forKey: "b") as Any)
            print(d.removeValue(forKey: "zz") as Any, d)
            d.merge(["c": 1, "q": 3]) { old, new in old + new }
            print(d["c"]!, d["q"]!, d.merging(["c": 10]) { $1 }["c"]!, d["zz", default: 0])
            d["n", default: 0] += 5
            print(d["n"]!)
            var groups: [String: [Int]] = [:]
            groups["x", default: []].append(1)
            groups["x", default: []].append(2)
            groups["y"] = [3]
            groups["y"]?.append(4)
            print(groups["x"]!, groups["y"]!, groups.count)
            var counter: [Character: Int] = [:]
            for ch in "hello" { counter[ch, default: 0] += 1 }
            print(counter["l"]!, counter.keys.sorted(), counter.values.reduce(0, +))
            let byParity = Dictionary(grouping: [1, 2, 3, 4], by: { $0 % 2 == 0 ? "even" : "odd" })
            print(byParity.sorted { $0.key < $1.key })
            print(Dictionary(uniqueKeysWithValues: zip(["a"], [1])), Dictionary([("a", 1), ("a", 2)], uniquingKeysWith: +))
            let counts = ["x", "y", "x"].reduce(into: [:]) { counts, word in counts[word, default: 0] += 1 }
            print(counts["x"]!, counts["y"]!)
            """#,
            #"""
            amy 90
            bob 72
            ["amy", "bob"] [72, 90] ["AMY", "BOB"]
            162 2 false 90 -1
            true bob
            ["amy": 90] fail
            (key: "k", value: 1) ["k": 1] [(key: "k", value: 1)]
            Optional(2) nil Optional(5)
            nil ["c": 7]
            8 3 10 0
            5
            [1, 2] [3, 4] 2
            2 ["e", "h", "l", "o"] 5
            [(key: "even", value: [2, 4]), (key: "odd", value: [1, 3])]
            ["a": 1] ["a": 3]
            2 1

            """#)
    }

    /// Set algebra, `Optional.map`/`flatMap`, range bounds and membership.
    @Test func setsOptionalsRanges() {
        expectOracleOutput(
            #"""
            import Foundation
            var set: Set = [3, 1, 2]
            print(set.contains(2), set.count, set.sorted(), set.insert(3), set.insert(4))
            print(set.remove(1) as Any, set.remove(9) as Any, set.sorted())
            print(set.union([9]).sorted(), set.intersection([2, 3, 100]).sorted(), set.subtracting([2]).sorted())
            print(set.symmetricDifference([2, 7]).sorted(), set.isSubset(of: [1, 2, 3, 4, 5]), set.isSuperset(of: [2]), set.isDisjoint(with: [7]))
            print(set.filter { $0 > 2 }.sorted(), set.map { $0 * 2 }.sorted(), Set<Int>().isEmpty)
            var formed = Set<String>()
            formed.formUnion(["a"])
            print(formed, Set([1, 1, 1]).count)
            let maybe: String? = "12"
            print(maybe.map { $0 + "!" } as Any, maybe.flatMap { Int($0) } as Any)
            let none: String? = nil
            print(none.map { $0.count } as Any, none ?? "default", Optional(3) as Any)
            print((1...10).filter { $0 % 3 == 0 }, (1..<5).reduce(0, +), (1...4).contains(3), (1...4).count, (0..<0).count)
            print((0..<10).lowerBound, (0..<10).upperBound, (5..<5).isEmpty, (0.0...1.0).contains(0.5), (1...3).first!, (1...3).last!)
            """#,
            #"""
            true 3 [1, 2, 3] (inserted: false, memberAfterInsert: 3) (inserted: true, memberAfterInsert: 4)
            Optional(1) nil [2, 3, 4]
            [2, 3, 4, 9] [2, 3] [3, 4]
            [3, 4, 7] true true true
            [3, 4] [4, 6, 8] true
            ["a"] 1
            Optional("12!") Optional(12)
            nil default Optional(3)
            [3, 6, 9] 10 true 4 0
            0 10 true true 1 3

            """#)
    }

    /// Int and Double members, min/max/abs, Foundation math, swap, type(of:).
    @Test func numbersAndGlobals() {
        expectOracleOutput(
            #"""
            import Foundation
            print(max(3, 7), min(3, 7), max(1, 5, 3), min(4, 2, 8, 1), min(2.5, 1), abs(-4.5), abs(-3))
            print(10.isMultiple(of: 5), 7.isMultiple(of: 2), (-5).magnitude, 17.quotientAndRemainder(dividingBy: 5), (-4).signum())
            print(3.7.rounded(), 3.2.rounded(.up), (-3.7).rounded(.towardZero), 2.5.rounded(.toNearestOrEven), 16.0.squareRoot())
            print(10.5.truncatingRemainder(dividingBy: 3), Double.pi, Int.max, Int.min, Double.infinity, Double.nan.isNaN)
            print(sqrt(2.0), pow(2.0, 10.0), floor(3.9), ceil(3.1), round(2.5))
            print(7 / 2, -7 / 2, -7 % 2, 1e16, 0.1 + 0.2, 100.0, 1.0 / 3.0, -0.0)
            var a = 1, b = 2
            swap(&a, &b)
            var flag = false
            flag.toggle()
            print(a, b, flag, type(of: 1), type(of: "s"), type(of: 2.0))
            """#,
            #"""
            7 3 5 1 1.0 4.5 3
            true false 5 (quotient: 3, remainder: 2) -1
            4.0 4.0 -3.0 2.0 4.0
            1.5 3.141592653589793 9223372036854775807 -9223372036854775808 inf true
            1.4142135623730951 1024.0 3.0 4.0 3.0
            3 -3 -1 1e+16 0.30000000000000004 100.0 0.3333333333333333 -0.0
            2 1 true Int String Double

            """#)
    }

    /// Errors thrown inside closures propagate through map, filter, sorted and reduce (they rethrow).
    @Test func closuresThatThrow() {
        expectOracleOutput(
            #"""
            import Foundation
            enum ParseError: Error { case bad(String) }
            func parse(_ s: String) throws -> Int {
                guard let n = Int(s) else { throw ParseError.bad(s) }
                return n
            }
            do {
                let values = try ["1", "2", "x", "4"].map { try parse($0) }
                print(values)
            } catch {
                print("failed:", error)
            }
            do {
                print(try ["1", "2"].map(parse))
                print(try ["1", "zz"].filter { try parse($0) > 0 })
            } catch ParseError.bad(let text) {
                print("bad", text)
            }
            let sorted = try? ["3", "q"].sorted { try parse($0) < parse($1) }
            print(sorted as Any)
            print(try ["4", "5"].reduce(0) { try $0 + parse($1) })
            """#,
            #"""
            failed: bad("x")
            [1, 2]
            bad zz
            nil
            9

            """#)
    }

    /// Script types that conform to Sequence, or are Comparable, get the sequence members; extensions add to Array, Sequence, String.
    @Test func customSequencesAndExtensions() {
        expectOracleOutput(
            #"""
            import Foundation
            struct Countdown: Sequence, IteratorProtocol {
                var count: Int
                mutating func next() -> Int? {
                    if count == 0 { return nil }
                    defer { count -= 1 }
                    return count
                }
            }
            print(Countdown(count: 3).map { $0 * 10 }, Array(Countdown(count: 2)), Countdown(count: 4).filter { $0.isMultiple(of: 2) })
            print(Countdown(count: 3).reduce(0, +), Countdown(count: 3).contains(2), Countdown(count: 3).sorted(), Countdown(count: 3).min()!)
            for (i, n) in Countdown(count: 2).enumerated() { print(i, n) }
            extension Array {
                func second() -> Element? { count > 1 ? self[1] : nil }
            }
            extension Sequence where Element == Int {
                func sum() -> Int { reduce(0, +) }
            }
            print([1, 2, 3].second() as Any, [5].second() as Any, [1, 2, 3].sum(), Set([4]).sum(), (1...4).sum())
            extension String {
                var shouted: String { uppercased() + "!" }
            }
            print("hi".shouted)
            struct Person: Comparable, CustomStringConvertible {
                let name: String
                let age: Int
                static func < (lhs: Person, rhs: Person) -> Bool { lhs.age < rhs.age }
                var description: String { "\(name)(\(age))" }
            }
            let people = [Person(name: "A", age: 30), Person(name: "B", age: 20), Person(name: "C", age: 30)]
            print(people.sorted(), people.max()!, people.min()!, max(people[0], people[2]), min(people[0], people[2]))
            print(people.sorted { $0.name > $1.name }.map(\.name), people.map(\.age).reduce(0, +))
            print(Dictionary(grouping: people, by: \.age)[30]!.map(\.name))
            print(people.contains { $0.age < 25 }, people.first(where: { $0.age == 30 })!)
            let names = people.map { $0.name }
            print(names, type(of: names))
            """#,
            #"""
            [30, 20, 10] [2, 1] [4, 2]
            6 true [1, 2, 3] 1
            0 2
            1 1
            Optional(2) nil 6 4 10
            HI!
            [B(20), A(30), C(30)] A(30) B(20) C(30) A(30)
            ["C", "B", "A"] 80
            ["A", "C"]
            true A(30)
            ["A", "B", "C"] Array<String>

            """#)
    }

    /// Idioms seen in everyday code: firstIndex then remove, indices, while-let popLast, map(String.init).
    @Test func everydayIdioms() {
        expectOracleOutput(
            #"""
            import Foundation
            let prices = [1.5, 2.0]
            print(prices.reduce(0, +), [2.0, 3.0].reduce(0, +), prices.reduce(into: 0) { $0 += $1 })
            var arr = [3, 1, 2]
            if let i = arr.firstIndex(of: 1) { arr.remove(at: i) }
            print(arr, arr.indices.contains(1), arr.indices.contains(5))
            for i in arr.indices.reversed() { print(i, arr[i]) }
            print(Array(1...3).map(String.init).joined(separator: ","), [1, 2].map(String.init(describing:)))
            print(String(describing: type(of: [1])), "\(type(of: 5))")
            struct Item { var name: String; var done: Bool }
            var items = [Item(name: "a", done: false), Item(name: "b", done: true)]
            if let index = items.firstIndex(where: { $0.name == "a" }) { items[index].done = true }
            print(items.allSatisfy(\.done), items.filter(\.done).count, items.map(\.name))
            let average = Double(prices.reduce(0, +)) / Double(prices.count)
            print(average, prices.max()!, prices.sorted(by: >).first!)
            let nested = [[3, 2], [1]]
            print(nested.map { $0.sorted() }, nested.flatMap { $0 }.sorted(), nested.joined().count)
            let dict = Dictionary(uniqueKeysWithValues: (1...3).map { ($0, $0 * $0) })
            print(dict[2]!, dict.keys.sorted(), dict.values.max()!, Array(dict.keys).count)
            let text = "one,two"
            let parts = text.split(separator: ",")
            print(parts.first!, parts.last!, parts.count, String(parts[0]).uppercased(), parts[1].hasPrefix("t"))
            let maybeNumbers = ["1", "a", "3"].map { Int($0) }
            print(maybeNumbers, maybeNumbers.compactMap { $0 }, maybeNumbers.contains(nil))
            print(arr.isEmpty ? "empty" : "has \(arr.count)", arr.first.map { $0 * 10 } as Any)
            print([1, 2, 3].map { $0 % 2 == 0 ? "even" : "odd" }, (1...3).map { _ in "x" })
            print(["b": 1, "a": 2].sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
            var queue = [1, 2, 3]
            while let next = queue.first { queue.removeFirst(); print("got", next) }
            var stack = [1, 2]
            while let top = stack.popLast() { print("pop", top) }
            print("done".uppercased().lowercased().count)
            """#,
            #"""
            3.5 5.0 3.5
            [3, 2] true false
            1 2
            0 3
            1,2,3 ["1", "2"]
            Array<Int> Int
            true 2 ["a", "b"]
            1.75 2.0 2.0
            [[2, 3], [1]] [1, 2, 3] 3
            4 [1, 2, 3] 9 3
            one two 2 ONE true
            [Optional(1), nil, Optional(3)] [1, 3] true
            has 2 Optional(30)
            ["odd", "even", "odd"] ["x", "x", "x"]
            a=2&b=1
            got 1
            got 2
            got 3
            pop 2
            pop 1
            4

            """#)
    }

    /// `type(of:)` prints the full generic type, as Swift does.
    @Test func typeOfValues() {
        expectOracleOutput(
            #"""
            import Foundation
            struct P {}
            class C {}
            enum E { case a }
            print(type(of: [1]), type(of: Optional(1)), type(of: ["a": 1]), type(of: (1, "a")), type(of: P()), type(of: C()), type(of: E.a))
            debugPrint(type(of: [1]), type(of: P()), type(of: 1...3), type(of: 0..<1))
            print(type(of: 1...3), type(of: [1].reversed()), type(of: "x"), type(of: Character("x")), type(of: [P()]))
            print(type(of: 1) == Int.self, type(of: P()) == P.self)
            let any: Any = 5
            print(type(of: any))
            print("\(type(of: [1.5]))")
            let d = ["a": 1]
            debugPrint(type(of: d.keys), type(of: d.values))
            print(type(of: d.values), [d.values], type(of: [1].enumerated()))
            debugPrint(type(of: [1].enumerated()))
            """#,
            #"""
            Array<Int> Optional<Int> Dictionary<String, Int> (Int, String) P C E
            Swift.Array<Swift.Int> main.P Swift.ClosedRange<Swift.Int> Swift.Range<Swift.Int>
            ClosedRange<Int> ReversedCollection<Array<Int>> String Character Array<P>
            true true
            Int
            Array<Double>
            Swift.Dictionary<Swift.String, Swift.Int>.Keys Swift.Dictionary<Swift.String, Swift.Int>.Values
            Values [Dictionary.Values([1])] EnumeratedSequence<Array<Int>>
            Swift.EnumeratedSequence<Swift.Array<Swift.Int>>

            """#)
    }

    /// Endless ranges with zip and prefix; Characters stored in collections without a literal type.
    @Test func endlessSequencesAndCharacters() {
        expectOracleOutput(
            #"""
            import Foundation
            for (i, x) in zip(1..., ["a", "b"]) { print(i, x) }
            print(Array(zip(1..., "xy")))
            print((1...).prefix(3).map { $0 }, Array((1...).prefix(2)))
            let set: Set = [1, 5]
            print(set.contains { $0 > 2 }, (1...3).contains { $0 == 2 }, "ab".contains { $0 == "b" })
            var cs: [Character] = []
            cs.append("a")
            cs.append(contentsOf: "bc")
            print(String(cs), cs, cs[0].isLetter, String(cs.reversed()))
            let vowels: Set<Character> = ["a", "e"]
            print(vowels.first!.isLetter, vowels.contains("a"), vowels.sorted())
            let doubles: Set<Double> = [1, 2]
            print(doubles.sorted(), doubles.contains(1.0))
            var letters = Set<Character>()
            letters.insert("z")
            print(letters.first!.isLetter)
            let d: [String: Character] = ["k": "v"]
            print(d["k"]!.isLetter)
            """#,
            #"""
            1 a
            2 b
            [(1, "x"), (2, "y")]
            [1, 2, 3] [1, 2]
            true true true
            abc ["a", "b", "c"] true cba
            true true ["a", "e"]
            [1.0, 2.0] true
            true
            true

            """#)
    }

    /// Foundation's localizedDescription: LocalizedError text, or the NSError bridge's domain and code.
    @Test func errorDescriptions() {
        expectOracleOutput(
            #"""
            import Foundation
            enum Mixed: Error { case a, b(Int), c, d(String) }
            struct S: Error {}
            final class K: Error {}
            struct L: LocalizedError { var errorDescription: String? { nil } }
            struct M: LocalizedError { var failureReason: String? { "reason" } }
            enum R: String, Error { case x = "xx", y }
            print(Mixed.a.localizedDescription, Mixed.b(1).localizedDescription, Mixed.c.localizedDescription, Mixed.d("").localizedDescription)
            print(S().localizedDescription)
            print(K().localizedDescription)
            print(L().localizedDescription)
            print(M().localizedDescription)
            print(R.y.localizedDescription)
            enum Outer { enum Inner: Error { case z } }
            print(Outer.Inner.z.localizedDescription)
            """#,
            #"""
            The operation could not be completed. (main.Mixed error 2.) The operation could not be completed. (main.Mixed error 0.) The operation could not be completed. (main.Mixed error 3.) The operation could not be completed. (main.Mixed error 1.)
            The operation could not be completed. (main.S error 1.)
            The operation could not be completed. (main.K error 1.)
            The operation could not be completed. (main.L error 1.)
            The operation could not be completed. reason
            The operation could not be completed. (main.R error 1.)
            The operation could not be completed. (main.Outer.Inner error 0.)

            """#)
    }

    // MARK: - What the subset refuses or stops on

    @Test func randomnessIsRefusedByName() {
        expectScriptError("print(Int.random(in: 1...6))", .unsupported, containing: "random numbers")
        expectScriptError("print(Double.random(in: 0...1))", .unsupported, containing: "random numbers")
        expectScriptError("print([1, 2].shuffled())", .unsupported, containing: "shuffled()")
        expectScriptError("print([1, 2].randomElement()!)", .unsupported, containing: "randomElement()")
    }

    @Test func stringIndicesAreRefusedByName() {
        expectScriptError("let s = \"abc\"\nprint(s[s.startIndex])", .unsupported, containing: "String.Index")
        expectScriptError("print(\"abc\".firstIndex(of: \"b\")!)", .unsupported, containing: "String.Index")
        expectScriptError("print([1].lazy.map { $0 })", .unsupported, containing: "lazy")
    }

    @Test func trapsOfTheCompiledProgramStopTheScript() {
        expectScriptError(
            "var a = [Int]()\na.removeFirst()", .runtime,
            containing: "Can't remove first element from an empty collection")
        expectScriptError("var a = [1]\na.remove(at: 3)", .runtime, containing: "Index out of range")
        expectScriptError(
            "print(Dictionary(uniqueKeysWithValues: [(1, \"a\"), (1, \"b\")]))", .runtime,
            containing: "Duplicate values for key: '1'")
        expectScriptError("print(Int(Double.nan))", .runtime, containing: "infinite or NaN")
        expectScriptError(
            "print(Array(stride(from: 0, to: 5, by: 0)))", .runtime, containing: "Stride size must not be zero")
        expectScriptError("print(Character(\"ab\"))", .runtime, containing: "more than one extended grapheme cluster")
        expectScriptError("let a = [1]\na.append(2)", .runtime, containing: "'let' constant")
    }

    /// Swift's dictionaries and sets iterate in a random per-process order; the interpreter
    /// keeps insertion order so that every run prints the same.
    @Test func dictionariesAndSetsKeepInsertionOrder() {
        expectOracleOutput(
            """
            var d = ["z": 1, "a": 2]
            d["m"] = 3
            d["z"] = nil
            print(d, Set([3, 1, 2]), d.keys.map { $0 }, Dictionary(grouping: [3, 1, 2], by: { $0 % 2 }))
            """, "[\"a\": 2, \"m\": 3] [3, 1, 2] [\"a\", \"m\"] [1: [3, 1], 0: [2]]\n")
    }

    /// `value[keyPath:]` with a key path of another root: Swift rejects it ("cannot convert key
    /// path root type"). Applied by its property names alone it read the other type's `x`.
    @Test func aKeyPathOfAnotherRootIsAnErrorNotAPropertyOfTheSameName() {
        let types = "struct Point { var x = 1 }\nfinal class Model { var x = 2 }\n"
        expectScriptError(
            types + "print(Point()[keyPath: \\Model.x])",
            containing: "cannot apply a key path of root type 'Model' to a value of type 'Point'")
        expectScriptError(
            types + "var p = Point()\np[keyPath: \\Model.x] = 3",
            containing: "cannot apply a key path of root type 'Model' to a value of type 'Point'")
        // A root the key path does not write, or a generic parameter, checks nothing.
        expectOracleOutput(
            types + "func read<R>(_ r: R, _ k: KeyPath<R, Int>) -> Int { r[keyPath: k] }\n"
                + "print(read(Point(), \\.x), read(Model(), \\.x), Point()[keyPath: \\.x])",
            "1 2 1\n")
    }

    /// Subscript labels that no subscript declares are Swift compile errors ("extraneous
    /// argument label 'foo:' in subscript"). They were ignored: `a[foo: 1]` read `a[1]`, and
    /// `grid[zzz: 2]` ran the first subscript of one parameter.
    @Test func subscriptLabelsNoSubscriptDeclaresAreAnError() {
        expectScriptError(
            "let a = [1, 2, 3]\nprint(a[foo: 1])",
            containing: "incorrect argument labels in subscript of [Int]: have (foo:), expected (_:)")
        expectScriptError(
            "var a = [1, 2, 3]\na[foo: 1] = 5",
            containing: "incorrect argument labels in subscript of [Int]: have (foo:), expected (_:)")
        expectScriptError(
            "let d = [\"a\": 1]\nprint(d[\"a\", fallback: 0])",
            containing: "have (_:fallback:), expected (_:) or (_:default:)")
        expectScriptError(
            """
            struct Grid {
                subscript(row: Int) -> Int { row * 10 }
                subscript(column c: Int) -> Int { c * 100 }
            }
            print(Grid()[zzz: 2])
            """,
            containing: "incorrect argument labels in subscript of Grid: have (zzz:), expected (_:) or (column:)")
        // Swift chooses the most specific type; rather than guess, two that take the index are refused.
        expectScriptError(
            """
            struct Bag {
                subscript(item: Any) -> String { "any" }
                subscript(item: Int) -> String { "int" }
            }
            print(Bag()[1])
            """,
            containing: "choosing between subscripts of Bag whose parameter types all take these indices")
    }

    /// `override var value: Int { didSet { … } }` made a property of the subclass's own with
    /// no value (`print(s.value)` printed `()`), and the superclass's observer never ran.
    @Test func observingAnInheritedPropertyIsRefused() {
        expectScriptError(
            "class Base { var value = 10 }\nclass Sub: Base { override var value: Int { didSet { print(\"changed\") } } }\nprint(Sub().value)",
            containing: "observing an inherited property (`override var … { didSet }`) is not supported")
    }

    /// Inside an array Swift spells a `Result` with its generic arguments
    /// (`[Swift.Result<Swift.Int, main.E>.success(1)]`); they were left out, with no error. A
    /// `.success` cannot tell its `Failure` (generics are erased here), so it is refused, as a
    /// generic type of the script's is; printed alone it needs no type and still prints.
    @Test func aResultWhoseTypeCannotBeToldIsRefusedInsideACollection() {
        expectScriptError(
            "enum E: Error { case bad }\nlet rs: [Result<Int, E>] = [.success(1)]\nprint(rs)",
            containing: "cannot tell the generic argument Failure of this Result")
        expectOracleOutput(
            "enum E: Error { case bad }\nlet r: Result<Int, E> = .success(1)\nprint(r)\nprint(r.map { $0 + 1 })",
            "success(1)\nsuccess(2)\n")
    }

    /// An enum case made with too few or too many values (Swift: "missing argument") made a
    /// value with another payload; `Result.success()` then stopped the process in `get()`.
    /// Found by `undercurrent fuzz --seed 2036`, input 2669.
    @Test func anEnumCaseMadeWithTheWrongNumberOfValuesIsAnError() {
        expectScriptError(
            "enum E { case a(Int) }\nprint(E.a())",
            containing: "'E.a' has 1 associated value, but 0 were given")
        expectScriptError(
            "enum E { case a(Int) }\nprint(E.a(1, 2))",
            containing: "'E.a' has 1 associated value, but 2 were given")
        expectScriptError(
            "let r: Result<Int, Error> = .success()\nprint(try r.get())",
            containing: "'Result.success' has 1 associated value, but 0 were given")
    }

    /// A script type made from literals (`let c: Celsius = 2`) kept the literal, an Int, with no
    /// error (Swift calls `init(integerLiteral:)`): such conformances are refused by name.
    @Test func literalConformancesOfScriptTypesAreRefused() {
        expectScriptError(
            "struct Celsius: ExpressibleByIntegerLiteral {\n    var v: Int\n    init(integerLiteral value: Int) { v = value }\n}\nlet c: Celsius = 2\nprint(c)",
            containing: "conforming a type of your own to `ExpressibleByIntegerLiteral` is not supported")
        expectScriptError(
            "struct Tag { var name: String }\nextension Tag: ExpressibleByStringLiteral {\n    init(stringLiteral value: String) { name = value }\n}",
            containing: "conforming a type of your own to `ExpressibleByStringLiteral` is not supported")
    }
}
