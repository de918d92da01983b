extension Session {
    /// Tab completion: colon commands, Swift keywords, and names the session knows.
    public func completions(for prefix: String) -> [String] {
        guard !prefix.isEmpty else { return [] }
        if prefix.hasPrefix(":") {
            return (Self.commands + Self.inspectionCommands + (sessionExtension?.commandNames ?? [])).filter {
                $0.hasPrefix(prefix)
            }
        }
        var names = Set(Self.keywords)
        names.formUnion(environment.interpreter.globals.keys)
        names.formUnion(environment.interpreter.types.keys.filter { !$0.contains(".") })
        return names.filter { $0.hasPrefix(prefix) && $0 != prefix }.sorted()
    }

    static let commands = [":help", ":quit", ":reset", ":load", ":trace", ":time", ":advance"]
    static let keywords = [
        "import", "struct", "class", "final", "enum", "protocol", "extension", "func", "init", "deinit",
        "let", "var", "return", "if", "else", "guard", "switch", "case", "default", "for", "while", "in",
        "typealias", "where", "self", "Self", "nil", "true", "false", "private", "public", "weak",
        "Subscribers", "Subscription", "Subscriber", "Publisher", "AnyCancellable",
    ]
}
