import Combine
// output(in:) with every kind of Int range: a..<b on a collection slices it when the chain is built.
_ = [1, 2, 3, 4].publisher.output(in: 1..<3).print("a").sink { _ in }
_ = [1, 2, 3, 4].publisher.output(in: 1...2).sink { print("b", $0) }
_ = (10..<16).publisher.output(in: 12..<14).sink { print("c", $0) }
_ = [1, 2, 3, 4].publisher.output(in: ..<2).sink { print("d", $0) }
_ = [1, 2, 3, 4].publisher.output(in: 2...).sink { print("e", $0) }
_ = Just(5).output(in: 0...3).sink { print("f", $0) }
_ = Just(5).output(in: 1...3).sink(receiveCompletion: { print("g", $0) }, receiveValue: { print("g", $0) })
