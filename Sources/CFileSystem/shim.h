/// Linux calls the C library declares only under _GNU_SOURCE, which Swift's Glibc module is built without.

/// Flushes every dirty page and inode of the file system that holds `descriptor` (`syncfs(2)`, glibc 2.14).
extern int syncfs(int descriptor);

static inline int cfs_syncfs(int descriptor) { return syncfs(descriptor); }
