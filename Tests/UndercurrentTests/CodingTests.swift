import Testing
import UndercurrentInterpreter

/// `Codable` with `JSONEncoder` / `JSONDecoder`, `Data`, and Combine's `encode(encoder:)` /
/// `decode(type:decoder:)`. Expected outputs are what the same code printed compiled natively
/// (`scripts/oracle`, swiftc + Foundation + OpenCombine), pasted in unchanged; the tests
/// use `.sortedKeys` (or single-key objects) because Foundation writes other keys in hash order.
@Suite struct CodingTests {
    /// Encoding: compact, `.sortedKeys`, `.prettyPrinted` (empty containers on three lines),
    /// `.withoutEscapingSlashes`; escaping, numbers, fragments, nil optionals left out,
    /// Int-keyed dictionaries, sets, `Data` as Base64.
    @Test func encodingMatchesFoundation() {
        expectOracleOutput(
            ##"""
            import Foundation
            struct Point: Codable { var x: Double; var y: Double }
            struct Shape: Codable {
                var name: String
                var points: [Point]
                var closed: Bool
                var color: String?
                var meta: [String: Int]
                var empty: [Int]
                var none: [String: String]
            }
            let shape = Shape(name: "tri/angle", points: [Point(x: 0, y: 1.5), Point(x: -2, y: 1e-7)], closed: true,
                              color: nil, meta: ["b": 2, "a": 1], empty: [], none: [:])
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            print(String(data: try encoder.encode(shape), encoding: .utf8)!)
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            print(String(data: try encoder.encode(shape), encoding: .utf8)!)
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(data: try encoder.encode(shape), encoding: .utf8)!)
            print(encoder.outputFormatting.contains(.sortedKeys), encoder.outputFormatting.contains(.prettyPrinted))
            let plain = JSONEncoder()
            print(String(data: try plain.encode(["tab\there", "quote\"", "back\\slash", "nl\n", "\u{1}", "é😀"]), encoding: .utf8)!)
            print(String(data: try plain.encode([1.0, 0.5, -0.0, 1e16, 1e15, 123456.789, 5e-324, 100]), encoding: .utf8)!)
            print(String(data: try plain.encode([Int.max, Int.min]), encoding: .utf8)!)
            print(String(data: try plain.encode(42), encoding: .utf8)!, String(data: try plain.encode("hi"), encoding: .utf8)!)
            print(String(data: try plain.encode(nil as Int?), encoding: .utf8)!, String(data: try plain.encode([nil, 2] as [Int?]), encoding: .utf8)!)
            print(String(data: try plain.encode([3: "three"]), encoding: .utf8)!, String(data: try plain.encode(Set([7])), encoding: .utf8)!)
            print(String(data: try plain.encode(Data([0, 1, 2, 250, 255])), encoding: .utf8)!)
            """##,
            ##"""
            {"closed":true,"empty":[],"meta":{"a":1,"b":2},"name":"tri\/angle","none":{},"points":[{"x":0,"y":1.5},{"x":-2,"y":1e-07}]}
            {
              "closed" : true,
              "empty" : [

              ],
              "meta" : {
                "a" : 1,
                "b" : 2
              },
              "name" : "tri\/angle",
              "none" : {

              },
              "points" : [
                {
                  "x" : 0,
                  "y" : 1.5
                },
                {
                  "x" : -2,
                  "y" : 1e-07
                }
              ]
            }
            {"closed":true,"empty":[],"meta":{"a":1,"b":2},"name":"tri/angle","none":{},"points":[{"x":0,"y":1.5},{"x":-2,"y":1e-07}]}
            true false
            ["tab\there","quote\"","back\\slash","nl\n","\u0001","é😀"]
            [1,0.5,-0,1e+16,1000000000000000,123456.789,5e-324,100]
            [9223372036854775807,-9223372036854775808]
            42 "hi"
            null [null,2]
            {"3":"three"} [7]
            "AAEC+v8="

            """##)
    }

    /// Decoding: `CodingKeys` with raw values (a `let` with a value is encoded, not decoded),
    /// classes (a subclass codes as its superclass), generics, enums with payloads, raw-value
    /// enums, Int-keyed dictionaries, sets, Double, Data, recursive optionals.
    @Test func decodingRoundTrips() {
        expectOracleOutput(
            ##"""
            import Foundation
            struct Account: Codable {
                var ownerName: String
                var balance: Double
                var note: String = "none"
                let currency = "EUR"
                var active = true
                enum CodingKeys: String, CodingKey {
                    case ownerName = "owner_name"
                    case balance
                    case currency
                    case active
                }
            }
            let json = #"{"owner_name": "Ada", "balance": 12, "currency": "USD", "active": false, "note": "ignored"}"#
            let account = try JSONDecoder().decode(Account.self, from: Data(json.utf8))
            print(account)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            print(String(data: try encoder.encode(account), encoding: .utf8)!)

            class Animal: Codable {
                var name: String
                var legs: Int
                init(name: String, legs: Int) { self.name = name; self.legs = legs }
                deinit { print("deinit", name) }
            }
            class Dog: Animal {
                var good = true
            }
            let dog = Dog(name: "Rex", legs: 4)
            print(String(data: try encoder.encode(dog), encoding: .utf8)!)
            let cat = try JSONDecoder().decode(Animal.self, from: Data(#"{"name": "Tom", "legs": 4}"#.utf8))
            print(cat.name, cat.legs)

            struct Box<Content: Codable>: Codable {
                var content: Content
                var history: [Content]
            }
            let box = try JSONDecoder().decode(Box<Int>.self, from: Data(#"{"content": 3, "history": [1, 2]}"#.utf8))
            print(box.content, box.history)

            enum Command: Codable {
                case move(x: Int, y: Int)
                case say(String, loud: Bool?)
                case stop
            }
            let commands: [Command] = [.move(x: 1, y: -1), .say("hi", loud: nil), .say("HEY", loud: true), .stop]
            let commandData = try encoder.encode(commands)
            print(String(data: commandData, encoding: .utf8)!)
            print(try JSONDecoder().decode([Command].self, from: commandData))

            enum Level: Int, Codable { case low = 1, mid, high }
            struct Settings: Codable {
                var level: Level
                var limits: [Int: Double]
                var flags: Set<String>
                var ratio: Double
                var blob: Data
                var children: [Settings]?
            }
            let settings = try JSONDecoder().decode(Settings.self, from: Data(#"""
            {"level": 3, "limits": {"10": 0.5}, "flags": ["on"], "ratio": 0.1, "blob": "AAEC/w==",
             "children": [{"level": 1, "limits": {}, "flags": [], "ratio": 2, "blob": ""}]}
            """#.utf8))
            print(settings.level, settings.limits, settings.flags, settings.ratio, Array(settings.blob))
            print(settings.children!.count, settings.children![0].level, settings.children![0].children as Any)
            print(try JSONDecoder().decode([String: [Int]].self, from: Data(#"{"k": [1, 2]}"#.utf8)))
            print(try JSONDecoder().decode(Double.self, from: Data("2".utf8)), try JSONDecoder().decode(String?.self, from: Data("null".utf8)) as Any)
            """##,
            ##"""
            Account(ownerName: "Ada", balance: 12.0, note: "none", currency: "EUR", active: false)
            {"active":false,"balance":12,"currency":"EUR","owner_name":"Ada"}
            {"legs":4,"name":"Rex"}
            Tom 4
            3 [1, 2]
            [{"move":{"x":1,"y":-1}},{"say":{"_0":"hi"}},{"say":{"_0":"HEY","loud":true}},{"stop":{}}]
            [main.Command.move(x: 1, y: -1), main.Command.say("hi", loud: nil), main.Command.say("HEY", loud: Optional(true)), main.Command.stop]
            high [10: 0.5] ["on"] 0.1 [0, 1, 2, 255]
            1 low nil
            ["k": [1, 2]]
            2.0 nil

            """##)
    }

    /// Decoding errors print, describe (`localizedDescription`) and match
    /// (`catch DecodingError.keyNotFound(let key, let context)`) as Swift's do, with their paths.
    @Test func decodingErrorsPrintAsSwiftDoes() {
        expectOracleOutput(
            ##"""
            import Foundation
            struct Item: Decodable {
                enum Size: String, Decodable { case small, large }
                var name: String
                var size: Size
                var count: Int
            }
            enum Pick: Decodable { case first(Int), second }
            let decoder = JSONDecoder()
            let inputs = [
                #"{"name": "a", "size": "small"}"#,
                #"{"name": "a", "size": "huge", "count": 1}"#,
                #"{"name": 5, "size": "small", "count": 1}"#,
                #"{"name": null, "size": "small", "count": 1}"#,
                #"{"name": "a", "size": "small", "count": 1.5}"#,
                #"{"name": "a""#,
                #"[1]"#,
                "",
            ]
            for input in inputs {
                do {
                    let item = try decoder.decode(Item.self, from: Data(input.utf8))
                    print("decoded", item)
                } catch {
                    print(error)
                    print(error.localizedDescription)
                }
            }
            for input in [#"{}"#, #"{"first": {}}"#, #"{"second": [], "first": {"_0": 1}}"#, #"{"second": 1}"#] {
                do {
                    print(try decoder.decode(Pick.self, from: Data(input.utf8)))
                } catch DecodingError.typeMismatch(let type, let context) {
                    print("mismatch:", type, context.codingPath.map(\.stringValue), context.debugDescription)
                } catch let DecodingError.keyNotFound(key, context) {
                    print("key:", key, key.intValue as Any, context.codingPath.count)
                } catch {
                    print("other:", error)
                }
            }
            do {
                _ = try decoder.decode([Item].self, from: Data(#"[{"name": "a", "size": "small", "count": 1}, {"name": "b"}]"#.utf8))
            } catch let error as DecodingError {
                switch error {
                case .keyNotFound(let key, let context):
                    print(key.stringValue, context.codingPath.map { $0.stringValue }, context.underlyingError as Any)
                    debugPrint(error)
                    print([error])
                default:
                    print("unexpected")
                }
            }
            print(error(of: #"{"name": "a", "size": "small", "count": "x"}"#) is DecodingError)
            func error(of json: String) -> Error {
                do { _ = try decoder.decode(Item.self, from: Data(json.utf8)); fatalError() } catch { return error }
            }
            """##,
            ##"""
            DecodingError.keyNotFound: Key 'count' not found in keyed decoding container. Debug description: No value associated with key CodingKeys(stringValue: "count", intValue: nil) ("count").
            The operation could not be completed. The data is missing.
            DecodingError.dataCorrupted: Data was corrupted. Path: size. Debug description: Cannot initialize Size from invalid String value huge
            The operation could not be completed. The data isn’t in the correct format.
            DecodingError.typeMismatch: expected value of type String. Path: name. Debug description: Expected to decode String but found number instead.
            The operation could not be completed. The data isn’t in the correct format.
            DecodingError.valueNotFound: Expected value of type String but found null instead. Path: name. Debug description: Cannot get value of type String -- found null value instead
            The operation could not be completed. The data is missing.
            DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON.
            The operation could not be completed. The data isn’t in the correct format.
            DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON.
            The operation could not be completed. The data isn’t in the correct format.
            DecodingError.typeMismatch: expected value of type Dictionary<String, Any>. Debug description: Expected to decode Dictionary<String, Any> but found an array instead.
            The operation could not be completed. The data isn’t in the correct format.
            DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON.
            The operation could not be completed. The data isn’t in the correct format.
            mismatch: Pick [] Invalid number of keys found, expected one.
            key: FirstCodingKeys(stringValue: "_0", intValue: nil) nil 1
            mismatch: Pick [] Invalid number of keys found, expected one.
            mismatch: Dictionary<String, Any> ["second"] Expected to decode Dictionary<String, Any> but found number instead.
            size ["Index 1"] nil
            DecodingError.keyNotFound: Key 'size' not found in keyed decoding container. Path: [1]. Debug description: No value associated with key CodingKeys(stringValue: "size", intValue: nil) ("size").
            [DecodingError.keyNotFound: Key 'size' not found in keyed decoding container. Path: [1]. Debug description: No value associated with key CodingKeys(stringValue: "size", intValue: nil) ("size").]
            true

            """##)
    }

    /// `Data`: printing (`N bytes`), bytes, equality, UTF-8 conversions, Base64.
    @Test func dataAndStrings() {
        expectOracleOutput(
            ##"""
            import Foundation
            let data = Data("héllo".utf8)
            print(data, data.count, data.isEmpty, Data().isEmpty)
            debugPrint(data)
            print([data], Optional(data) as Any)
            print(Array(data), data.filter { $0 > 100 }.count)
            print(String(data: data, encoding: .utf8)!, String(data: Data([0xff, 0xfe]), encoding: .utf8) as Any)
            print(String(decoding: data, as: UTF8.self))
            print("abc".data(using: .utf8)! == Data([97, 98, 99]), Data([1]) == Data([2]))
            print(data.base64EncodedString(), Data(base64Encoded: "aGk=")!, Data(base64Encoded: "not base64") as Any)
            var total = 0
            for byte in Data([1, 2, 3]) { total += Int(byte) }
            print(total, "héllo".utf8.count, Array("hi".utf8))
            """##,
            ##"""
            6 bytes 6 false true
            6 bytes
            [6 bytes] Optional(6 bytes)
            [104, 195, 169, 108, 108, 111] 6
            héllo nil
            héllo
            true false
            aMOpbGxv 2 bytes nil
            6 6 [104, 105]

            """##)
    }

    /// `encode(encoder:)` and `decode(type:decoder:)`: values in, Data out and back; a coding
    /// error is the stream's failure.
    @Test func combineEncodeAndDecode() {
        expectOracleOutput(
            ##"""
            import Combine
            import Foundation
            struct Event: Codable { var id: Int; var title: String }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let events = [Event(id: 1, title: "a"), Event(id: 2, title: "b")].publisher
            let c1 = events
                .encode(encoder: encoder)
                .map { String(data: $0, encoding: .utf8)! }
                .collect()
                .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
            let raw = PassthroughSubject<Data, Never>()
            let c2 = raw
                .decode(type: Event.self, decoder: JSONDecoder())
                .map(\.title)
                .sink(receiveCompletion: { print("completion:", $0) }, receiveValue: { print("title:", $0) })
            raw.send(Data(#"{"id": 1, "title": "first"}"#.utf8))
            raw.send(Data(#"{"id": "x", "title": "second"}"#.utf8))
            raw.send(Data(#"{"id": 3, "title": "third"}"#.utf8))
            let c3 = Just(Data("oops".utf8))
                .decode(type: [Event].self, decoder: JSONDecoder())
                .replaceError(with: [])
                .sink { print("events:", $0.count) }
            let c4 = Just(Data(#"[{"id": 9, "title": "z"}]"#.utf8))
                .decode(type: [Event].self, decoder: JSONDecoder())
                .sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })
            """##,
            ##"""
            ["{\"id\":1,\"title\":\"a\"}", "{\"id\":2,\"title\":\"b\"}"]
            finished
            title: first
            completion: failure(DecodingError.typeMismatch: expected value of type Int. Path: id. Debug description: Expected to decode Int but found a string instead.)
            events: 0
            [main.Event(id: 9, title: "z")]
            finished

            """##)
    }

    /// Without `.sortedKeys` Foundation writes keys in hash order (different on every run);
    /// Undercurrent writes them in declaration order, dictionaries in insertion order, and a
    /// decoded dictionary keeps its keys sorted. (Undercurrent's documented choice, not oracle
    /// output.)
    @Test func unsortedKeysFollowDeclarationOrder() {
        let result = runScript(
            #"""
            import Foundation
            struct Entry: Codable {
                var zeta = 1
                var alpha = "a"
                var table: [String: Int] = ["b": 1, "a": 2]
                var middle: Double?
            }
            print(String(data: try JSONEncoder().encode(Entry()), encoding: .utf8)!)
            print(try JSONDecoder().decode([String: Int].self, from: Data(#"{"b": 1, "c": 3, "a": 2}"#.utf8)))
            """#)
        #expect(result.error == nil)
        #expect(
            result.output == """
                {"zeta":1,"alpha":"a","table":{"b":1,"a":2}}
                ["a": 2, "b": 1, "c": 3]

                """)
    }

    /// What the synthesized conformance cannot do here, or Swift would not compile, is a
    /// clear error, never a crash.
    @Test func unsupportedCodingIsNamed() {
        expectScriptError(
            """
            struct P: Codable { var a: Int; func encode(to encoder: Encoder) throws {} }
            _ = try JSONEncoder().encode(P(a: 1))
            """, .unsupported, containing: "a custom encode(to:) (in 'P') is not supported yet")
        expectScriptError(
            """
            struct P: Codable { var a: Int; init(a: Int) { self.a = a }; init(from decoder: Decoder) throws { a = 1 } }
            _ = try JSONDecoder().decode(P.self, from: Data("{}".utf8))
            """, .unsupported, containing: "a custom init(from:) (in 'P') is not supported yet")
        expectScriptError(
            """
            struct P { var a: Int }
            _ = try JSONEncoder().encode([P(a: 1)])
            """, .runtime, containing: "'P' does not conform to Encodable")
        expectScriptError(
            """
            struct P: Encodable { var a: Int }
            _ = try JSONDecoder().decode(P.self, from: Data("{}".utf8))
            """, .runtime, containing: "'P' does not conform to Decodable")
        expectScriptError(
            """
            struct P: Codable { var a: Int; var b: Int; enum CodingKeys: String, CodingKey { case a } }
            _ = try JSONDecoder().decode(P.self, from: Data("{}".utf8))
            """, .runtime, containing: "property 'b' is not in CodingKeys and has no initial value")
        expectScriptError(
            """
            struct P: Codable { var names = [String]() }
            _ = try JSONDecoder().decode(P.self, from: Data("{}".utf8))
            """, .runtime, containing: "write the type of property 'names'")
        expectScriptError(
            """
            class Node: Codable { var next: Node?; init() {} }
            let node = Node()
            node.next = node
            _ = try JSONEncoder().encode(node)
            """, .runtime, containing: "encoding nested more than 512 levels deep")
        expectScriptError(
            """
            import Combine
            class Model: ObservableObject, Codable { @Published var count = 0 }
            _ = try JSONEncoder().encode(Model())
            """, .unsupported, containing: "coding the @Published property 'count'")
        expectScriptError("_ = try JSONEncoder().encode((1, 2))", .runtime, containing: "is not Encodable")
        expectScriptError("_ = try JSONDecoder().decode(5, from: Data())", .runtime, containing: "decode needs a type")
        expectScriptError(
            "_ = String(data: Data(), encoding: .ascii)", .unsupported, containing: "the string encoding .ascii")
        expectScriptError(
            "let e = JSONEncoder()\ne.outputFormatting = 3", .runtime, containing: "outputFormatting takes")
    }

    /// Hostile input ends in a script error or a caught DecodingError: nesting deeper than
    /// Foundation allows, invalid UTF-8, numbers out of range, an uncaught error at the top.
    @Test func malformedInputNeverTraps() {
        expectOracleOutput(
            #"""
            import Foundation
            struct R: Codable { var r: [R] }
            let inputs = [
                String(repeating: "{\"r\":[", count: 600) + String(repeating: "]}", count: 600),
                String(repeating: "[", count: 100_000),
                "{\"r\": [{\"r\": 1e400}]}",
                "{\"r\": [99999999999999999999]}",
            ]
            for input in inputs {
                do { print(try JSONDecoder().decode(R.self, from: Data(input.utf8)).r.count) } catch { print(error) }
            }
            do { print(try JSONDecoder().decode(String.self, from: Data([0x22, 0xff, 0x22]))) } catch { print(error) }
            """#,
            #"""
            DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON.
            DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON.
            DecodingError.typeMismatch: expected value of type Array<Any>. Path: r[0].r. Debug description: Expected to decode Array<Any> but found number instead.
            DecodingError.typeMismatch: expected value of type Dictionary<String, Any>. Path: r[0]. Debug description: Expected to decode Dictionary<String, Any> but found number instead.
            DecodingError.dataCorrupted: Data was corrupted. Debug description: The given data was not valid JSON.

            """#)
        let uncaught = runScript(
            """
            struct P: Codable { var a: Int }
            let p = try JSONDecoder().decode(P.self, from: Data("{}".utf8))
            print("not reached")
            """)
        #expect(uncaught.output == "")
        #expect(
            uncaught.error?.message.hasPrefix("uncaught error: DecodingError.keyNotFound: Key 'a' not found") == true)
    }

    /// The pipeline's stages are OpenCombine's own `Encode` and `Decode`, traced like any other,
    /// and they keep the contract.
    @Test func encodeAndDecodeStagesAreTraced() {
        let run = CheckedRun.run(
            """
            import Combine
            import Foundation
            struct Item: Codable { var n: Int }
            let subject = PassthroughSubject<Item, Never>()
            let c = subject.encode(encoder: JSONEncoder()).decode(type: Item.self, decoder: JSONDecoder())
                .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.n) })
            subject.send(Item(n: 4))
            subject.send(completion: .finished)
            """)
        #expect(run.diagnostic == nil)
        #expect(run.output == "4\nfinished\n")
        #expect(run.calls.contains { $0.target == "Encode.Inner#1" && $0.kind == .receiveValue })
        #expect(
            run.calls.contains { $0.target == "Decode.Inner#1" && $0.kind == .receiveValue && $0.argument == "7 bytes" }
        )
        #expect(run.violations.isEmpty)
    }
}
