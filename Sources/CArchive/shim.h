#ifndef CARCHIVE_SHIM_H
#define CARCHIVE_SHIM_H

#include <archive.h>
#include <archive_entry.h>

/// `AE_IFREG` is a cast macro Swift does not import.
static const unsigned int carchive_ifreg = 0100000;

#endif
