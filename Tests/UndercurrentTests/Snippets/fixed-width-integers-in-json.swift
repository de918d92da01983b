import Combine
import Foundation

// Codable properties of fixed-width integer types encode and decode as Swift's; a number
// out of the type's range is the decoder's own error.
struct Packet: Codable {
    var id: UInt8
    var size: UInt32?
    var offsets: [Int16]
}
let json = #"{"id": 200, "size": 4000000000, "offsets": [-5, 300]}"#
let packet = try JSONDecoder().decode(Packet.self, from: Data(json.utf8))
print(packet, type(of: packet.id))
let back = try JSONEncoder().encode(packet)
print(String(data: back, encoding: .utf8)!)
do {
    _ = try JSONDecoder().decode(Packet.self, from: Data(#"{"id": 300, "offsets": []}"#.utf8))
} catch {
    print(error)
}
