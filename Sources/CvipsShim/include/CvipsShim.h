// Daybook's few calls into libvips, without its variadic functions (Swift cannot call them) and
// without its headers (so Swift sees a small, plain C interface).
#ifndef DAYBOOK_VIPS_SHIM_H
#define DAYBOOK_VIPS_SHIM_H

#include <stddef.h>

typedef struct _VipsImage dbv_image;

/// Starts libvips once; returns 0 on success.
int dbv_start(void);
/// 1 when libvips runs the SIMD code Orc compiles (dbv_start turns it off), else 0.
int dbv_vector_enabled(void);
/// The library's version, "8.14.1".
const char *dbv_version(void);
/// The last error's text, copied (free with dbv_free); the error buffer is cleared.
char *dbv_error(void);
void dbv_free(void *pointer);
void dbv_unref(dbv_image *image);

/// Reads only the header of an image in `buffer`: returns the image (pixels not decoded), or NULL.
dbv_image *dbv_header(const void *buffer, size_t length);
int dbv_width(dbv_image *image);
int dbv_height(dbv_image *image);
/// The EXIF orientation, 1 when there is none.
int dbv_orientation(dbv_image *image);
/// The loader's name ("jpegload_buffer"), or NULL.
const char *dbv_loader(dbv_image *image);
/// A metadata field as text ("exif-ifd3-GPSLatitude"), copied (free with dbv_free), or NULL.
char *dbv_string(dbv_image *image, const char *name);

/// Decodes the whole image at most `width` pixels wide (never larger), upright, in sRGB, 8-bit,
/// flattened on white, as a new image that carries no metadata at all. NULL on failure.
dbv_image *dbv_decode(const void *buffer, size_t length, int width);
/// A smaller copy, `width` pixels wide; NULL on failure.
dbv_image *dbv_resize(dbv_image *image, int width);
/// A square copy `size` pixels wide, cut from the middle; NULL on failure.
dbv_image *dbv_square(dbv_image *image, int size);
/// Encodes as WebP or JPEG at `quality`; returns 0 and the bytes (free with dbv_free).
int dbv_save_webp(dbv_image *image, int quality, void **bytes, size_t *length);
int dbv_save_jpeg(dbv_image *image, int quality, void **bytes, size_t *length);

#endif
