import UndercurrentInterpreter

/// Foundation's `URLError`, the Failure of network publishers, which Combine code written
/// for Apple's platforms names in `Fail`, `catch` and `mapError`. Scripts reach no network:
/// this is the error type alone, printed and compared as compiled code does
/// (`Error Domain=NSURLErrorDomain Code=-1009 "(null)"`), with every `URLError.Code`.
extension StreamBridge {
    /// `URLError.Code`'s cases and raw values, in Foundation's order.
    static let urlErrorCodes: [(String, Int)] = [
        ("unknown", -1), ("cancelled", -999), ("badURL", -1000), ("timedOut", -1001), ("unsupportedURL", -1002),
        ("cannotFindHost", -1003), ("cannotConnectToHost", -1004), ("networkConnectionLost", -1005),
        ("dnsLookupFailed", -1006), ("httpTooManyRedirects", -1007), ("resourceUnavailable", -1008),
        ("notConnectedToInternet", -1009), ("redirectToNonExistentLocation", -1010), ("badServerResponse", -1011),
        ("userCancelledAuthentication", -1012), ("userAuthenticationRequired", -1013), ("zeroByteResource", -1014),
        ("cannotDecodeRawData", -1015), ("cannotDecodeContentData", -1016), ("cannotParseResponse", -1017),
        ("appTransportSecurityRequiresSecureConnection", -1022), ("fileDoesNotExist", -1100),
        ("fileIsDirectory", -1101), ("noPermissionsToReadFile", -1102), ("dataLengthExceedsMaximum", -1103),
        ("secureConnectionFailed", -1200), ("serverCertificateHasBadDate", -1201),
        ("serverCertificateUntrusted", -1202), ("serverCertificateHasUnknownRoot", -1203),
        ("serverCertificateNotYetValid", -1204), ("clientCertificateRejected", -1205),
        ("clientCertificateRequired", -1206), ("cannotLoadFromNetwork", -2000), ("cannotCreateFile", -3000),
        ("cannotOpenFile", -3001), ("cannotCloseFile", -3002), ("cannotWriteToFile", -3003),
        ("cannotRemoveFile", -3004), ("cannotMoveFile", -3005), ("downloadDecodingFailedMidStream", -3006),
        ("downloadDecodingFailedToComplete", -3007), ("internationalRoamingOff", -1018), ("callIsActive", -1019),
        ("dataNotAllowed", -1020), ("requestBodyStreamExhausted", -1021),
        ("backgroundSessionRequiresSharedContainer", -995), ("backgroundSessionInUseByAnotherProcess", -996),
        ("backgroundSessionWasDisconnected", -997),
    ]

    func installURLError() {
        let urlError = TypeInfo(name: "URLError", kind: .builtin, qualifiedName: "Foundation.URLError")
        urlError.conformances = ["Error", "Equatable", "Hashable", "CustomStringConvertible"]
        let code = TypeInfo(name: "Code", kind: .enumType, qualifiedName: "Foundation.URLError.Code")
        code.conformances = ["Equatable", "Hashable", "RawRepresentable"]
        for (name, raw) in Self.urlErrorCodes {
            code.addEnumCase(EnumCaseInfo(name: name, rawValue: .int(raw)))
        }
        code.addNativeProperty(
            "rawValue",
            NativeProperty { _, value in
                guard case .enumValue(let enumValue) = value else { return .void }
                return enumValue.caseInfo.rawValue ?? .void
            })
        code.initializers = [
            .native(
                NativeFunction("init(rawValue:)") { arguments in
                    guard case .int(let raw) = arguments[0],
                        let index = code.cases.firstIndex(where: { $0.rawValue == .int(raw) })
                    else { return .optional(nil) }
                    return .optional(.enumValue(EnumValue(type: code, caseIndex: index, payload: [])))
                })
        ]
        urlError.nestedTypes["Code"] = code
        // `URLError.badURL` is the code itself, as Foundation declares it.
        for (name, _) in Self.urlErrorCodes {
            urlError.addNativeProperty(name, isStatic: true, NativeProperty { _, _ in code.caseValue(name) })
        }
        urlError.addNativeProperty(
            "errorDomain", isStatic: true, NativeProperty { _, _ in .string("NSURLErrorDomain") })
        let codeType = TypeRef.named(["URLError", "Code"], [])
        urlError.initializers = [
            .native(
                NativeFunction("init(_:)", types: [codeType]) { arguments in
                    .native(try URLErrorValue(code: arguments[0], type: urlError, at: arguments.location))
                }),
            .native(
                NativeFunction("init(_:userInfo:)", types: [codeType, nil]) { arguments in
                    guard case .dictionary(let userInfo) = arguments[1], userInfo.isEmpty else {
                        throw ScriptError.unsupported("a URLError's userInfo", at: arguments.location)
                    }
                    return .native(try URLErrorValue(code: arguments[0], type: urlError, at: arguments.location))
                }),
        ]
        func property(_ name: String, _ read: @escaping (URLErrorValue) -> Value) {
            urlError.addNativeProperty(
                name,
                NativeProperty { _, value in
                    guard case .native(let error as URLErrorValue) = value.loaded else { return .void }
                    return read(error)
                })
        }
        property("code") { $0.code }
        property("errorCode") { .int($0.rawCode) }
        property("localizedDescription") {
            .string("The operation could not be completed. (NSURLErrorDomain error \($0.rawCode).)")
        }
        property("failingURL") { _ in .optional(nil) }
        property("failureURLString") { _ in .optional(nil) }
        property("userInfo") { _ in .dictionary(OrderedDictionary()) }
        interpreter.registerType(urlError)
        interpreter.registerType(code, as: "URLError.Code")
    }
}

/// A `URLError`: its code, and nothing else (no URL, no user info).
final class URLErrorValue: NativeValue {
    let code: Value
    let rawCode: Int

    init(code: Value, type: TypeInfo, at location: SourceLocation) throws {
        guard case .enumValue(let enumValue) = code, case .int(let raw)? = enumValue.caseInfo.rawValue,
            enumValue.type.qualifiedName == "Foundation.URLError.Code"
        else {
            throw ScriptError.runtime("URLError(_:) takes a URLError.Code, such as .badURL", at: location)
        }
        self.code = code
        rawCode = raw
        super.init(typeInfo: type)
    }

    override var description: String { "Error Domain=NSURLErrorDomain Code=\(rawCode) \"(null)\"" }

    override func isEqual(to other: NativeValue) -> Bool? {
        guard let other = other as? URLErrorValue else { return false }
        return rawCode == other.rawCode
    }

    override func hash(into hasher: inout Hasher) { hasher.combine(rawCode) }
}
