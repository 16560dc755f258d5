/// Finds the declarations of a ``ParsableArguments`` type by reflection, as swift-argument-parser
/// does: an instance made with `init()` holds each wrapper's declaration, and `Mirror` names
/// them (`_db` for `@Option var db`).
enum CommandReflection {
    /// The definitions of `type`'s wrapped properties, in declaration order.
    static func definitions(of type: any ParsableArguments.Type) -> [ArgumentDefinition] {
        let instance = type.init()
        var definitions: [ArgumentDefinition] = []
        for child in Mirror(reflecting: instance).children {
            guard let label = child.label, let declaring = child.value as? any ArgumentDeclaring else { continue }
            let key = label.hasPrefix("_") ? String(label.dropFirst()) : label
            definitions += declaring.definitions(forKey: key)
        }
        return definitions
    }

    /// Runs `value`'s `validate()`; whatever it throws becomes a usage error.
    static func validate<Value: ParsableArguments>(_ value: inout Value) throws(CommandLineError) {
        do {
            try value.validate()
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw CommandLineError(.invalid(String(describing: error)))
        }
    }
}
