extension String {
    /// The text between two byte offsets of its UTF-8, both at the start of a scalar (or at the end).
    ///
    /// Byte passes over `utf8.span` find where things are; this cuts them out as one substring, without walking
    /// characters.
    public func substring(utf8Offsets range: Range<Int>) -> Substring {
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return self[start..<utf8.index(start, offsetBy: range.count)]
    }

    /// The scalar whose UTF-8 encoding starts at byte `offset`.
    func scalar(atUTF8Offset offset: Int) -> Unicode.Scalar {
        unicodeScalars[utf8.index(utf8.startIndex, offsetBy: offset)]
    }
}
