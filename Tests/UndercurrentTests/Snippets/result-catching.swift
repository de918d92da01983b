// `Result { try body() }` (`Result(catching:)`) keeps what the closure returns as `.success`,
// or the error it throws as `.failure`; `get()` gives the value back or throws the error.

enum ParseError: Error {
    case notANumber(String)
}

func parse(_ text: String) throws -> Int {
    guard let number = Int(text) else { throw ParseError.notANumber(text) }
    return number
}

let good = Result { try parse("42") }
let bad = Result { try parse("forty-two") }
print(good)
print(bad)

for result in [good, bad] {
    switch result {
    case .success(let number): print("parsed", number)
    case .failure(let error): print("failed with", error)
    }
}

do {
    print(try good.get() + 1)
    print(try bad.get())
} catch {
    print("get() threw", error)
}
