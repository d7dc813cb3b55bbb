#ifndef SKILLSCOPE_PUBLIC_NAMES_H
#define SKILLSCOPE_PUBLIC_NAMES_H
#include <stddef.h>

/// The public-names list linked into the binary (names.S): its first byte and the byte after its last.
extern const char skillscope_public_names_start[];
extern const char skillscope_public_names_end[];

/// The list's first byte.
static inline const char *skillscope_public_names(void) { return skillscope_public_names_start; }

/// The list's length in bytes.
static inline size_t skillscope_public_names_size(void) {
    return (size_t)(skillscope_public_names_end - skillscope_public_names_start);
}
#endif
