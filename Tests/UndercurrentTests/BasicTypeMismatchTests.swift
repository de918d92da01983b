import Testing

@testable import UndercurrentInterpreter

/// Swift converts no number type to another in an operator: `total + price` with `total`
/// an `Int` and `price` a `Double` does not compile, the first error many Swift learners
/// meet. The interpreter's values would have mixed them and printed an answer; where the
/// declarations give both operands a type, it is refused before anything runs, with the
/// compiler's words (each message below is the one swiftc gives, checked with the oracle).
@Suite struct BasicTypeMismatchTests {
    @Test(arguments: [
        (
            "let d = 2.5\nlet n = 2\nprint(d + n)", "3:9",
            "binary operator '+' cannot be applied to operands of type 'Double' and 'Int'"
        ),
        (
            "let n = 5\nprint(n * 1.5)", "2:9",
            "binary operator '*' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "let n = -3\nlet d = 2.0\nprint(n < d)", "3:9",
            "binary operator '<' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "var total = 0\nlet price: Double = 2.5\ntotal += price", "3:10",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "let d = 0.5\nvar count = 10\ncount -= d", "3:10",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        // Two integer types, and fixed-width integers beside a Double.
        (
            "let n: Int = 1\nlet m: Int64 = 2\nprint(n + m)", "3:9",
            "binary operator '+' cannot be applied to operands of type 'Int' and 'Int64'"
        ),
        (
            "let a: UInt8 = 1\nlet b: UInt16 = 2\nprint(a + b)", "3:9",
            "binary operator '+' cannot be applied to operands of type 'UInt8' and 'UInt16'"
        ),
        (
            "let a: UInt8 = 1\nprint(a * 2.5)", "2:9",
            "binary operator '*' cannot be applied to operands of type 'UInt8' and 'Double'"
        ),
        (
            "let i: Int32 = 1\nlet j = 2\nprint(i + j)", "3:9",
            "binary operator '+' cannot be applied to operands of type 'Int32' and 'Int'"
        ),
        // A variable made from a value whose type is known has that type, as Swift infers it.
        (
            "let m: Int64 = 2\nlet n = 1\nvar x = m\nx += n", "4:6",
            "cannot convert value of type 'Int' to expected argument type 'Int64'"
        ),
        (
            "let price = 2.5\nlet due = price * 2\nlet items = 3 + 1\nprint(due * items)", "4:11",
            "binary operator '*' cannot be applied to operands of type 'Double' and 'Int'"
        ),
    ])
    func numbersOfTwoTypesAreRefusedBeforeTheyRun(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// A property's type counts in its type's methods, read as `total` or as `self.total`;
    /// a static property, or one of a type declared in an earlier input, is not judged.
    @Test func aPropertysTypeCountsInItsTypesMethods() {
        expectRefusedBeforeRunning(
            "struct Cart {\n    var total = 0.0\n    var count = 0\n    mutating func add(_ items: Int) {\n"
                + "        total += items\n    }\n}",
            at: "5:18", "cannot convert value of type 'Int' to expected argument type 'Double'")
        expectRefusedBeforeRunning(
            "final class Meter {\n    var scale: Int64 = 2\n    func show(_ n: Int) { print(self.scale * n) }\n}",
            at: "3:44", "binary operator '*' cannot be applied to operands of type 'Int64' and 'Int'")
        expectOracleOutput(
            """
            struct Cart {
                var total = 0.0
                var count = 0
                mutating func add(_ price: Double) {
                    total += price
                    count += 1
                }
                func average() -> Double { total / Double(count) }
            }
            var cart = Cart()
            cart.add(2.5)
            cart.add(1.5)
            print(cart.average(), cart.total, cart.count)
            final class Meter {
                var readings: [Double] = []
                var scale = 2
                func record(_ value: Double) { readings.append(value * Double(scale)) }
                static func convert(_ n: Int) -> Int { n * 2 }
            }
            let m = Meter()
            m.record(1.5)
            print(m.readings, Meter.convert(3))
            """,
            "2.0 4.0 2\n[3.0] 6\n")
    }

    /// A value of one number type given to a variable of another: declared, assigned, or set
    /// as a property in its type's method.
    @Test(arguments: [
        (
            "let n = 3\nlet d: Double = n\nprint(d)", "2:17",
            "cannot convert value of type 'Int' to specified type 'Double'"
        ),
        ("var d: Double = 1\nlet n = 3\nd = n\nprint(d)", "3:5", "cannot assign value of type 'Int' to type 'Double'"),
        (
            "struct S { var total = 0.0\n mutating func set(_ n: Int) { total = n } }", "2:40",
            "cannot assign value of type 'Int' to type 'Double'"
        ),
    ])
    func aNumberOfOneTypeIsNotStoredInAnother(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// Nor is a number stored in a `String` or a `Bool`, or a string or a Bool in a number:
    /// each printed the value it was given.
    @Test(arguments: [
        (
            "let n = 3\nlet s: String = n\nprint(s)", "2:17",
            "cannot convert value of type 'Int' to specified type 'String'"
        ),
        ("let n = 3\nvar s = \"a\"\ns = n\nprint(s)", "3:5", "cannot assign value of type 'Int' to type 'String'"),
        ("let n = 2\nlet b: Bool = n", "2:15", "type 'Int' cannot be used as a boolean; test for '!= 0' instead"),
        ("let d = 2.5\nvar f = false\nf = d", "3:5", "cannot assign value of type 'Double' to type 'Bool'"),
        ("let s = \"a\"\nlet n: Int = s", "2:14", "cannot convert value of type 'String' to specified type 'Int'"),
    ])
    func numbersStringsAndBoolsAreNotStoredInEachOther(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// An Optional is not unwrapped by storing it where its wrapped type is declared (a `T!`
    /// is, as in Swift).
    @Test func anOptionalIsNotStoredAsItsValue() {
        expectRefusedBeforeRunning(
            "let o: Int? = 3\nvar v = 0\nv = o", at: "3:5",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'")
        expectRefusedBeforeRunning(
            "let counts: [String: Int] = [\"a\": 1]\nlet v: Int = counts[\"a\"]", at: "2:20",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'")
        expectOracleOutput(
            """
            let o: Int? = 3
            let v: Int = o!
            let w: Int = o ?? 0
            var iuo: Int! = 4
            let x: Int = iuo
            let xs: [Int] = [1]
            let y: Int = xs[0]
            print(v, w, x, y)
            """,
            "3 3 4 1\n")
    }

    /// A call of one of the input's top-level functions passes each argument as the type its
    /// parameter declares; a function declared after the call counts, and calls that might
    /// mean another function (an overload) or leave a parameter out are not judged.
    @Test func argumentsHaveTheirParametersTypes() {
        expectRefusedBeforeRunning(
            "print(area(2, 3))\nfunc area(_ w: Double, _ h: Double) -> Double { w * h }\nlet k = 3\nprint(area(2.5, k))",
            at: "4:17", "cannot convert value of type 'Int' to expected argument type 'Double'")
        expectRefusedBeforeRunning(
            "func g(_ n: Int) -> Int { n }\nlet o: Int? = 3\nprint(g(o))", at: "3:9",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'")
        expectOracleOutput(
            """
            func average(total: Double, count: Int) -> Double { total / Double(count) }
            let t = 7.0
            let c = 2
            func f(_ d: Double = 1) -> Double { d }
            func g(_ n: Int) -> Int { n }
            func g(_ d: Double) -> Double { d }
            let x = 2.5
            print(average(total: t, count: c), average(total: 1, count: 2), f(), g(x), g(c))
            """,
            "3.5 0.5 1.0 2.5 2\n")
    }

    /// An element appended to, or inserted into, an array declared with a basic element type
    /// is of that type; an integer literal is an `Int` where a `String` or a `Bool` is wanted.
    @Test(arguments: [
        (
            "var names: [String] = []\nnames.append(5)", "2:14",
            "cannot convert value of type 'Int' to expected argument type 'String'"
        ),
        (
            "var xs: [Double] = []\nlet n = 2\nxs.append(n)", "3:11",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "var xs: [Int] = [1]\nxs.insert(2.5, at: 0)", "2:11",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        ("let s: String = 5", "1:17", "cannot convert value of type 'Int' to specified type 'String'"),
        (
            "func f() -> String { return 5 }", "1:29",
            "cannot convert return expression of type 'Int' to return type 'String'"
        ),
        ("let b: Bool = 0", "1:15", "integer literal value '0' cannot be used as a boolean; did you mean 'false'?"),
    ])
    func elementsAndLiteralsHaveTheirTypes(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// What Swift compiles of the same shapes still runs (the compiled program's output).
    @Test func elementsOfTheRightTypeStillGoIn() {
        expectOracleOutput(
            """
            var xs: [Double] = []
            xs.append(1)
            xs.insert(2, at: 0)
            var names: [String] = []
            names.append("a")
            names.append(contentsOf: ["b"])
            let n = 3
            names.insert("\\(n)", at: 0)
            print(xs, names)
            """,
            "[2.0, 1.0] [\"3\", \"a\", \"b\"]\n")
    }

    /// A function's written return type counts for its `return`s and its single expression;
    /// a closure inside it returns its own.
    @Test func aReturnedValueHasTheFunctionsType() {
        expectRefusedBeforeRunning(
            "func g() -> Int {\n    let d = 2.5\n    return d\n}", at: "3:12",
            "cannot convert return expression of type 'Double' to return type 'Int'")
        expectRefusedBeforeRunning(
            "func h(_ d: Double) -> Int { d }", at: "1:30",
            "cannot convert return expression of type 'Double' to return type 'Int'")
        expectOracleOutput(
            """
            func g() -> Int {
                let d = 2.5
                return Int(d)
            }
            func h(_ d: Double) -> Double { d }
            func k() -> Double { let f = { (x: Int) -> Int in return x }
             return Double(f(2)) }
            print(g(), h(1), k())
            """,
            "2 1.0 2.0\n")
    }

    /// A parameter's written type counts, in a function's body and in a closure inside it.
    @Test func parametersHaveTheirWrittenType() {
        expectRefusedBeforeRunning(
            "func average(_ sum: Double, _ count: Int) -> Double {\n    let f = { sum / count }\n    return f()\n}",
            at: "2:19", "binary operator '/' cannot be applied to operands of type 'Double' and 'Int'")
    }

    /// What Swift compiles still runs: a literal takes the other side's type, a conversion
    /// makes one type of two, a closure's `$0` (whose type Swift infers) is not judged, and
    /// integers of two types compare. The output is the compiled program's.
    @Test func whatSwiftCompilesStillRuns() {
        expectOracleOutput(
            """
            let d = 2.5
            let n = 2
            print(d * 2, d * Double(n), Double(n) * d, d * (1 + 2), d * -1, n * 3, n << 2)
            let prices: [Double] = [1.5, 2.5]
            print(prices.reduce(0) { $0 + $1 }, prices.reduce(0, +))
            let k: UInt8 = 3
            print(k < n, n == k, k + 1, Int(k) + n)
            func scale(_ x: Double, by f: Int) -> Double { x * Double(f) }
            print(scale(d, by: n))
            var total = 0
            for p in [1, 2] { total += p }
            print(total)
            let rate = 1.5
            struct Bill { var rate = 2; func times(_ x: Int) -> Int { rate * x } }
            print(Bill().times(n), rate * d)
            let c: Character = "a"
            var text = "x"
            text += "y"
            text = "\\(n)"
            var flag = false
            flag = !flag
            print(c, text, text == "2", text + "z", flag && n > 0, flag ? 1 : 2)
            """,
            "5.0 5.0 5.0 7.5 -2.5 6 8\n4.0 4.0\nfalse false 4 5\n5.0\n3\n4 3.75\na 2 true 2z true 1\n")
    }

    /// An array has its elements' type, written (`[Double]`, `[Int]()`) or given by a literal
    /// (`["a"]` is a `[String]`, `[1, 2.5]` a `[Double]`): arrays of two element types are
    /// neither joined, compared, stored, passed nor returned as each other, and an element
    /// of another type is not appended.
    @Test(arguments: [
        (
            "let a: [Int] = [1, 2]\nlet b: [Double] = [0.5]\nprint(a + b)", "3:9",
            "binary operator '+' cannot be applied to operands of type '[Int]' and '[Double]'"
        ),
        (
            "let a = [1, 2]\nlet b = [0.5]\nprint(a + b)", "3:9",
            "binary operator '+' cannot be applied to operands of type '[Int]' and '[Double]'"
        ),
        (
            "let a: [Int] = [1]\nlet b = [0.5]\nvar c = a\nc += b", "4:3",
            "binary operator '+=' cannot be applied to operands of type '[Int]' and '[Double]'"
        ),
        (
            "let a: [Int] = [1]\nlet b = [0.5]\nprint(a == b)", "3:9",
            "binary operator '==' cannot be applied to operands of type '[Int]' and '[Double]'"
        ),
        ("let b = [0.5]\nlet a: [Int] = b", "2:16", "cannot assign value of type '[Double]' to type '[Int]'"),
        ("var a = [1, 2]\nlet b = [0.5]\na = b", "3:3", "cannot assign value of type '[Double]' to type '[Int]'"),
        (
            "func f(_ xs: [Int]) -> Int { xs.count }\nlet b = [0.5]\nprint(f(b))", "3:9",
            "cannot convert value of type '[Double]' to expected argument type '[Int]'"
        ),
        (
            "let b = [0.5]\nfunc g() -> [Int] { return b }", "2:28",
            "cannot convert return expression of type '[Double]' to return type '[Int]'"
        ),
        ("let xs: [Int] = 5", "1:17", "cannot convert value of type 'Int' to specified type '[Int]'"),
        (
            "var names = [\"a\"]\nnames.append(5)", "2:14",
            "cannot convert value of type 'Int' to expected argument type 'String'"
        ),
        (
            "var xs = [Int]()\nxs.append(0.5)", "2:11",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "final class Basket {\n    var items = [\"a\"]\n    func add(_ n: Int) { items.append(n) }\n}", "3:39",
            "cannot convert value of type 'Int' to expected argument type 'String'"
        ),
    ])
    func arraysOfTwoElementTypesAreRefusedBeforeTheyRun(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// What an array's element, its `count`, a `for` loop's variable, a conversion and a call
    /// of a top-level function are, Swift knows from their declarations; so does the
    /// interpreter now, where before it mixed them (`total += p` over Doubles into an Int
    /// printed `4.0`). A subscript's error is at its `[`, where swiftc puts it.
    @Test(arguments: [
        (
            "let prices = [1.5, 2.5]\nvar total = 0\nfor p in prices { total += p }", "3:28",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "var total = 0.0\nfor i in 0..<3 { total += i }", "2:27",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "let n: UInt8 = 3\nvar total = 0\nfor i in 0..<n { total += i }", "3:27",
            "cannot convert value of type 'UInt8' to expected argument type 'Int'"
        ),
        (
            "let prices: [Double] = [1.5, 2.5]\nlet first: Int = prices[0]", "2:24",
            "cannot convert value of type 'Double' to specified type 'Int'"
        ),
        (
            "let names = [\"a\", \"b\"]\nvar n = 0\nn = names[0]", "3:10",
            "cannot assign value of type 'String' to type 'Int'"
        ),
        (
            "let ints = [1, 2]\nlet total = ints.count + 0.5", "2:24",
            "binary operator '+' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "let names = [\"a\", \"b\"]\nlet half = names.count / 2.0", "2:24",
            "binary operator '/' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "func f() -> Int { 3 }\nlet x = f()\nprint(x * 2.5)", "3:9",
            "binary operator '*' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "func f() throws -> Int { 1 }\nlet x = try f()\nprint(x * 0.5)", "3:9",
            "binary operator '*' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "let n = 2\nlet d = Double(n)\nprint(n + d)", "3:9",
            "binary operator '+' cannot be applied to operands of type 'Int' and 'Double'"
        ),
    ])
    func elementsCountsLoopVariablesAndCallsHaveTheirTypes(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// What Swift compiles of those shapes runs, and an array literal of integer literals
    /// beside an array of Doubles is of Doubles (`mixed + [4]` printed `[…, 4]`): the
    /// compiled program's output.
    @Test func arraysLoopsAndCallsThatSwiftCompilesStillRun() {
        expectOracleOutput(
            """
            let prices = [1.5, 2.5]
            var total = 0.0
            for p in prices { total += p }
            var count = 0
            for i in 0..<prices.count { count += i }
            for i in prices.indices where i > 0 { count += i }
            let average = total / Double(prices.count)
            let label = String(count) + "!"
            func scale() -> Double { 2 }
            func tally() -> Int { 3 }
            print(total, count, average, label, scale() * average, prices[0] * 2, [1, 2].count + 1, tally() * 2)
            let ints = [1, 2]
            var sum = 0
            for (i, x) in ints.enumerated() { sum += i * x }
            let bytes: [UInt8] = [1, 2]
            var small: UInt8 = 0
            for b in bytes { small += b }
            let names = ["a"]
            let more = names + ["b"]
            print(sum, ints.isEmpty || sum > 2, small, more, ints == [1, 2], more.count * 2)
            var mixed = [1, 2.5]
            mixed.append(3)
            print(mixed + [4], [0.5] + mixed)
            let d: [Double] = []
            print(d + [3], d == [], [1] + [2.5], d + [])
            """,
            "4.0 2 2.0 2! 4.0 3.0 3 6\n2 false 3 [\"a\", \"b\"] true 4\n[1.0, 2.5, 3.0, 4.0] [0.5, 1.0, 2.5, 3.0]\n"
                + "[3.0] true [1.0, 2.5] []\n")
    }

    /// A property of an instance of a type the input declares has the property's type, read
    /// through a variable made by the type's initializer (`let cart = Cart()`) or declared
    /// with the type (a parameter `_ m: Meter`), inherited properties and nested types
    /// included; swiftc points at the property's name.
    @Test(arguments: [
        (
            "struct Cart { var total = 0; var tax: Double = 0.5 }\nlet cart = Cart()\nprint(cart.total + cart.tax)",
            "3:18", "binary operator '+' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "struct Cart { var total = 0; var tax: Double = 0.5 }\nlet cart = Cart()\nlet v: Int = cart.tax", "3:19",
            "cannot convert value of type 'Double' to specified type 'Int'"
        ),
        (
            "struct Cart { var total = 0; var tax: Double = 0.5 }\nlet cart = Cart()\nvar xs = [1]\nxs.append(cart.tax)",
            "4:16", "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "struct Cart { var total = 0; var tax: Double = 0.5 }\nlet cart = Cart()\nvar n = 0\nn += cart.tax", "4:11",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "struct Cart { var total = 0; var tax: Double = 0.5 }\nlet cart = Cart()\nfunc f() -> Int { cart.tax }",
            "3:24", "cannot convert return expression of type 'Double' to return type 'Int'"
        ),
        (
            "class Base { var count = 0 }\nfinal class Meter: Base { var scale = 1.5 }\n"
                + "func show(_ m: Meter) -> Double { m.count * m.scale }",
            "3:37", "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "struct Outer {\n    struct Item { var weight = 1.5 }\n    func heavier(_ factor: Int) -> Double {\n"
                + "        let item = Item()\n        return item.weight * factor\n    }\n}",
            "5:30", "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
    ])
    func propertiesOfAnInstanceHaveTheirTypes(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// An operator between two number types whose result is wanted as one of them (a
    /// declaration's written type, a function's return type, an assignment's target, a
    /// top-level function's parameter) is
    /// worded as swiftc words it: the operand of the other type cannot be converted.
    @Test(arguments: [
        (
            "let n = 2\nlet d = 1.5\nlet x: Double = n * d", "3:17",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "let n = 2\nlet d = 1.5\nlet x: Double = d * n", "3:21",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "let n = 2\nlet d = 1.5\nfunc f() -> Int { return n * d }", "3:30",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "let n = 2\nlet d = 1.5\nvar x = 0.0\nx = n + d", "4:5",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "let n = 2\nlet d = 1.5\nfunc g(_ v: Double) {}\ng(n + d)", "4:3",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "let n = 2\nlet m: UInt8 = 1\nlet x: Double = n * m", "3:19",
            "binary operator '*' cannot be applied to operands of type 'Int' and 'UInt8'"
        ),
    ])
    func anOperatorWantedAsOneTypeNamesTheOtherOperand(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// What Swift compiles of those shapes runs (the compiled program's output): a type
    /// nested in another is not taken for a top-level type of the same name.
    @Test func instancePropertiesOfTheRightTypeStillRun() {
        expectOracleOutput(
            """
            struct Order { let price: Double; var quantity: Int }
            func total(of order: Order) -> Double {
                let o = order
                return o.price * Double(o.quantity)
            }
            var order = Order(price: 2.5, quantity: 2)
            order.quantity += 1
            let n: Int = order.quantity
            var sum = 0.0
            sum += order.price
            struct Outer {
                struct Item { var weight = 1.5 }
                func heavier(_ factor: Double) -> Double {
                    let item = Item()
                    return item.weight * factor
                }
            }
            struct Item { var weight = 2 }
            let item = Item()
            print(total(of: order), n, sum, Outer().heavier(2), item.weight * 3)
            """,
            "7.5 3 2.5 3.0 6\n")
    }

    /// A method's result has the type the method is declared to return, for an instance of a
    /// type the input declares: `cart.total() / count` printed an answer, and
    /// `let n: Int = cart.total()` stored a Double in an Int (swiftc's words and places,
    /// checked with the oracle; a call's error is at the method's name).
    @Test(arguments: [
        (
            "struct Cart {\n    var prices: [Double] = [1.5, 2.5]\n    func total() -> Double { prices.reduce(0, +) }\n}\n"
                + "let cart = Cart()\nlet count = 2\nprint(cart.total() / count)", "7:20",
            "binary operator '/' cannot be applied to operands of type 'Double' and 'Int'"
        ),
        (
            "struct Cart {\n    var prices: [Double] = [1.5, 2.5]\n    func total() -> Double { prices.reduce(0, +) }\n}\n"
                + "let cart = Cart()\nlet n: Int = cart.total()", "6:19",
            "cannot convert value of type 'Double' to specified type 'Int'"
        ),
        (
            "final class Meter {\n    var readings: [Int] = [3, 4]\n    func latest(at index: Int) -> Int { readings[index] }\n}\n"
                + "let meter = Meter()\nlet scale = 0.5\nlet scaled = meter.latest(at: 1) * scale", "7:34",
            "binary operator '*' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        // In the type's own instance methods, with or without `self.` (the result wanted as a
        // Double, swiftc names the Int operand).
        (
            "struct Cart {\n    var count = 2\n    func total() -> Double { 2.5 }\n"
                + "    func average() -> Double { total() / count }\n}", "4:42",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "final class Meter {\n    var scale = 0.5\n    func latest() -> Int { 4 }\n"
                + "    func scaled() -> Double { self.latest() * scale }\n}", "4:36",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
    ])
    func aMethodsResultHasItsDeclaredType(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// Where a protocol extension adds a method of the same name and labels as the type's own
    /// with another result type, Swift calls the extension's where the context wants its
    /// result type (the compiled program prints 7); the engine would call the type's own and
    /// print 2.5. Refused before anything runs, naming what is not done, at the method's name;
    /// where the type's own result is wanted, it runs.
    @Test func aMethodChosenByTheResultTypeWantedIsRefusedRatherThanGuessed() {
        let declarations = """
            protocol Reading { func value() -> Double }
            extension Reading { func value() -> Int { 7 } }
            struct Gauge: Reading { func value() -> Double { 2.5 } }
            let gauge = Gauge()

            """
        let shown = runSession([
            "let kept = 41",
            declarations + "print(\"ran\")\nlet whole: Int = gauge.value()",
            declarations + "let exact: Double = gauge.value()\nprint(exact)",
            "print(kept + 1)",
        ])
        #expect(
            shown[1].contains(
                "<input 2>:6:24: unsupported: choosing between methods by the result type wanted: `value` of Gauge "
                    + "returns 'Double', and Swift calls the one declared elsewhere that returns 'Int' here"),
            "got: \(shown[1])")
        #expect(!shown[1].contains("ran\n"), "nothing runs before the error")
        #expect(shown[2].hasSuffix("2.5\n"), "got: \(shown[2])")
        #expect(shown[3] == "42\n")
        // The same call by the method's name in the type's own instance member.
        expectScriptError(
            "protocol Reading { func value() -> Double }\nextension Reading { func value() -> Int { 7 } }\n"
                + "struct Gauge: Reading {\n    func value() -> Double { 2.5 }\n    func whole() -> Int { value() }\n}",
            .unsupported, containing: "choosing between methods by the result type wanted: `value` of Gauge")
    }

    /// An argument has the type of the method's parameter it is passed to: `cart.add(2.5)` to
    /// an `add(_ n: Int)` stored 2.5 in an Int property and printed it (swiftc's words and
    /// places, checked with the oracle; an operator in the argument is worded as Swift words it).
    @Test(arguments: [
        (
            "struct Cart {\n    var count = 0\n    mutating func add(_ n: Int) { count += n }\n}\n"
                + "var cart = Cart()\ncart.add(2.5)", "6:10",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "final class Meter {\n    var total = 0.0\n"
                + "    func record(_ value: Double, times: Int) { total += value * Double(times) }\n"
                + "    func twice(_ n: Int) { record(1.5, times: 2.0) }\n}", "4:47",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "struct Scale {\n    func apply(_ x: Double) -> Double { x * 2 }\n}\n"
                + "let s = Scale()\nlet n = 3\nlet d = 1.5\nprint(s.apply(n * d))", "7:15",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
    ])
    func aMethodsArgumentHasItsParametersType(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// What Swift compiles of that shape runs (the compiled program's output): two methods of
    /// one name told apart by their parameters' types, a default, a trailing closure, an
    /// override called through its superclass.
    @Test func methodArgumentsThatSwiftCompilesStillRun() {
        expectOracleOutput(
            """
            struct Cart {
                var count = 0
                mutating func add(_ n: Int) { count += n }
                mutating func add(_ d: Double) { count += Int(d) }
                func scaled(_ f: Double = 2) -> Double { Double(count) * f }
                func label(_ s: String) -> String { s + "\\(count)" }
                func run(action: (Int) -> Int) -> Int { action(count) }
            }
            var cart = Cart()
            cart.add(2)
            cart.add(2.5)
            let k = 3
            cart.add(k)
            print(cart.count, cart.scaled(), cart.label("n="), cart.run { $0 * 2 })
            class Base { func take(_ n: Int) -> Int { n } }
            final class Sub: Base { override func take(_ n: Int) -> Int { n * 2 } }
            let b: Base = Sub()
            print(b.take(4))
            """,
            "7 14.0 n=7 14\n8\n")
    }

    /// What Swift compiles of those shapes runs (the compiled program's output), where the
    /// labels choose between two methods, an override is called through its superclass, a
    /// method has a default or a generic result, or a protocol extension's method of the same
    /// name may be the one called.
    @Test func methodResultsThatSwiftCompilesStillRun() {
        expectOracleOutput(
            """
            struct Cart {
                var prices: [Double] = [1.5, 2.5]
                func total() -> Double { prices.reduce(0, +) }
                func count() -> Int { prices.count }
                func total(taxRate: Double) -> Double { total() * (1 + taxRate) }
            }
            let cart = Cart()
            let n = 2
            print(cart.total() * 2, cart.count() + n, cart.total(taxRate: 0.5) / 2)
            class Base { func level() -> Int { 1 } }
            final class Sub: Base { override func level() -> Int { 2 } }
            let item: Base = Sub()
            print(item.level() + n)
            struct Tax { func rate(for amount: Double = 10) -> Double { amount * 0.1 } }
            print(Tax().rate() * 2)
            struct Box { func get<T>(_ value: T) -> T { value } }
            let box = Box()
            print(box.get(3) + n)
            protocol Reading { func value() -> Double }
            extension Reading { func scaled() -> Double { value() * 2 } }
            struct Gauge: Reading { func value() -> Double { 2.5 } }
            let exact: Double = Gauge().value()
            print(exact, Gauge().scaled())
            """,
            "8.0 4 3.0\n4\n2.0\n5\n2.5 5.0\n")
        // A static method of the same name as an instance method is the one a static member
        // calls; in an instance member (a closure in one, an extension) the type's method
        // comes before a global function of that name.
        expectOracleOutput(
            """
            struct Units {
                static func scale() -> Int { 2 }
                func scale() -> Double { 0.5 }
                static func twice() -> Int { scale() * 2 }
                func half(_ n: Int) -> Double { scale() * Double(n) }
                func doubled() -> Double { self.scale() * 2 }
            }
            func total() -> Int { 10 }
            struct Bill {
                func total() -> Double { 1.5 }
                func withTip() -> Double { total() * 2 }
                func outside() -> Int { let f = { total() }; return Int(f()) }
            }
            extension Bill { func quarter() -> Double { total() / 4 } }
            print(Units.twice(), Units().half(3), Units().doubled(), Bill().withTip(), Bill().quarter())
            """,
            "4 1.5 1.0 3.0 0.375\n")
    }

    /// An array literal's element of another type than the array wanted (written, or the
    /// type of the variable assigned, the parameter passed to, the function returned from,
    /// the array appended to) is refused at the element, as swiftc refuses it.
    @Test(arguments: [
        ("let xs: [Int] = [1.5]", "1:18", "cannot convert value of type 'Double' to expected element type 'Int'"),
        ("var a = [1, 2]\na = [3.5]", "2:6", "cannot convert value of type 'Double' to expected element type 'Int'"),
        (
            "var a = [1, 2]\na.append(contentsOf: [0.5])", "2:23",
            "cannot convert value of type 'Double' to expected element type 'Int'"
        ),
        (
            "let xs: [String] = [\"a\", 1]", "1:26",
            "cannot convert value of type 'Int' to expected element type 'String'"
        ),
        (
            "let n = 2\nlet xs: [Double] = [1, n]", "2:24",
            "cannot convert value of type 'Int' to expected element type 'Double'"
        ),
        (
            "func f(_ xs: [Int]) {}\nf([1, 2.5])", "2:7",
            "cannot convert value of type 'Double' to expected element type 'Int'"
        ),
        ("func f() -> [Int] { [0.5] }", "1:22", "cannot convert value of type 'Double' to expected element type 'Int'"),
    ])
    func anArrayLiteralsElementsHaveTheArraysType(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// A dictionary has its keys' and values' types, written or given by a literal
    /// (`["a": 1]` is a `[String : Int]`, as Swift spells it): its value is an Optional, a
    /// loop over it binds a key and a value of those types, and dictionaries of two types
    /// are neither stored as nor compared with each other.
    @Test(arguments: [
        (
            "let d = [\"a\": 1]\nlet v: Int = d[\"a\"]", "2:15",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'"
        ),
        (
            "let scores = [\"a\": 1.5]\nvar total = 0\nfor (_, s) in scores { total += s }", "3:33",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "let prices = [1.5]\nvar n = 0\nfor (i, p) in prices.enumerated() { n += i; n += p }", "3:50",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "let a = [\"a\": 1]\nlet b: [String: Double] = a", "2:27",
            "cannot assign value of type '[String : Int]' to type '[String : Double]'"
        ),
        (
            "var a = [\"a\": 1]\nlet b = [\"b\": 0.5]\na = b", "3:3",
            "cannot assign value of type '[String : Double]' to type '[String : Int]'"
        ),
        (
            "let a = [\"a\": 1]\nlet b = [\"b\": 0.5]\nprint(a == b)", "3:9",
            "binary operator '==' cannot be applied to operands of type '[String : Int]' and '[String : Double]'"
        ),
        (
            "let a = [\"a\": 1]\nlet h = a.count / 2.0", "2:17",
            "binary operator '/' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "let a: [String: Int] = [\"a\": 1.5]", "1:30",
            "cannot convert value of type 'Double' to expected dictionary value type 'Int'"
        ),
    ])
    func aDictionaryHasItsKeysAndValuesTypes(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// What Swift compiles with dictionaries still runs (the compiled program's output).
    @Test func dictionariesThatSwiftCompilesStillRun() {
        expectOracleOutput(
            """
            var counts = ["a": 1, "b": 2]
            counts["c"] = 3
            counts["a", default: 0] += 1
            let a: Int = counts["a"] ?? 0
            let b = counts["b"]!
            var total = 0
            for (_, v) in counts { total += v }
            for (k, v) in counts.sorted(by: { $0.key < $1.key }) { print(k, v) }
            let scores: [String: Double] = ["x": 1]
            var sum = 0.0
            for (_, s) in scores { sum += s }
            if let c = counts["c"] { total += c }
            for (i, name) in ["p", "q"].enumerated() { total += i; print(name + "!") }
            print(a, b, total, sum, counts.count * 2, counts == ["a": 2, "b": 2, "c": 3])
            let empty: [String: Int] = [:]
            print(empty.isEmpty, scores["x"] == 1, "n: " + String(total))
            """,
            "a 2\nb 2\nc 3\np!\nq!\n2 2 11 1.0 6 true\ntrue true n: 11\n")
    }

    /// A closure passed to an array's methods, or to the operators of its publisher or of a
    /// subject declared with its output type, takes their values' type: `ints.map { $0 * 1.5 }` printed Doubles where Swift refuses to
    /// compile it. A `reduce`'s first parameter and result are its initial value's type.
    @Test(arguments: [
        (
            "let xs = [1, 2]\nlet ys = xs.map { $0 * 1.5 }", "2:22",
            "binary operator '*' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "let xs = [1, 2]\nxs.forEach { x in print(x * 0.5) }", "2:27",
            "binary operator '*' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "let xs = [1, 2]\nlet t = xs.reduce(0.0) { $0 + $1 }", "2:31",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "import Combine\nlet xs = [1, 2]\nlet c = xs.publisher.map { $0 / 2.0 }.sink { print($0) }", "3:31",
            "binary operator '/' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "import Combine\nlet subject = CurrentValueSubject<Double, Never>(1)\nvar total = 0\nlet c = subject.sink { total += $0 }",
            "4:33", "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "import Combine\nlet subject: PassthroughSubject<Int, Never> = PassthroughSubject()\n"
                + "let c = subject.filter { $0 > 1.5 }.sink { print($0) }",
            "3:29", "binary operator '>' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        // Through a chain: `map`'s closure gives the type of what follows it; `filter` keeps it.
        (
            "import Combine\nlet ints = [1, 2, 3]\nlet c = ints.publisher.map { $0 * 2 }.filter { $0 > 2.5 }.sink { print($0) }",
            "3:51", "binary operator '>' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        (
            "let ints = [1, 2, 3]\nlet doubled = ints.map { $0 * 2 }\nvar total = 0.0\nfor d in doubled { total += d }",
            "4:29", "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
        (
            "import Combine\nlet subject = PassthroughSubject<Int, Never>()\n"
                + "let c = subject.map { Double($0) }.sink { value in print(value + 1) }\n"
                + "let d = subject.filter { $0 > 1 }.map { $0 * 2 }.sink { print($0 / 2.0) }",
            "4:66", "binary operator '/' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        // swiftc fails to word this one ("failed to produce diagnostic for expression"); it
        // refuses it all the same.
        (
            "import Combine\nfinal class Model: ObservableObject { @Published var count = 0 }\nlet model = Model()\n"
                + "let c = model.$count.map { $0 * 1.5 }.sink { print($0) }",
            "4:31", "binary operator '*' cannot be applied to operands of type 'Int' and 'Double'"
        ),
        // swiftc spells this value's type through the publisher ("value of type
        // 'Publishers.Sequence<[Double], Never>.Output' (aka 'Double')"); refused all the same.
        (
            "import Combine\nlet xs = [1.5]\nvar n = 0\nlet c = xs.publisher.sink { n += $0 }", "4:34",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        // swiftc words this one by its literal ("cannot convert value of type 'Double' to
        // expected argument type 'Int'", at 2:27); refused all the same.
        (
            "let xs = [1, 2]\nlet ys = xs.filter { $0 > 1.5 }", "2:25",
            "binary operator '>' cannot be applied to operands of type 'Int' and 'Double'"
        ),
    ])
    func aClosureTakesTheElementsOfTheArrayItIsGiven(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// What Swift compiles of those shapes runs (the compiled program's output): an integer
    /// literal as `reduce`'s initial value takes the elements' type, and an array literal's
    /// publisher takes the type its closures give it.
    @Test func closuresOverArraysThatSwiftCompilesStillRun() {
        expectOracleOutput(
            """
            import Combine
            let ints = [3, 1, 2]
            let prices = [1.5, 2.5]
            print(ints.map { $0 * 2 }, ints.filter { $0 > 1 }, ints.sorted { $0 < $1 }, ints.reduce(0) { $0 + $1 })
            print(prices.map { $0 * 2 }, prices.reduce(0) { $0 + $1 }, prices.reduce(0.5, +), ints.map { Double($0) * 1.5 })
            print(ints.contains { $0 == 2 }, ints.first { $0 > 1 } ?? 0, ints.allSatisfy { $0 > 0 }, ints.min { $0 < $1 } ?? 0)
            let total = ints.reduce(into: 0) { $0 += $1 }
            let c1 = ints.publisher.map { $0 * 10 }.sink { print($0) }
            let c2 = prices.publisher.map { $0 / 2 }.scan(0) { $0 + $1 }.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
            let c3 = [1, 2].publisher.map { $0 * 1.5 }.sink { print($0) }
            let c4 = ints.publisher.filter { $0 > 1 }.sink { value in print(value + 1) }
            ints.forEach { print(String($0) + "!") }
            print(total, prices.map { p in p + 1 })
            """,
            "[6, 2, 4] [3, 2] [1, 2, 3] 6\n[3.0, 5.0] 4.0 4.5 [4.5, 1.5, 3.0]\ntrue 3 true 1\n30\n10\n20\n0.75\n2.0\n"
                + "finished\n1.5\n3.0\n4\n3\n3!\n1!\n2!\n6 [2.5, 3.5]\n")
    }

    /// A closure stored in a variable declared with a function type takes its parameter
    /// types, and a call of a variable or parameter of a function type passes its arguments
    /// as those types: `let half: (Double) -> Double = { x in x / 2 }; half(3)` printed 1 (an
    /// Int division) where Swift prints 1.5 (the snippet
    /// `closures-take-their-declared-function-type` checks what runs).
    @Test(arguments: [
        (
            "let f: (Int) -> Int = { $0 * 1.5 }", "1:30",
            "cannot convert value of type 'Double' to expected argument type 'Int'"
        ),
        (
            "func apply(_ f: (Double) -> Double, to n: Int) -> Double { f(n) }", "1:62",
            "cannot convert value of type 'Int' to expected argument type 'Double'"
        ),
    ])
    func aFunctionTypeGivesItsParametersTypes(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// An Optional of a basic type is no operand of arithmetic or of an ordering until it is
    /// unwrapped: a variable declared `Int?` or made from an Optional, a dictionary's value,
    /// an array's `first`, a number read from a string. These stopped when they ran, after
    /// what came before them had printed; Swift refuses the program.
    @Test(arguments: [
        (
            "let x: Int? = 5\nprint(x + 1)", "2:7",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'"
        ),
        ("var o: Int? = 1\no += 1", "2:1", "value of optional type 'Int?' must be unwrapped to a value of type 'Int'"),
        (
            "let d = [\"a\": 1]\nprint(d[\"a\"] + 1)", "2:8",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'"
        ),
        (
            "let xs = [1, 2]\nprint(xs.first * 2)", "2:10",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'"
        ),
        (
            "let xs = [1, 2]\nlet first = xs.first\nprint(first * 2)", "3:7",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'"
        ),
        (
            "let x: Int? = 5\nprint(x < 3)", "2:7",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'"
        ),
        (
            "let n = Int(\"5\")\nprint(n + 1)", "2:7",
            "value of optional type 'Int?' must be unwrapped to a value of type 'Int'"
        ),
        (
            "let x: Double? = 5\nlet y = 2.0\nprint(y * x)", "3:11",
            "value of optional type 'Double?' must be unwrapped to a value of type 'Double'"
        ),
    ])
    func anOptionalIsNoOperandUntilItIsUnwrapped(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// Unwrapped, an Optional is an operand (the compiled program's output).
    @Test func unwrappedOptionalsStillRun() {
        expectOracleOutput(
            """
            let x: Int? = 5
            if let x { print(x + 1) }
            if let y = x { print(y * 2) }
            guard let z = x else { fatalError() }
            print(z + 3, (x ?? 0) + 1, x! + 1, x == 5, x != nil)
            var counts = ["a": 1]
            counts["a"]! += 1
            counts["b", default: 0] += 2
            print(counts["a"]! * 2, (counts["c"] ?? 0) + 1)
            let xs = [3, 1]
            if let first = xs.first { print(first * 2) }
            print(xs.max()! + 1, (Int("5") ?? 0) + 1)
            var maybe: Int? = nil
            maybe = 3
            if let maybe { print(maybe + 1) }
            func f(_ v: Int?) -> Int {
                guard let v else { return 0 }
                return v * 2
            }
            func g() -> Int {
                let local: Int? = 2
                if let local { return local + 1 }
                return 0
            }
            let n = Int("7")
            if let n { print(n * 3) }
            print(f(4), g(), n.map { $0 + 1 } ?? 0)
            """,
            "6\n10\n8 6 6 true true\n4 1\n6\n4 6\n4\n21\n8 3 8\n")
    }

    /// Swift has no operator between a string or a Bool and a number: `"count: " + n`
    /// stopped when it ran, and is refused before now, with swiftc's words.
    @Test(arguments: [
        (
            "let n = 3\nlet s = \"count: \" + n", "2:19",
            "binary operator '+' cannot be applied to operands of type 'String' and 'Int'"
        ),
        (
            "var s = \"a\"\nlet n = 3\ns += n", "3:6",
            "cannot convert value of type 'Int' to expected argument type 'String'"
        ),
        (
            "let b = true\nlet n = 3\nprint(b == n)", "3:9",
            "binary operator '==' cannot be applied to operands of type 'Bool' and 'Int'"
        ),
        (
            "let s = \"a\"\nlet n = 3\nlet t: String = s + n", "3:21",
            "cannot convert value of type 'Int' to expected argument type 'String'"
        ),
    ])
    func stringsAndBoolsMeetNoNumberInAnOperator(source: String, location: String, message: String) {
        expectRefusedBeforeRunning(source, at: location, message)
    }

    /// A global an earlier input declared from a literal alone keeps the literal's type.
    @Test func aGlobalsLiteralTypeReachesLaterInputs() {
        let shown = runSession([
            "var total = 0\nvar names = [\"a\"]", "total += 0.5", "names.append(5)",
            "total += 1\nnames.append(\"b\")\nprint(total, names)",
        ])
        #expect(
            shown[1].contains(
                "<input 2>:1:10: syntax error: cannot convert value of type 'Double' to expected argument type 'Int'"),
            "got: \(shown[1])")
        #expect(
            shown[2].contains(
                "<input 3>:1:14: syntax error: cannot convert value of type 'Int' to expected argument type 'String'"),
            "got: \(shown[2])")
        #expect(shown[3] == "1 [\"a\", \"b\"]\n")
    }

    /// A global declared in one input keeps its written type in the next.
    @Test func aGlobalsWrittenTypeReachesLaterInputs() {
        let shown = runSession(["let price: Double = 2.5", "let n = 2\nprint(n * price)", "print(Double(2) * price)"])
        #expect(
            shown[1].contains(
                "<input 2>:2:9: syntax error: binary operator '*' cannot be applied to operands of type 'Int' and 'Double'"
            ),
            "got: \(shown[1])")
        #expect(shown[2] == "5.0\n")
    }
}

/// Runs `source` as the second input of a session, after a line that prints, and expects
/// the error at `location` (`line:column` in `source`) before anything in the input ran,
/// and the session to go on.
private func expectRefusedBeforeRunning(
    _ source: String, at location: String, _ message: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let parts = location.split(separator: ":").compactMap { Int($0) }
    let shifted = "\(parts[0] + 1):\(parts[1])"
    let shown = runSession(["let kept = 41", "print(\"ran\")\n" + source, "print(kept + 1)"])
    #expect(
        shown[1].contains("<input 2>:\(shifted): syntax error: \(message)"), "got: \(shown[1])",
        sourceLocation: sourceLocation)
    #expect(!shown[1].contains("ran\n"), "nothing runs before the error", sourceLocation: sourceLocation)
    #expect(shown[2] == "42\n", "the session goes on", sourceLocation: sourceLocation)
}
