import CPublicNames
public import SkillscopeCore

extension PublicNames {
    /// The names `scripts/make-public-names.sh` made (see ``SkillscopeCore/PublicNames``), read from the list the
    /// build links into the binary (`Sources/CPublicNames`).
    public static let bundled = PublicNames(list: linkedList())

    /// The linked list's text: this file is the one place that reads the bytes `names.S` links in.
    private static func linkedList() -> String {
        let bytes = UnsafeRawBufferPointer(start: skillscope_public_names(), count: skillscope_public_names_size())
        return String(decoding: bytes, as: UTF8.self)
    }
}
