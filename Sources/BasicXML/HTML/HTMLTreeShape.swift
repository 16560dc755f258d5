import CLibXML2

/// The shape of the tree libxml2 builds for an HTML parse, kept by wrapping its SAX2
/// `startElement` and `endElement` callbacks: at most ``HTMLNode/maximumDepth`` levels, every
/// element and all the text kept, and a tree that parses back into itself.
///
/// libxml2's parser keeps its own stack of open elements; the tree builder (`xmlSAX2StartElement`
/// and `xmlSAX2EndElement`) keeps a stack of tree nodes beside it. Normally each open element owns
/// the tree node it made. Two things here break that pairing on purpose:
///
/// - An element that would sit deeper than ``HTMLNode/maximumDepth`` first closes the tree node
///   at that depth early, and is placed beside it rather than inside it: the tree is flattened
///   there, while the parser still has the early-closed element open. What that element holds
///   from then on goes to its parent's node, in document order.
/// - A namespace-prefixed element that reaches the parser (``HTMLInputFilter`` removes them
///   first) makes no node at all; what it holds goes to its parent's node.
/// - An element that is void in HTML but not to libxml2 (`embed`, `source`, `track`, `wbr`,
///   `keygen`, `bgsound`) has its node closed as soon as it starts, so that what libxml2 puts
///   inside it goes after it, as in a browser.
///
/// Once the two stacks differ, the element on top of the parser's stack is not the tree node's
/// element, so libxml2's automatic closing (a `div` closes a `p`) no longer sees the node that
/// would be closed. A start tag that closes the current node by ``HTMLParserRules`` then closes
/// it early too, so that parsing the written-out tree again gives the same tree.
struct HTMLTreeShape {
    /// An element whose node is on the tree's stack.
    private struct Owner {
        /// Its index in ``owns``.
        var index: Int
        /// Whether it is `html`, `head` or `body`, which never close early, and which a
        /// fragment's depth does not count (the fragment leaves them out).
        var isFrame: Bool
    }

    /// For each element open in the parser, bottom to top: whether it owns the tree node it made.
    private var owns: [Bool] = []
    /// The elements whose nodes are on the tree's stack, bottom to top.
    private var owners: [Owner] = []
    /// How many of ``owners`` are frames.
    private var frameCount = 0
    /// Whether the tree is a fragment's, whose depth leaves out `html`, `head` and `body`.
    private let isFragment: Bool

    /// The shape of a fragment's tree (read as the contents of `<body>`; `html`, `head` and
    /// `body` do not count towards its depth) or of a document's (whose `html` is at depth 1).
    init(fragment: Bool) {
        isFragment = fragment
    }

    /// How deep the tree's current node is.
    private var depth: Int { isFragment ? owners.count - frameCount : owners.count }

    /// The shape of the parse whose context is `context`, from the context's `_private`.
    private static func shape(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<HTMLTreeShape>? {
        context?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private?.assumingMemoryBound(
            to: HTMLTreeShape.self)
    }

    /// libxml2's `startElement`, wrapped.
    static let startElement: startElementSAXFunc = { context, name, attributes in
        guard let context, let name else { return }
        guard let shape = shape(context) else { return xmlSAX2StartElement(context, name, attributes) }
        shape.pointee.start(
            name: name, attributes: attributes, context: context.assumingMemoryBound(to: xmlParserCtxt.self))
    }

    /// libxml2's `endElement`, wrapped.
    static let endElement: endElementSAXFunc = { context, name in
        guard let context else { return }
        guard let shape = shape(context) else { return xmlSAX2EndElement(context, name) }
        shape.pointee.end(name: name, context: context)
    }

    /// The elements that are void in HTML but that libxml2 keeps open, putting what follows
    /// inside them.
    static let voidElementsLeftOpen = HTMLElement.voidElementNames.subtracting(HTMLParserRules.emptyElements)

    private mutating func start(
        name: UnsafePointer<xmlChar>, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
        context: xmlParserCtxtPtr
    ) {
        let elementName = String(cString: name)
        guard !elementName.utf8.contains(UInt8(ascii: ":")) else {
            owns.append(false)
            return
        }
        makeRoom(for: elementName, context: context)
        let before = context.pointee.nodeNr
        xmlSAX2StartElement(context, name, attributes)
        let made = context.pointee.nodeNr > before
        owns.append(made)
        guard made else { return }
        let isFrame = ["html", "head", "body"].contains(elementName)
        owners.append(Owner(index: owns.count - 1, isFrame: isFrame))
        if isFrame { frameCount += 1 }
        // A browser puts what follows `embed`, `source`, `wbr`… after them: so does the tree,
        // by closing their node at once.
        if Self.voidElementsLeftOpen.contains(elementName) { closeCurrentNode(context) }
    }

    private mutating func end(name: UnsafePointer<xmlChar>?, context: UnsafeMutableRawPointer) {
        // libxml2 ends exactly the elements it started, last first; an end without a start is ignored.
        guard let owned = owns.popLast(), owned, let owner = owners.popLast() else { return }
        if owner.isFrame { frameCount -= 1 }
        xmlSAX2EndElement(context, name)
    }

    /// Closes tree nodes early until an element `name` may start: while the tree is at its
    /// maximum depth, and while the current node is not the parser's top element and `name`
    /// would close it. `html`, `head` and `body` are never closed early.
    private mutating func makeRoom(for name: String, context: xmlParserCtxtPtr) {
        while let owner = owners.last, !owner.isFrame, let node = context.pointee.node {
            if depth >= HTMLNode.maximumDepth {
                closeCurrentNode(context)
                continue
            }
            let isDiverged = owner.index != owns.count - 1
            guard isDiverged, let nodeName = node.pointee.name,
                HTMLParserRules.startTag(name, closes: String(cString: nodeName))
            else { break }
            closeCurrentNode(context)
        }
    }

    /// Ends the tree's current node while its element stays open in the parser.
    private mutating func closeCurrentNode(_ context: xmlParserCtxtPtr) {
        guard let owner = owners.popLast() else { return }
        if owner.isFrame { frameCount -= 1 }
        owns[owner.index] = false
        xmlSAX2EndElement(context, context.pointee.node?.pointee.name)
    }
}
