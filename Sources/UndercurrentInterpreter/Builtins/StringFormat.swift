#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Foundation's `String(format:)` for the conversions scripts use: `%d %i %u %x %X %o`
/// (with `l`/`ll` for 64 bits; without, Foundation reads 32 bits, and so does this),
/// `%f %e %g %a` and their capitals, `%@` and `%%`, with flags, width and precision.
/// Each number is formatted by the C library, so the digits are exactly C's.
enum StringFormat {
    static func format(_ format: String, _ values: [Value], _ arguments: NativeArguments) throws -> String {
        var output = ""
        var remaining = values[...]
        var scalars = Substring(format).unicodeScalars[...]
        func nextValue(_ conversion: Unicode.Scalar) throws -> Value {
            guard let value = remaining.popFirst() else {
                throw ScriptError.runtime(
                    "String(format:) has fewer arguments than '%\(conversion)' conversions",
                    at: arguments.location)
            }
            return value
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                output.unicodeScalars.append(scalar)
                continue
            }
            var spec = "%"
            while let flag = scalars.first, "-+ #0'".unicodeScalars.contains(flag) {
                spec.unicodeScalars.append(scalars.removeFirst())
            }
            while let digit = scalars.first, ("0"..."9").contains(digit) || digit == "." {
                spec.unicodeScalars.append(scalars.removeFirst())
            }
            // A width or precision is padding the C library would allocate in one go
            // (`%2000000000d` is 2 GB): the size limit applies before it does.
            for number in spec.split(whereSeparator: { !("0"..."9").contains($0) }) {
                let requested = Int(number) ?? Int.max
                try arguments.interpreter.checkSize(requested, "a string", at: arguments.location)
            }
            var length = ""
            while let modifier = scalars.first, "hlqLzjt".unicodeScalars.contains(modifier) {
                length.unicodeScalars.append(scalars.removeFirst())
            }
            guard let conversion = scalars.popFirst() else {
                throw ScriptError.runtime("String(format:) ends in the middle of a conversion", at: arguments.location)
            }
            switch conversion {
            case "%":
                output += "%"
            case "@":
                output += try Formatter.describe(
                    try nextValue(conversion), debug: false, interpreter: arguments.interpreter)
            case "d", "i":
                let number = try integer(try nextValue(conversion), arguments)
                output +=
                    length.isEmpty ? c(spec + "d", Int32(truncatingIfNeeded: number)) : c(spec + "lld", Int64(number))
            case "u", "x", "X", "o":
                let number = try integer(try nextValue(conversion), arguments)
                output +=
                    length.isEmpty
                    ? c(spec + String(conversion), UInt32(truncatingIfNeeded: number))
                    : c(spec + "ll" + String(conversion), UInt64(bitPattern: Int64(number)))
            case "f", "F", "e", "E", "g", "G", "a", "A":
                output += c(spec + String(conversion), try double(try nextValue(conversion), arguments))
            default:
                throw ScriptError.unsupported(
                    "the String(format:) conversion '%\(length)\(conversion)'"
                        + (conversion == "s" ? " (use %@ for Swift strings)" : ""),
                    at: arguments.location)
            }
            try arguments.interpreter.checkSize(output.utf8.count, "a string", at: arguments.location)
        }
        return output
    }

    private static func integer(_ value: Value, _ arguments: NativeArguments) throws -> Int {
        switch value {
        case .int(let number): return number
        case .bool(let flag): return flag ? 1 : 0
        case .character(let character) where character.asciiValue != nil: return Int(character.asciiValue!)
        default:
            throw ScriptError.runtime(
                "String(format:) expected an integer, got \(Formatter.typeName(of: value))",
                at: arguments.location)
        }
    }

    private static func double(_ value: Value, _ arguments: NativeArguments) throws -> Double {
        switch value {
        case .double(let number): return number
        case .int(let number): return Double(number)
        default:
            throw ScriptError.runtime(
                "String(format:) expected a number, got \(Formatter.typeName(of: value))",
                at: arguments.location)
        }
    }

    /// One conversion, formatted by the C library.
    private static func c(_ spec: String, _ argument: CVarArg) -> String {
        withVaList([argument]) { list in
            var buffer = [CChar](repeating: 0, count: 512)
            let needed = Int(vsnprintf(&buffer, buffer.count, spec, list))
            if needed >= buffer.count {
                buffer = [CChar](repeating: 0, count: needed + 1)
                return withVaList([argument]) { retry in
                    _ = vsnprintf(&buffer, buffer.count, spec, retry)
                    return String(cString: buffer)
                }
            }
            return String(cString: buffer)
        }
    }
}
