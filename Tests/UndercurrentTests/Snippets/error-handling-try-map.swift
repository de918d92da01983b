import Combine

struct ParseError: Error { let text: String }

func parse(_ text: String) throws -> Int {
    guard let number = Int(text) else { throw ParseError(text: text) }
    return number
}

let strict = ["1", "2", "three", "4"].publisher
    .tryMap { try parse($0) }
    .sink(receiveCompletion: { completion in
        if case .failure(let error) = completion { print("strict stopped:", error) }
    }, receiveValue: { print("strict", $0) })

let lenient = ["1", "two", "3"].publisher
    .flatMap { text in
        Just(text)
            .tryMap { try parse($0) }
            .replaceError(with: 0)
    }
    .sink(receiveCompletion: { print("lenient:", $0) }, receiveValue: { print("lenient", $0) })
