class Owner { let name = "o"; deinit { print("owner gone") } }
class Pet {
    unowned let owner: Owner
    init(owner: Owner) { self.owner = owner }
}
let o = Owner()
let p = Pet(owner: o)
print(p.owner.name)
print(p.owner)
unowned let u = o
print(u.name, u)
do {
    let temp = Owner()
    unowned let v = temp
    print(v.name)
}
