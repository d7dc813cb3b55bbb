#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <jemalloc/jemalloc.h>

/// The path of the shared object that the process's `malloc` symbol resolves to, or NULL.
static inline const char *skillscope_malloc_provider(void) {
    void *symbol = dlsym(RTLD_DEFAULT, "malloc");
    Dl_info info;
    if (symbol == NULL || dladdr(symbol, &info) == 0) return NULL;
    return info.dli_fname;
}
