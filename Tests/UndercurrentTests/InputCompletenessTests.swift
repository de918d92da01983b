import Testing

@testable import UndercurrentSession

@Suite("InputCompleteness")
struct InputCompletenessTests {
    @Test(
        "complete inputs",
        arguments: [
            "",
            "   \n",
            "let x = 1",
            "[1, 2, 3].publisher.sink { print($0) }",
            "func f() {\n  print(1)\n}",
            "let a = [\n  1,\n  2,\n]",
            "foo(\n  1\n)",
            // A trailing operator or dot does not ask for more.
            "let x = 1 +",
            "publisher\n  .map { $0 }\n  .",
        ])
    func complete(_ text: String) {
        #expect(InputCompleteness.isComplete(text))
    }

    @Test(
        "open brackets",
        arguments: [
            "{",
            "func f() {",
            "func f() {\n  if x {\n  }",
            "foo(",
            "let a = [1, 2,",
            "sink { value in\n  print([value,",
            "let s = (1, [2, {",
        ])
    func openBrackets(_ text: String) {
        #expect(!InputCompleteness.isComplete(text))
    }

    @Test(
        "more closing than opening brackets is left to the parser",
        arguments: [
            "}",
            "foo())",
            "let a = 1 }\n{",
            "(]",
            "[1, 2)",
        ])
    func extraClosers(_ text: String) {
        #expect(InputCompleteness.isComplete(text))
    }

    @Test(
        "brackets inside strings do not count",
        arguments: [
            #"print("{")"#,
            #"print("(((")"#,
            #"let s = "]}) \" {""#,
            #"let s = "a \\" + "{""#,
        ])
    func bracketsInStrings(_ text: String) {
        #expect(InputCompleteness.isComplete(text))
    }

    @Test(
        "brackets inside comments do not count",
        arguments: [
            "let x = 1 // {",
            "// (\nlet y = 2",
            "/* { */ let x = 1",
            "/* outer /* inner { */ still comment ( */ x",
            "let url = \"http://example.com\" // {",
        ])
    func bracketsInComments(_ text: String) {
        #expect(InputCompleteness.isComplete(text))
    }

    @Test(
        "unterminated block comments",
        arguments: [
            "/*",
            "let x = 1 /* start\n still",
            "/* outer /* inner */ still in outer",
            "f() /* { */ /*",
        ])
    func openBlockComments(_ text: String) {
        #expect(!InputCompleteness.isComplete(text))
    }

    @Test(
        "multi-line strings",
        arguments: [
            ("let s = \"\"\"", false),
            ("let s = \"\"\"\n  hello {\n", false),
            ("let s = \"\"\"\n  hello {\n  \"\"\"", true),
            ("let s = \"\"\"\n  quote \" and \"\" inside\n", false),
            ("let s = \"\"\"\n  escaped \\\"\"\" still open\n", false),
            ("let s = \"\"\"\n  done\n  \"\"\"\nfoo(", false),
        ])
    func multilineStrings(_ text: String, expected: Bool) {
        #expect(InputCompleteness.isComplete(text) == expected)
    }

    @Test(
        "raw strings",
        arguments: [
            (##"let s = #"a "quoted" { part"#"##, true),
            (##"let s = #"backslash \ then " quote"#"##, true),
            (##"let s = #"""\##n "quotes" \##n"""#"##, true),
            ("let s = #\"\"\"\n  \"\"\" is not the end\n", false),
            ("let s = #\"\"\"\n  text\n  \"\"\"#", true),
            ("#if DEBUG\nlet x = 1\n#endif", true),
        ])
    func rawStrings(_ text: String, expected: Bool) {
        #expect(InputCompleteness.isComplete(text) == expected)
    }

    @Test(
        "interpolation",
        arguments: [
            (#"print("value: \(x)")"#, true),
            (#"print("value: \(f(x, [1, 2]))")"#, true),
            (#"print("nested \("inner \(x) )") done")"#, true),
            (#"print("\(values.map { "\($0)" })")"#, true),
            (#"print("open \(foo("#, false),
            (#"print("open \(x"#, false),
            ("let s = \"\"\"\n  \\(items.map {\n", false),
            ("let s = \"\"\"\n  \\(items.map {\n    $0\n  })\n  \"\"\"", true),
            (##"let s = #"raw \(not interpolation"#"##, true),
            (##"let s = #"raw \#(f(x)) done"#"##, true),
            (##"let s = #"raw \#(f(x"##, false),
        ])
    func interpolation(_ text: String, expected: Bool) {
        #expect(InputCompleteness.isComplete(text) == expected)
    }

    @Test(
        "a single-line string cannot continue, so the input goes to the parser",
        arguments: [
            #"let s = "abc"#,
            "print(\"abc\n",
            "foo(\"unterminated {\n  more",
        ])
    func unterminatedSingleLineStrings(_ text: String) {
        #expect(InputCompleteness.isComplete(text))
    }
}
