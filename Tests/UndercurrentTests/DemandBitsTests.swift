import OpenCombine
import Testing
import UndercurrentInterpreter

@testable import UndercurrentStreams

/// A custom subscription's demand arithmetic (`demand -= 1`, `demand > 0`, `demand +=
/// received`) is computed on the demands' bits, without making `Subscribers.Demand`s: each
/// operator must answer exactly as OpenCombine's own does, for counts, `.unlimited`, and the
/// sums that overflow.
@Suite struct DemandBitsTests {
    private let type = DemandType(typeInfo: TypeInfo(name: "Subscribers.Demand", kind: .structType))
    private let samples: [Int] = [-1, 0, 1, 2, 3, 1_000, Int.max / 2, Int.max / 2 + 1, Int.max - 1, Int.max]
    private let comparisons: [(BinaryOperator, (Subscribers.Demand, Subscribers.Demand) -> Bool)] = [
        (.equal, { $0 == $1 }), (.notEqual, { $0 != $1 }), (.less, { $0 < $1 }), (.greater, { $0 > $1 }),
        (.lessOrEqual, { $0 <= $1 }), (.greaterOrEqual, { $0 >= $1 }),
    ]

    private func bits(of demand: Subscribers.Demand) -> Int { demand.max ?? -1 }

    @Test func sumsAreOpenCombines() {
        for a in samples {
            for b in samples {
                let expected = DemandType.demand(a) + DemandType.demand(b)
                guard case .bits(let sum)? = type.operate(.plus, a, b) else {
                    Issue.record("no sum for \(a) + \(b)")
                    continue
                }
                #expect(sum == bits(of: expected), "\(DemandType.demand(a)) + \(DemandType.demand(b))")
            }
        }
    }

    /// A difference below zero, on which OpenCombine traps, is left to `applyOperator`,
    /// which reports it as the script's error.
    @Test func differencesAreOpenCombinesOrLeftAsErrors() {
        for a in samples {
            for b in samples {
                let (left, right) = (DemandType.demand(a), DemandType.demand(b))
                let outcome = type.operate(.minus, a, b)
                if let leftCount = left.max, let rightCount = right.max, rightCount > leftCount {
                    #expect(outcome == nil, "\(left) - \(right) is an error")
                    continue
                }
                guard case .bits(let difference)? = outcome else {
                    Issue.record("no difference for \(left) - \(right)")
                    continue
                }
                #expect(difference == bits(of: left - right), "\(left) - \(right)")
            }
        }
    }

    @Test func comparisonsAreOpenCombines() {
        for a in samples {
            for b in samples {
                let (left, right) = (DemandType.demand(a), DemandType.demand(b))
                for (op, compare) in comparisons {
                    guard case .truth(let holds)? = type.operate(op, a, b) else {
                        Issue.record("no answer for \(left) \(op) \(right)")
                        continue
                    }
                    #expect(holds == compare(left, right), "\(left) \(op) \(right)")
                }
                let order = type.compare(a, b)
                #expect(order == (left < right ? -1 : (left == right ? 0 : 1)), "order of \(left), \(right)")
            }
        }
    }

    @Test func otherOperatorsAreLeftToApplyOperator() {
        #expect(type.operate(.times, 2, 3) == nil)
    }
}
