#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
// zlib (Debian `zlib1g-dev`): deflate for PNG's IDAT and the CRC-32 of every PNG chunk.
#include <zlib.h>
#endif
