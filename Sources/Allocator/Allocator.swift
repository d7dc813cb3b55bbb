internal import CJemalloc

/// The memory allocator linked into Skillscope's programs: jemalloc in place of glibc's malloc.
///
/// Linking this module is what makes the switch: the dynamic linker resolves `malloc` and `free` to jemalloc for
/// the whole process, the Swift runtime and the C libraries included. Ingest allocates and frees millions of small
/// objects on every core (document trees, rule texts, phrase hashes); glibc's arenas spent 12% of its CPU time in
/// `_int_malloc` and `free` (bench/RESULTS.md).
public enum Allocator {
    /// jemalloc's version string (`5.3.0-0-g…`), read from the allocator itself: `nil` if another malloc answered.
    public static var version: String? {
        var pointer: UnsafePointer<CChar>?
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &pointer, &size, nil, 0) == 0, let pointer else { return nil }
        return String(cString: pointer)
    }

    /// "jemalloc 5.3.0-0-g…", or "the C library's malloc" when jemalloc is not the one in use.
    public static var description: String {
        version.map { "jemalloc \($0)" } ?? "the C library's malloc"
    }

    /// Whether `malloc` in this process is jemalloc's (the library is loaded and the dynamic linker bound
    /// `malloc` to it), told by the shared object the symbol lives in.
    public static var isInUse: Bool {
        guard version != nil, let file = skillscope_malloc_provider() else { return false }
        return String(cString: file).contains("jemalloc")
    }
}
