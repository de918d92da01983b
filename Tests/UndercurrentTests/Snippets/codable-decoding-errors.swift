import Foundation

struct Product: Codable {
    enum Kind: String, Codable { case book, game }
    var title: String
    var price: Double
    var kind: Kind
    var tags: [String]
}

func load(_ json: String) {
    do {
        let product = try JSONDecoder().decode(Product.self, from: Data(json.utf8))
        print("ok:", product.title, product.price, product.kind, product.tags)
    } catch DecodingError.keyNotFound(let key, let context) {
        print("missing key", key.stringValue, "at", context.codingPath.map(\.stringValue))
        print(context.debugDescription)
    } catch DecodingError.typeMismatch(let type, let context) {
        print("wrong type", type, "at", context.codingPath.map { $0.stringValue })
        print(context.debugDescription)
    } catch let error as DecodingError {
        print("other decoding error:", error)
        print(error.localizedDescription)
    } catch {
        print("unexpected", error)
    }
}

load(#"{"title": "Dune", "price": 9.5, "kind": "book", "tags": ["sf"]}"#)
load(#"{"title": "Dune", "kind": "book", "tags": []}"#)
load(#"{"title": "Dune", "price": "cheap", "kind": "book", "tags": []}"#)
load(#"{"title": "Dune", "price": 1, "kind": "book", "tags": ["a", 2]}"#)
load(#"{"title": "Dune", "price": 1, "kind": "film", "tags": []}"#)
load(#"{"title": "Dune", "price": 1, "kind": "book", "tags": null}"#)
load(#"{"title": "Dune""#)
load("[]")

do {
    _ = try JSONDecoder().decode([Int].self, from: Data("[1, 2, \"three\"]".utf8))
} catch {
    print(error)
}

let attempt = try? JSONDecoder().decode(Product.self, from: Data("{}".utf8))
print(attempt as Any)

do {
    _ = try JSONEncoder().encode(["ratio": Double.nan])
} catch let error as EncodingError {
    print(error)
    if case .invalidValue(let value, let context) = error {
        print(value, context.codingPath.map(\.stringValue))
    }
}
