// PCRE2's 8-bit library: patterns and subjects are UTF-8 bytes, as Swift strings hold them.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
