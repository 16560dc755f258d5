import CLibXML2
import CSQLite
import Foundation
import Testing

#if canImport(COpenSSL)
    import COpenSSL
#endif

/// Each system-library target links and answers a real call.
@Suite struct SystemLibraryTests {
    @Test("CSQLite: the library reports a 3.x version and runs a query")
    func sqlite() throws {
        let version = String(cString: sqlite3_libversion())
        #expect(version.hasPrefix("3."))
        #expect(sqlite3_libversion_number() >= 3_031_000)

        var db: OpaquePointer?
        #expect(sqlite3_open(":memory:", &db) == SQLITE_OK)
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        #expect(sqlite3_prepare_v2(db, "SELECT 6 * 7", -1, &statement, nil) == SQLITE_OK)
        defer { sqlite3_finalize(statement) }
        #expect(sqlite3_step(statement) == SQLITE_ROW)
        #expect(sqlite3_column_int(statement, 0) == 42)
    }

    @Test("CLibXML2: parses a tiny document and reads its root and an attribute")
    func libxml2() throws {
        let version = String(cString: CLibXML2_parserVersion())
        #expect(Int(version) ?? 0 >= 20_900)

        let xml = #"<feed xmlns="http://www.w3.org/2005/Atom"><entry id="7">博客</entry></feed>"#
        let bytes = Array(xml.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", Int32(XML_PARSE_NONET.rawValue))
            }
        }
        let doc = try #require(document)
        defer { xmlFreeDoc(doc) }
        let root = try #require(xmlDocGetRootElement(doc))
        #expect(String(cString: root.pointee.name) == "feed")
        let entry = try #require(root.pointee.children)
        let id = try #require(xmlGetProp(entry, "id"))
        defer { CLibXML2_free(id) }
        #expect(String(cString: id) == "7")
        let content = try #require(xmlNodeGetContent(entry))
        defer { CLibXML2_free(content) }
        #expect(String(cString: content) == "博客")
    }

    @Test("CLibXML2: malformed input is reported as an error")
    func libxml2Malformed() {
        let bytes = Array("<a><b></a>".utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlReadMemory(
                    $0.baseAddress, Int32($0.count), nil, "UTF-8",
                    Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
            }
        }
        #expect(document == nil)
        if let document { xmlFreeDoc(document) }
    }

    #if canImport(COpenSSL)
        @Test("COpenSSL: SHA-256 of \"abc\" is the FIPS 180-2 test vector")
        func openSSLSHA256() throws {
            let input = Array("abc".utf8)
            var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            _ = SHA256(input, input.count, &digest)
            let hex = digest.map { String(format: "%02x", $0) }.joined()
            #expect(hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")

            #expect(OpenSSL_version_num() >= 0x3000_0000)
            let md = try #require(EVP_sha256())
            #expect(COpenSSL_EVP_MD_size(md) == 32)
        }
    #endif
}
