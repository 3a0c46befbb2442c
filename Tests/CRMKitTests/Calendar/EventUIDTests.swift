import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

@Suite("UIDs and SHA-1")
struct EventUIDTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    @Test(arguments: [
        ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        ("The quick brown fox jumps over the lazy dog", "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12"),
        (String(repeating: "a", count: 55), "c1c8bbdc22796e28c0e15163d20899b65621d65a"),
        (String(repeating: "a", count: 56), "c2db330f6083854c99d4b5bfb6e8f29f201be699"),
        (String(repeating: "a", count: 64), "0098ba824b5c16427bd7a1122a5a442a25ec644d"),
    ])
    func sha1KnownVectors(_ message: String, _ digest: String) {
        #expect(hex(SHA1.digest(Array(message.utf8))) == digest)
    }

    @Test func sha1OfAMillionAs() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(hex(SHA1.digest(message)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    @Test func uuid5MatchesRFC4122AndPython() {
        // Python: uuid.uuid5(uuid.NAMESPACE_DNS, "python.org")
        #expect(EventUID.uuid5(namespace: "6ba7b810-9dad-11d1-80b4-00c04fd430c8", name: "python.org")
            == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
    }

    @Test func namespaceIsDerivedAsDocumented() {
        #expect(EventUID.uuid5(namespace: "6ba7b811-9dad-11d1-80b4-00c04fd430c8", name: "urn:x-my-person-crm:calendar")
            == EventUID.namespace)
    }

    @Test func stableUIDsAreDeterministicAndMatchPython() {
        // Python: uuid.uuid5(uuid.uuid5(uuid.NAMESPACE_URL, "urn:x-my-person-crm:calendar"), key)
        #expect(EventUID.stable("birthday:ada-lovelace") == "2e6b2eb8-fac6-5e46-8d3b-a15145371333")
        #expect(EventUID.stable("José Núñez") == "66a9fb43-e7a1-59df-80bb-0052d82fab71")
        #expect(EventUID.stable("birthday:ada-lovelace") != EventUID.stable("due:ada-lovelace"))
    }

    @Test func randomUIDsAreLowercaseUUIDs() {
        let first = EventUID.random()
        #expect(first != EventUID.random())
        #expect(first.count == 36)
        #expect(first == first.lowercased())
        #expect(UUID(uuidString: first) != nil)
        #expect(first.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
    }
}
