import BasicCore
import BasicStore
import Testing

@Suite struct OrderedCollectionTests {
    /// Applies one operation to the store and to an array, the model.
    enum Operation: Sendable, CustomTestStringConvertible {
        case append(Int)
        case insert(Int, at: Int)
        case move(Int, to: Int)
        case remove(at: Int)

        var testDescription: String { "\(self)" }
    }

    @Test(
        "append, insert, move and remove keep the same order as an array",
        arguments: [
            [.append(1), .append(2), .append(3), .insert(0, at: 0), .insert(9, at: 4), .insert(5, at: 2)],
            [.append(1), .append(2), .append(3), .append(4), .move(0, to: 3), .move(3, to: 0), .move(1, to: 2)],
            [.append(1), .append(2), .append(3), .append(4), .remove(at: 0), .remove(at: 2), .remove(at: 1)],
            [.insert(1, at: 0), .insert(2, at: 0), .move(1, to: 0), .remove(at: 1), .append(3), .move(0, to: 1)],
        ] as [[Operation]])
    func operations(_ operations: [Operation]) throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        var model: [Int] = []
        for operation in operations {
            switch operation {
            case .append(let value):
                try store.append(value, to: "list")
                model.append(value)
            case .insert(let value, let index):
                try store.insert(value, at: index, in: "list")
                model.insert(value, at: index)
            case .move(let source, let destination):
                try store.moveItem(from: source, to: destination, in: "list")
                model.insert(model.remove(at: source), at: destination)
            case .remove(let index):
                try store.removeItem(at: index, in: "list")
                model.remove(at: index)
            }
            #expect(try store.items(Int.self, in: "list") == model)
        }
        #expect(try store.itemCount(in: "list") == model.count)
    }

    @Test("a thousand random operations match an array")
    func randomized() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open(.none)
        var model: [Int] = []
        var generator = SystemRandomNumberGenerator()
        for step in 0..<1_000 {
            let choice = model.isEmpty ? 0 : Int.random(in: 0..<4, using: &generator)
            switch choice {
            case 0:
                try store.append(step, to: "list")
                model.append(step)
            case 1:
                let index = Int.random(in: 0...model.count, using: &generator)
                try store.insert(step, at: index, in: "list")
                model.insert(step, at: index)
            case 2:
                let source = Int.random(in: 0..<model.count, using: &generator)
                let destination = Int.random(in: 0..<model.count, using: &generator)
                try store.moveItem(from: source, to: destination, in: "list")
                model.insert(model.remove(at: source), at: destination)
            default:
                let index = Int.random(in: 0..<model.count, using: &generator)
                try store.removeItem(at: index, in: "list")
                model.remove(at: index)
            }
        }
        #expect(try store.items(Int.self, in: "list") == model)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test("items(in:range:) reads a page; positions past the end are skipped")
    func ranges() throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        try store.write { tx in
            for index in 0..<50 { try tx.append(Article(id: index, title: "t\(index)", tags: []), to: "offline") }
        }
        #expect(try store.items(Article.self, in: "offline", range: 10..<20).map(\.id) == Array(10..<20))
        #expect(try store.items(Article.self, in: "offline", range: 45..<60).map(\.id) == Array(45..<50))
        #expect(try store.jsonItems(in: "offline", range: 0..<1) == [["id": 0, "title": "t0", "tags": []]])
        #expect(try store.items(Int.self, in: "empty").isEmpty)
        try store.removeAll(in: "offline")
        #expect(try store.itemCount(in: "offline") == 0)
    }

    @Test("removeAll(in:) empties a collection of both kinds, keyed values and ordered items, and no other")
    func removeAllBothKinds() throws {
        struct Abort: Error {}
        let fixture = try StoreFixture()
        let store = try fixture.open()
        for name in ["reading", "other"] {
            try store.set("open", forKey: "state", in: name)
            try store.append("first", to: name)
            try store.append("second", to: name)
        }
        try store.removeAll(in: "reading")
        #expect(try store.count(in: "reading") == 0)
        #expect(try store.itemCount(in: "reading") == 0)
        #expect(try store.count(in: "other") == 1)
        #expect(try store.itemCount(in: "other") == 2)
        // Inside a write block too, and undone with it.
        #expect(throws: StoreError.self) {
            try store.write { tx in
                try tx.removeAll(in: "other")
                #expect(try tx.count(in: "other") == 0 && tx.itemCount(in: "other") == 0)
                throw Abort()
            }
        }
        #expect(try store.count(in: "other") == 1)
        #expect(try store.itemCount(in: "other") == 2)
        try store.write { tx in try tx.removeAll(in: "other") }
        #expect(try store.itemCount(in: "other") == 0)
    }

    @Test(
        "positions outside the collection are indexOutOfRange",
        arguments: [-1, 3])
    func outOfRange(index: Int) throws {
        let fixture = try StoreFixture()
        let store = try fixture.open()
        for value in 0..<3 { try store.append(value, to: "list") }
        #expect(throws: StoreError.indexOutOfRange(collection: "list", index: index, count: 3)) {
            try store.removeItem(at: index, in: "list")
        }
        #expect(throws: StoreError.indexOutOfRange(collection: "list", index: index, count: 3)) {
            try store.moveItem(from: 0, to: index, in: "list")
        }
        #expect(throws: StoreError.self) { try store.insert(9, at: index + 1 + (index < 0 ? -1 : 0), in: "list") }
        #expect(try store.items(Int.self, in: "list") == [0, 1, 2])
    }
}
