// The variadic libvips calls Daybook needs, behind plain functions (see CvipsShim.h).
#include "CvipsShim.h"
#include <vips/vips.h>
// Orc's switch (vips_vector_set_enabled) is declared here up to libvips 8.14, in vips.h after.
#if __has_include(<vips/vector.h>)
#include <vips/vector.h>
#endif
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

// libvips' warnings ("error in tile 0 x 456") would print beside Daybook's own diagnostics,
// which already name the photo and what went wrong.
static void quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

int dbv_vector_enabled(void) {
    return vips_vector_isenabled() ? 1 : 0;
}

int dbv_start(void) {
    if (VIPS_INIT("daybook")) return -1;
    g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, quiet, NULL);
#ifdef __GLIBC__
    // glibc gives each thread that allocates its own arena (up to 8 per core), and a photo's
    // megabytes freed in one arena are not reused by another: two arenas keep the peak near two
    // photos in flight (173 MB instead of 263 MB for 12 MP photos on 2 cores, same speed).
    mallopt(M_ARENA_MAX, 2);
#endif
    // Daybook caches finished files itself; vips' operation cache would only hold memory.
    vips_cache_set_max(0);
    // Photos are spread over the cores by Daybook, one per thread.
    vips_concurrency_set(1);
    // No Orc: the SIMD code it compiles at run time crashed a test run (a bad pointer inside
    // liborc, photos being resized on both cores), a known failing of Orc under libvips; and the
    // code it makes depends on the CPU, where the plain C paths give the same bytes everywhere.
    vips_vector_set_enabled(FALSE);
    return 0;
}

const char *dbv_version(void) { return vips_version_string(); }

char *dbv_error(void) {
    char *text = g_strdup(vips_error_buffer());
    vips_error_clear();
    return text;
}

void dbv_free(void *pointer) { g_free(pointer); }

void dbv_unref(dbv_image *image) {
    if (image) g_object_unref(image);
}

dbv_image *dbv_header(const void *buffer, size_t length) {
    return vips_image_new_from_buffer(buffer, length, "", NULL);
}

int dbv_width(dbv_image *image) { return vips_image_get_width(image); }
int dbv_height(dbv_image *image) { return vips_image_get_height(image); }

int dbv_orientation(dbv_image *image) {
    int orientation = 1;
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) && !vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation))
        return orientation;
    return 1;
}

const char *dbv_loader(dbv_image *image) {
    const char *name = NULL;
    if (vips_image_get_typeof(image, VIPS_META_LOADER) && !vips_image_get_string(image, VIPS_META_LOADER, &name)) return name;
    return NULL;
}

char *dbv_string(dbv_image *image, const char *name) {
    char *text = NULL;
    if (!vips_image_get_typeof(image, name) || vips_image_get_as_string(image, name, &text)) return NULL;
    return text;
}

// sRGB, 8-bit, no alpha (flattened on white): what both savers take the same way.
static VipsImage *plain_srgb(VipsImage *in) {
    VipsImage *srgb = NULL, *flat = NULL, *bytes = NULL;
    if (vips_colourspace(in, &srgb, VIPS_INTERPRETATION_sRGB, NULL)) return NULL;
    if (vips_image_hasalpha(srgb)) {
        double white[3] = {255, 255, 255};
        VipsArrayDouble *background = vips_array_double_new(white, 3);
        int failed = vips_flatten(srgb, &flat, "background", background, NULL);
        vips_area_unref(VIPS_AREA(background));
        g_object_unref(srgb);
        if (failed) return NULL;
    } else {
        flat = srgb;
    }
    int failed = vips_cast_uchar(flat, &bytes, NULL);
    g_object_unref(flat);
    return failed ? NULL : bytes;
}

// The pixels alone in a new image: no EXIF, XMP, IPTC, ICC or any other field can follow them
// into a saver, whatever that saver's `strip` does.
static VipsImage *bare_copy(VipsImage *in) {
    size_t size = 0;
    void *pixels = vips_image_write_to_memory(in, &size);
    if (!pixels) return NULL;
    VipsImage *out = vips_image_new_from_memory_copy(pixels, size, vips_image_get_width(in), vips_image_get_height(in),
                                                     vips_image_get_bands(in), VIPS_FORMAT_UCHAR);
    g_free(pixels);
    return out;
}

dbv_image *dbv_decode(const void *buffer, size_t length, int width) {
    VipsImage *thumb = NULL;
    // Shrink-on-load and auto-rotation; a truncated or damaged file is an error, not grey pixels.
    if (vips_thumbnail_buffer((void *)buffer, length, &thumb, width, "height", VIPS_MAX_COORD,
                              "size", VIPS_SIZE_DOWN, "option_string", "fail_on=error", NULL))
        return NULL;
    VipsImage *plain = plain_srgb(thumb);
    g_object_unref(thumb);
    if (!plain) return NULL;
    VipsImage *bare = bare_copy(plain);
    g_object_unref(plain);
    return bare;
}

dbv_image *dbv_resize(dbv_image *image, int width) {
    VipsImage *out = NULL;
    double scale = (double)width / vips_image_get_width(image);
    if (vips_resize(image, &out, scale, NULL)) return NULL;
    VipsImage *bare = bare_copy(out);
    g_object_unref(out);
    return bare;
}

dbv_image *dbv_square(dbv_image *image, int size) {
    VipsImage *out = NULL;
    if (vips_thumbnail_image(image, &out, size, "height", size, "crop", VIPS_INTERESTING_CENTRE, NULL)) return NULL;
    VipsImage *bare = bare_copy(out);
    g_object_unref(out);
    return bare;
}

int dbv_save_webp(dbv_image *image, int quality, void **bytes, size_t *length) {
    return vips_webpsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, "effort", 4, NULL);
}

int dbv_save_jpeg(dbv_image *image, int quality, void **bytes, size_t *length) {
    // libjpeg's default DCT is the integer one: the same bytes on every machine.
    return vips_jpegsave_buffer(image, bytes, length, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

