/// The contract checker's findings at the end of a trace:
///
///     Contract check: 1 error, 1 warning
///       #6    error    §1.1 more values than requested: …
///       #14   warning  §1.8 a signal after cancel: …
public enum ContractSummary {
    public static func counts(_ violations: [ContractViolation]) -> (errors: Int, warnings: Int) {
        let errors = violations.filter { $0.severity == .error }.count
        return (errors, violations.count - errors)
    }

    /// One line per violation under a headline; nothing when there are none. `total` counts
    /// violations beyond those kept. With `maxListed`, only the first that many are listed
    /// and `more` is said after the count of the others (a runaway publisher breaks a rule
    /// on every value: a hundred thousand lines would bury the input's output).
    public static func render(
        _ violations: [ContractViolation], total: Int? = nil, useColor: Bool = false, maxListed: Int? = nil,
        more: String = ""
    ) -> [String] {
        guard !violations.isEmpty else { return [] }
        let (errors, warnings) = counts(violations)
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        var lines = ["Contract check: " + parts.joined(separator: ", ")]
        let listed = maxListed.map { violations.prefix(max(0, $0)) } ?? violations[...]
        for violation in listed {
            let number = "#\(violation.sequence)"
            let severity = violation.severity.rawValue
            var line =
                "  " + number.padding(toLength: max(6, number.count + 1), withPad: " ", startingAt: 0)
                + severity.padding(toLength: 9, withPad: " ", startingAt: 0) + violation.headline
            if useColor { line = "\u{1B}[\(violation.severity == .error ? "31" : "33")m" + line + "\u{1B}[39m" }
            lines.append(line)
        }
        let all = max(total ?? 0, violations.count)
        if all > listed.count {
            lines.append("  … and \(all - listed.count) more" + (listed.count < violations.count ? more : ""))
        }
        return lines
    }

    /// `Contract check: no violations.`
    public static let clean = "Contract check: no violations."
}
