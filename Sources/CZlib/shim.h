// zlib (Debian's zlib1g-dev): raw deflate for the entries of a zip archive.
#include <zlib.h>

// `inflateInit2` is a macro over `inflateInit2_` that Swift cannot call.
static inline int trawl_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -MAX_WBITS);
}
