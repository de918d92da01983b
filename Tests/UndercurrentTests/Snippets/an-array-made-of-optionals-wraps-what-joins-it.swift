// An array made from an Optional is an array of Optionals, written type or not: what is
// appended or inserted is wrapped, as Swift types it.
let lastSeen: Int? = 3
var seen = [lastSeen]
seen.append(4)
print(seen)

var slots = [lastSeen, nil]
slots.insert(7, at: 0)
print(slots)
print(slots.compactMap { $0 })

struct Inbox { var counts = [Optional(1)] }
var inbox = Inbox()
inbox.counts.append(2)
print(inbox.counts)
