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

    /// How long, in milliseconds, the arena for allocations over 8 MiB keeps freed pages: what
    /// ``configure()`` sets, the time every other arena keeps them by default.
    public static let oversizeDecayMilliseconds = 10_000

    /// Tunes jemalloc for Skillscope; call once at start.
    ///
    /// Returns whether the setting took; `false` when jemalloc is not the allocator (nothing to tune) or refused it.
    ///
    /// jemalloc serves allocations over 8 MiB from an arena of their own that gives freed pages back to the
    /// kernel at once, so each such allocation faults in fresh zeroed pages. A versions query takes and frees
    /// buffers of that size over the registry's rows: at 350,000 files its p50 went from 4.2 ms to 10.1 ms
    /// (bench/RESULTS.md). That arena now keeps freed pages for ``oversizeDecayMilliseconds``, as the others do.
    @discardableResult public static func configure() -> Bool {
        guard let arena = oversizeArena else { return false }
        var decay = oversizeDecayMilliseconds
        return mallctl("arena.\(arena).dirty_decay_ms", nil, nil, &decay, MemoryLayout<Int>.size) == 0
    }

    /// How long the arena for allocations over 8 MiB keeps freed pages, in milliseconds (0: not at all); `nil`
    /// without jemalloc.
    public static var oversizeDecay: Int? {
        guard let arena = oversizeArena else { return nil }
        var decay = 0
        var size = MemoryLayout<Int>.size
        guard mallctl("arena.\(arena).dirty_decay_ms", &decay, &size, nil, 0) == 0 else { return nil }
        return decay
    }

    /// The index of the arena an allocation of 16 MiB comes from (jemalloc makes it at the first such one).
    private static var oversizeArena: UInt32? {
        guard isInUse, let block = malloc(16 << 20) else { return nil }
        defer { free(block) }
        var pointer: UnsafeMutableRawPointer? = block
        var arena: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        guard mallctl("arenas.lookup", &arena, &size, &pointer, MemoryLayout<UnsafeMutableRawPointer?>.size) == 0
        else { return nil }
        return arena
    }
}
