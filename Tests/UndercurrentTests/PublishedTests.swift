import Testing
import UndercurrentInterpreter

/// `@Published`, `ObservableObject` and `assign(to: &$property)`. Every expected output
/// was made by the oracle (`scripts/oracle`: the snippet compiled with swiftc
/// against OpenCombine 0.14.0), except the error cases, which Swift rejects at compile
/// time. More oracle-backed pairs live in Snippets/ (observable-*, published-*, subjects-*).
@Suite struct PublishedTests {
    /// `@Published` publishes in willSet: subscribers see the new value while the property
    /// still holds the old one; `$property` gives a new subscriber the current value.
    @Test func publishesTheNewValueBeforeStoringIt() {
        let result = runScript(
            """
            import Combine

            class Weather {
                @Published var temperature: Double
                init(temperature: Double) {
                    self.temperature = temperature
                }
            }

            let weather = Weather(temperature: 20)
            let first = weather.$temperature.sink { print("new \\($0), stored \\(weather.temperature)") }
            weather.temperature = 25
            weather.temperature += 1
            print("now", weather.temperature)
            """)
        #expect(result.error == nil)
        #expect(
            result.output == """
                new 20.0, stored 20.0
                new 25.0, stored 20.0
                new 26.0, stored 25.0
                now 26.0

                """)
    }

    /// `objectWillChange` fires before the property's own subscribers, and every access
    /// gives the same publisher; also for a class without a @Published property, as in
    /// Apple's Combine (OpenCombine makes a new one on each access: AppleBehaviourTests).
    @Test func objectWillChangeFiresFirstAndIsShared() {
        let result = runScript(
            """
            import Combine

            class Contact: ObservableObject {
                @Published var name = "A"
                @Published var age = 1
            }

            let contact = Contact()
            let first = contact.objectWillChange
            let second = contact.objectWillChange
            let s1 = first.sink { print("objectWillChange: age", contact.age) }
            let s2 = contact.$age.sink { print("$age sends", $0, "while age is", contact.age) }
            contact.age = 2
            second.send()
            contact.name = "B"
            print(contact.name, contact.age)
            class Plain: ObservableObject {
                var x = 0
            }
            let plain = Plain()
            let s3 = plain.objectWillChange.sink { print("a class without @Published has one publisher too") }
            plain.objectWillChange.send()
            print("done")
            """)
        #expect(result.error == nil)
        #expect(
            result.output == """
                $age sends 1 while age is 1
                objectWillChange: age 1
                $age sends 2 while age is 1
                objectWillChange: age 2
                objectWillChange: age 2
                B 2
                a class without @Published has one publisher too
                done

                """)
    }

    /// The seed example: a method that changes a @Published property of an
    /// ObservableObject fires `objectWillChange` while the old value is still stored.
    @Test func seedObservableContact() {
        let result = runScript(
            """
            import Combine

            class Contact: ObservableObject {
                @Published var name: String
                @Published var age: Int

                init(name: String, age: Int) {
                    self.name = name
                    self.age = age
                }

                func haveBirthday() -> Int {
                    age += 1
                    return age
                }
            }

            let john = Contact(name: "John Appleseed", age: 24)
            let cancellable = john.objectWillChange
                .sink { _ in
                    print("\\(john.age) will change")
                }
            print(john.haveBirthday())
            """)
        #expect(result.error == nil)
        #expect(result.output == "24 will change\n25\n")
    }

    /// `assign(to: &$property)` republishes into the property; the subscription lives as
    /// long as the property's publisher does (here a sink on `$value` keeps it alive after
    /// the object has gone; cancelling that sink ends it).
    @Test func assignToRepublishesIntoTheProperty() {
        let result = runScript(
            """
            import Combine

            class Holder {
                @Published var value = 0
                init(source: PassthroughSubject<Int, Never>) {
                    source
                        .handleEvents(receiveCancel: { print("upstream cancelled") })
                        .assign(to: &$value)
                }
                deinit { print("holder deinit") }
            }

            let source = PassthroughSubject<Int, Never>()
            var holder: Holder? = Holder(source: source)
            let watch = holder!.$value.sink { print("value", $0) }
            source.send(1)
            holder = nil
            source.send(2)
            watch.cancel()
            print("end")
            """)
        #expect(result.error == nil)
        #expect(
            result.output == """
                value 0
                value 1
                holder deinit
                value 2
                upstream cancelled
                end

                """)
    }

    /// A subclass inherits its superclass's @Published properties and they all share one
    /// `objectWillChange`.
    @Test func subclassesShareOneObjectWillChange() {
        let result = runScript(
            """
            import Combine

            class Base: ObservableObject {
                @Published var base = 1
            }

            class Derived: Base {
                @Published var extra = "a"
            }

            let object = Derived()
            let sub = object.objectWillChange.sink { print("changed; extra =", object.extra, "base =", object.base) }
            object.extra = "b"
            object.base = 2
            """)
        #expect(result.error == nil)
        #expect(
            result.output == """
                changed; extra = a base = 1
                changed; extra = b base = 1

                """)
    }

    // MARK: - What Swift rejects at compile time

    @Test func publishedOnAStructIsAnError() {
        let result = runScript(
            """
            import Combine
            struct Point {
                @Published var x = 0
            }
            let point = Point()
            """)
        #expect(result.error?.message.contains("@Published is only available on properties of classes") == true)
    }

    @Test func assignToNeedsANeverFailingPublisher() {
        let result = runScript(
            """
            import Combine
            enum Problem: Error { case broken }
            class Model {
                @Published var value = 0
                init(source: PassthroughSubject<Int, Problem>) {
                    source.assign(to: &$value)
                }
            }
            let model = Model(source: PassthroughSubject<Int, Problem>())
            """)
        #expect(result.error?.message.contains("Failure is Never") == true)
    }

    @Test func assignToNeedsAPublishedProperty() {
        let result = runScript(
            """
            import Combine
            var target = PassthroughSubject<Int, Never>()
            Just(1).assign(to: &target)
            """)
        #expect(result.error?.message.contains("@Published property") == true)
    }
}
