import BasicTerminal
import Testing

@Suite struct KeyDecoderTests {
    @Test(
        "escape sequences of xterm, tmux, the Linux console and vt100",
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
            ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[H", .home), ("\u{1B}[F", .end),
            ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab), ("\u{1B}[1;5A", .up), ("\t", .tab), ("\r", .enter),
            ("\n", .enter), ("\u{7F}", .backspace), ("\u{08}", .backspace), ("\u{03}", .interrupt),
            ("\u{0C}", .control("l")), ("q", .character("q")), (" ", .character(" ")), ("博", .character("博")),
            ("é", .character("é")), ("😀", .character("😀")),
        ])
    func sequence(text: String, key: Key) {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array(text.utf8)) == [key])
        #expect(!decoder.hasPending)
    }

    @Test("keys in one read come out in order")
    func several() {
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array("jk\u{1B}[B\u{1B}[6~园\tG\u{1B}[Z".utf8))
        #expect(
            keys == [
                .character("j"), .character("k"), .down, .pageDown, .character("园"), .tab, .character("G"), .backTab,
            ])
    }

    @Test("a sequence or a character split across reads waits for its end")
    func split() {
        var decoder = KeyDecoder()
        let bytes = Array("\u{1B}[5~博".utf8)
        var keys: [Key] = []
        for byte in bytes { keys += decoder.decode([byte]) }
        #expect(keys == [.pageUp, .character("博")])
    }

    @Test("a lone ESC is Escape once input pauses; ESC before a key is Escape and the key")
    func escape() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.decode(Array("\u{1B}q".utf8)) == [.escape, .character("q")])
        #expect(decoder.decode(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.flush() == [.escape, .character("[")])
    }

    @Test("invalid UTF-8 and unknown sequences are skipped, not turned into keys")
    func invalid() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xFF, 0x61]) == [.character("a")])
        #expect(decoder.decode(Array("\u{1B}[99~x".utf8)) == [.character("x")])
        #expect(decoder.decode([0xE5, 0x61]) == [.character("a")])
    }
}
