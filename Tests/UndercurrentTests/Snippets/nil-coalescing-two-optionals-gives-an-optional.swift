// `??` with an Optional on both sides: with no type wanted, the result is an Optional too
// (Swift's `??` that takes and gives `T?`). Where an `Any` is wanted, as by `print`, Swift
// passes what the left side wraps.
let nickname: String? = "Al"
let fullName: String? = "Alan"
let shown = nickname ?? fullName
print(shown as Any)
print(nickname ?? fullName)
print("\(nickname ?? fullName)")
print([nickname ?? fullName])
print((nickname ?? fullName).map { $0.uppercased() } as Any)

let missing: String? = nil
let fallback = missing ?? fullName
print(fallback as Any)
let plain = missing ?? "anonymous"
print(plain)
