import Foundation
import Testing
@testable import CRMFormat
@testable import CRMKit
@testable import CRMVault

/// The front-matter reader against YAML 1.2 (as PyYAML reads with a YAML 1.2 core resolver): each
/// input is read to the same values, or reported with its line and column, never misread silently.
@Suite struct YAMLFrontMatterTests {
    /// The front matter `yaml` (the lines between `---`) as compact JSON, and the problems found
    /// as `line:column: severity` strings.
    static func read(_ yaml: String) -> (json: String, problems: [String]) {
        let doc = PersonDocument(bytes: Array("---\n\(yaml)\n---\n".utf8), path: "people/p.md")
        let json = JSON.object((doc.frontMatter?.properties ?? []).map { ($0.key, $0.value.json) }).rendered(pretty: false)
        return (json, doc.diagnostics.map { "\($0.line):\($0.column): \($0.severity.rawValue)" })
    }

    @Test(arguments: [
        // A value on the line after its key is read as the node written there.
        ("name:\n  \"Ada Lovelace\"", #"{"name": "Ada Lovelace"}"#),
        ("name:\n  'Ada ''A'' Lovelace'", #"{"name": "Ada 'A' Lovelace"}"#),
        ("tags:\n  [a, b]", #"{"tags": ["a", "b"]}"#),
        ("k:\n  |\n  x", #"{"k": "x\n"}"#),
        ("k:\n  >-\n   a\n   b", #"{"k": "a b"}"#),
        ("k:\n  plain\n  text", #"{"k": "plain text"}"#),
        // A comment holding `: ` after a list item is a comment.
        ("tags:\n  - friends # note: old group\n  - chess", #"{"tags": ["friends", "chess"]}"#),
        ("tags:\n- a #: b\n- c", #"{"tags": ["a", "c"]}"#),
        // A flow list as a list item is not split at `: `.
        ("k:\n  - [ 'x: y' ]\nnext: 1", #"{"k": [["x: y"]], "next": 1}"#),
        ("k:\n  - - a\n    - b\n  - c", #"{"k": [["a", "b"], "c"]}"#),
        // Double-quoted escapes at line ends.
        ("k: \"p\\ \n  q\"", #"{"k": "p  q"}"#),
        ("k: \"a\\\n\n  b\"", #"{"k": "a\nb"}"#),
        ("k: \"a\n  \\\n  b\"", #"{"k": "a b"}"#),
        ("k: \"a\\\n  \\\n  b\"", #"{"k": "ab"}"#),
        ("k: \"a \\t\\\n  b\"", #"{"k": "a \tb"}"#),
        // Whitespace-only lines in block scalars keep the spaces beyond the indentation.
        ("k: |\n  x\n   \ny: 1", #"{"k": "x\n \n", "y": 1}"#),
        ("k: |+\n  x\n   \n\ny: 1", #"{"k": "x\n \n\n", "y": 1}"#),
        ("k: |\n \t\nb: 1", #"{"k": "\t\n", "b": 1}"#),
        // Signs after a radix prefix make strings.
        ("a: 0o-7\nb: 0x+1\nc: 0o17\nd: 0x1F\ne: 0xg", #"{"a": "0o-7", "b": "0x+1", "c": 15, "d": 31, "e": "0xg"}"#),
        ("a: 0x1FFFFFFFFFFFFFFFF\nb: 0o7777777777777777777777\nc: -00012", #"{"a": 36893488147419103231, "b": 73786976294838206463, "c": -12}"#),
        // Tabs after the indentation inside a quoted continuation line or block-scalar content.
        ("k: \"a\n \tb\"", #"{"k": "a b"}"#),
        ("k: |\n  \tx\n  y", #"{"k": "\tx\ny\n"}"#),
        ("k: >\n  a\n  \tb\n  c", #"{"k": "a\n\tb\nc\n"}"#),
        // A multi-line quoted string inside a flow list.
        ("k: [ \"a\n  b\", 'c\n\n  d', e]", #"{"k": ["a b", "c\nd", "e"]}"#),
        ("k: [a, # one\n  b]", #"{"k": ["a", "b"]}"#),
        ("16: a\ntrue: b\nnull: c", #"{"16": "a", "true": "b", "null": "c"}"#),
        ("\"a\tb\": 1\nk: [a:b]", #"{"a\tb": 1, "k": ["a:b"]}"#),
        // Comments with `:` and `#` elsewhere.
        ("k: v # c: d\nj: 'x # y' # z", #"{"k": "v", "j": "x # y"}"#),
        ("k: a#b", #"{"k": "a#b"}"#),
    ])
    func readAsYAML12(_ yaml: String, _ json: String) {
        let (read, problems) = Self.read(yaml)
        #expect(read == json)
        #expect(problems == [])
    }

    @Test(arguments: [
        // Anchors, aliases, tags and `? ` keys are kept as written and reported.
        ("k:\n  &a x\nj: 1", "3:3: warning"),
        ("k:\n  *a\nj: 1", "3:3: warning"),
        ("k:\n  !!str x\nj: 1", "3:3: warning"),
        ("&a k: x\nj: 1", "2:1: warning"),
        ("!t k: x\nj: 1", "2:1: warning"),
        ("? k\n: x\nj: 1", "2:1: warning"),
        ("k: [a: b]\nj: 1", "2:6: warning"),
        ("k:\n  - {a: 1}\nj: 1", "3:5: warning"),
        ("k: !!seq\n- a\nj: 1", "2:4: warning"),
        // A tab between a quoted key and its `:` is white space PyYAML refuses; tabs inside quotes are text.
        ("\"k q\"\t: x\nj: 1", "2:6: warning"),
        ("'k''\t'\t: x\nj: 1", "2:7: warning"),
    ])
    func outsideTheSubsetIsReportedAndTheRestRead(_ yaml: String, _ problem: String) {
        let (read, problems) = Self.read(yaml)
        #expect(problems == [problem])
        #expect(read.hasSuffix(#""j": 1}"#))
    }

    @Test(arguments: [
        ("this is #not a: key", "2:1: error"),
        ("k: \"value\"# c", "2:11: error"),
        ("k: [a]# c", "2:7: error"),
        ("foo: |\n\t\nbar: 1", "3:1: error"),
        ("k: |\n   \n  x", "3:3: error"),
        ("k: \"a\nb\"", "3:1: error"),
        ("k: \"a\n\tb\"", "3:1: error"),
        ("k: [a,\nb]", "3:1: error"),
        ("k: | x", "2:4: error"),
        ("k:\n\t- a", "3:1: error"),
        ("k: ,x", "2:4: error"),
        ("k: [ , ]", "2:6: error"),
        ("k: [a, , b]", "2:8: error"),
        ("k: |--\n  x", "2:6: error"),
        ("k: |22\n  x", "2:6: error"),
        ("k: [a, @b]", "2:8: error"),
        ("k: [- a]", "2:5: error"),
        ("k: [a, :b]", "2:8: warning"),
        ("k: a\tb", "2:5: warning"),
        ("k:\tv", "2:3: warning"),
        ("0x10: a", "2:1: warning"),
    ])
    func invalidYAMLIsAnError(_ yaml: String, _ problem: String) {
        let (_, problems) = Self.read(yaml)
        #expect(problems.first == problem)
    }

    @Test func aCommentAfterATagIsStillFoundByTheTagCommand() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname: Ada\ntags:\n  - friends # note: old group\n  - chess\n---\n")
        let result = try vault.crm("list", "--tag", "friends")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Ada"))
        #expect(try vault.crm("check").stdout == "")
    }

    @Test func aValueBelowItsKeyIsShownRead() throws {
        let vault = try TemporaryVault()
        try vault.write("people/ada.md", "---\nname:\n  \"Ada Lovelace\"\ntags:\n  [a, b]\n---\n")
        let result = try vault.crm("show", "ada", "--json")
        #expect(result.stdout.contains(#""name": "Ada Lovelace""#))
        #expect(result.stdout.contains("\"tags\": [\n"))
    }
}
