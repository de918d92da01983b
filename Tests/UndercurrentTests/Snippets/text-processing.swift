import Foundation

// Everyday string processing with the standard library.
let text = """
The quick brown fox jumps over the lazy dog.
The dog sleeps; the fox runs!
"""
let lines = text.split(separator: "\n")
print(lines.count, lines.map { $0.count })
let words = text.lowercased()
    .components(separatedBy: CharacterSet.punctuationCharacters.union(.whitespacesAndNewlines))
    .filter { !$0.isEmpty }
print(words.count, words.prefix(4))
var frequency: [String: Int] = [:]
for word in words { frequency[word, default: 0] += 1 }
let top = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(3)
for (word, count) in top { print(word, count) }
print(Set(words).count, words.filter { $0.count > 4 }.sorted())
let initials = words.compactMap(\.first).map { String($0).uppercased() }
print(initials.prefix(5).joined())
let title = "the lazy dog".split(separator: " ").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
print(title)
let csv = "name,age\nann,31\nbo,27"
let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
for row in rows { print("\(row[0]) is \(Int(row[1])! + 1) next year") }
print(String("stressed".reversed()), "level" == String("level".reversed()))
let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
print("education".filter { vowels.contains($0) }.count, "rhythm".allSatisfy { !vowels.contains($0) })
print("a1b22c333".filter(\.isNumber), "a1b22c333".split(whereSeparator: \.isLetter))
print("  spaced out  ".trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " ", with: "_"))
print(String(format: "%-6@|%5.1f|%03d", "ab", 2.345, 7))
