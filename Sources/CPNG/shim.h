// libpng for TermGridImages: decoding a row at a time (scaled down as it
// is read) and encoding through the simplified API, every error returned
// through setjmp/longjmp instead of the library's default of ending the process.
#pragma once
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <stdio.h>
#include <png.h>

enum { TG_PNG_OK = 0, TG_PNG_CORRUPT = 1, TG_PNG_TOO_LARGE = 2, TG_PNG_NO_MEMORY = 3, TG_PNG_OVER_BUDGET = 4 };

struct tg_png_reader {
  const unsigned char *data;
  size_t size;
  size_t offset;
  jmp_buf jump;
  char message[200];
};

static void tg_png_error(png_structp png, png_const_charp text) {
  struct tg_png_reader *r = (struct tg_png_reader *)png_get_error_ptr(png);
  snprintf(r->message, sizeof r->message, "%s", text ? text : "");
  longjmp(r->jump, 1);
}

/// Warnings are kept quiet: nothing may reach the terminal's stderr.
static void tg_png_warning(png_structp png, png_const_charp text) { (void)png, (void)text; }

static void tg_png_read(png_structp png, png_bytep out, png_size_t count) {
  struct tg_png_reader *r = (struct tg_png_reader *)png_get_io_ptr(png);
  if (count > r->size - r->offset) png_error(png, "the file ends early");
  memcpy(out, r->data + r->offset, count);
  r->offset += count;
}

/// Sums of pixels for a box downscale, per output pixel: the
/// alpha-weighted colours, the alpha, the number of pixels, and the plain
/// colours (for a box with no alpha at all, and for an opaque picture,
/// which needs no weights).
#define TG_PNG_SUMS 8
static inline void tg_png_accumulate(
    const unsigned char *row, png_uint_32 width, unsigned int factor, int opaque, unsigned long long *sums) {
  png_uint_32 x = 0;
  for (unsigned long long *s = sums; x < width; s += TG_PNG_SUMS) {
    png_uint_32 end = width - x > factor ? x + factor : width;
    unsigned long long n = end - x;
    if (opaque) {
      unsigned int r = 0, g = 0, b = 0;  // at most factor x 255 each
      for (const unsigned char *p = row + 4 * (size_t)x; x < end; x++, p += 4) r += p[0], g += p[1], b += p[2];
      s[5] += r, s[6] += g, s[7] += b, s[4] += n;
    } else {
      for (const unsigned char *p = row + 4 * (size_t)x; x < end; x++, p += 4) {
        unsigned long long a = p[3];
        s[0] += p[0] * a, s[1] += p[1] * a, s[2] += p[2] * a, s[3] += a;
        s[5] += p[0], s[6] += p[1], s[7] += p[2];
      }
      s[4] += n;
    }
  }
}

static inline void tg_png_emit(unsigned long long *sums, png_uint_32 width, int opaque, unsigned char *out) {
  for (png_uint_32 x = 0; x < width; x++) {
    unsigned long long *s = sums + TG_PNG_SUMS * (size_t)x;
    unsigned char *p = out + 4 * (size_t)x;
    if (!opaque && s[3] > 0) {
      for (int i = 0; i < 3; i++) p[i] = (unsigned char)((s[i] + s[3] / 2) / s[3]);
    } else if (s[4] > 0) {
      for (int i = 0; i < 3; i++) p[i] = (unsigned char)((s[5 + i] + s[4] / 2) / s[4]);
    }
    p[3] = opaque ? 255 : s[4] > 0 ? (unsigned char)((s[3] + s[4] / 2) / s[4]) : 0;
    for (int i = 0; i < TG_PNG_SUMS; i++) s[i] = 0;
  }
}

/// Decodes a PNG to RGBA (straight alpha, rows packed); `*pixels` is
/// malloc'ed. The size is reported even when it is too large.
///
/// A picture of more than a million pixels larger than `want_width` x
/// `want_height` (0: full size) is scaled down while it is read, by the
/// largest whole factor that keeps it at least that size (each output pixel the alpha-weighted mean of its
/// box), a row at a time: a non-interlaced PNG of any size costs one row
/// and the result in memory. An interlaced one is read whole first (its
/// rows come in seven passes). More than `max_pixels` declared is
/// TG_PNG_TOO_LARGE; more than `max_bytes` needed (the result counted
/// twice: the caller copies it) is TG_PNG_OVER_BUDGET. Metadata chunks
/// that inflate (zTXt, iCCP) are capped at a megabyte.
static inline int tg_png_decode(
    const unsigned char *data, size_t size, int want_width, int want_height, long long max_pixels,
    long long max_bytes, unsigned char **pixels, int *width, int *height, int *source_width, int *source_height,
    char *message, int message_size) {
  struct tg_png_reader reader = {data, size, 0, {{0}}, {0}};
  png_structp png = NULL;
  png_infop info = NULL;
  unsigned char *volatile out = NULL;
  unsigned char *volatile whole = NULL;
  unsigned char *volatile row = NULL;
  unsigned long long *volatile sums = NULL;
  *pixels = NULL;
  *width = *height = *source_width = *source_height = 0;
  if (message_size > 0) message[0] = 0;
  png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader, tg_png_error, tg_png_warning);
  if (!png) return TG_PNG_NO_MEMORY;
  info = png_create_info_struct(png);
  if (!info) {
    png_destroy_read_struct(&png, NULL, NULL);
    return TG_PNG_NO_MEMORY;
  }
  if (setjmp(reader.jump)) {
    if (message_size > 0) snprintf(message, (size_t)message_size, "%s", reader.message);
    png_destroy_read_struct(&png, &info, NULL);
    free(out), free(whole), free(row), free(sums);
    return TG_PNG_CORRUPT;
  }
  png_set_read_fn(png, &reader, tg_png_read);
  png_set_chunk_malloc_max(png, 1 << 20);
  png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
  *source_width = (int)w;
  *source_height = (int)h;
  *width = (int)w;
  *height = (int)h;
  if ((long long)w * (long long)h > max_pixels) {
    png_destroy_read_struct(&png, &info, NULL);
    return TG_PNG_TOO_LARGE;
  }
  int color = png_get_color_type(png, info);
  int opaque = !(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS);
  png_set_expand(png);
  png_set_strip_16(png);
  if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if (opaque) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (png_size_t)w * 4) png_error(png, "unexpected row size");
  unsigned int factor = 1;
  // (A picture of up to a million pixels is read whole: scaling it down
  // costs more than it saves. Larger ones are scaled down as they are read.)
  if ((want_width > 0 || want_height > 0) && (long long)w * h > (1LL << 20)) {
    while ((w + factor) / (factor + 1) >= (png_uint_32)(want_width > 0 ? want_width : 1) &&
           (h + factor) / (factor + 1) >= (png_uint_32)(want_height > 0 ? want_height : 1) && factor < w && factor < h)
      factor++;
  }
  png_uint_32 ow = (w + factor - 1) / factor, oh = (h + factor - 1) / factor;
  long long need = 2LL * ow * oh * 4 + (long long)w * 4 + (long long)ow * TG_PNG_SUMS * 8;
  if (passes > 1) need += (long long)w * h * 4;
  if (max_bytes > 0 && need > max_bytes) {
    png_destroy_read_struct(&png, &info, NULL);
    *width = (int)w, *height = (int)h;
    return TG_PNG_OVER_BUDGET;
  }
  out = (unsigned char *)malloc((size_t)ow * oh * 4);
  sums = (unsigned long long *)calloc((size_t)ow * TG_PNG_SUMS, sizeof(unsigned long long));
  if (passes > 1) {
    whole = (unsigned char *)malloc((size_t)w * h * 4);
  } else {
    row = (unsigned char *)malloc((size_t)w * 4);
  }
  if (!out || !sums || (passes > 1 ? !whole : !row)) {
    png_destroy_read_struct(&png, &info, NULL);
    free(out), free(whole), free(row), free(sums);
    return TG_PNG_NO_MEMORY;
  }
  if (passes > 1) {
    for (int pass = 0; pass < passes; pass++)
      for (png_uint_32 y = 0; y < h; y++) png_read_row(png, whole + (size_t)y * w * 4, NULL);
  }
  for (png_uint_32 y = 0; y < h; y++) {
    unsigned char *source = whole ? whole + (size_t)y * w * 4 : row;
    if (!whole) png_read_row(png, source, NULL);
    if (factor == 1) {
      memcpy(out + (size_t)y * w * 4, source, (size_t)w * 4);  // full size: the pixels as they are
      continue;
    }
    tg_png_accumulate(source, w, factor, opaque, sums);
    if ((y + 1) % factor == 0 || y + 1 == h) tg_png_emit(sums, ow, opaque, out + (size_t)(y / factor) * ow * 4);
  }
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  free(whole), free(row), free(sums);
  *pixels = out;
  *width = (int)ow;
  *height = (int)oh;
  return TG_PNG_OK;
}

/// Encodes RGBA pixels as a PNG; `*out` is malloc'ed.
static inline int tg_png_encode(const unsigned char *rgba, int width, int height, unsigned char **out, size_t *out_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  image.width = (png_uint_32)width;
  image.height = (png_uint_32)height;
  image.format = PNG_FORMAT_RGBA;
  *out = NULL;
  *out_size = 0;
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory(&image, NULL, &size, 0, rgba, 0, NULL)) return TG_PNG_CORRUPT;
  unsigned char *buffer = (unsigned char *)malloc(size);
  if (!buffer) return TG_PNG_NO_MEMORY;
  if (!png_image_write_to_memory(&image, buffer, &size, 0, rgba, 0, NULL)) {
    free(buffer);
    return TG_PNG_CORRUPT;
  }
  *out = buffer;
  *out_size = (size_t)size;
  return TG_PNG_OK;
}

/// Encodes a picture of one colour (RGB, 8 bits), `width` x `height`,
/// `interlaced` or not, a row at a time at zlib's best compression: a few
/// hundred kilobytes for a picture of hundreds of megabytes (for tests of
/// decompression bombs). `*out` is malloc'ed.
struct tg_png_writer {
  unsigned char *data;
  size_t size, capacity;
  jmp_buf jump;
};

static void tg_png_write_error(png_structp png, png_const_charp text) {
  (void)text;
  longjmp(((struct tg_png_writer *)png_get_error_ptr(png))->jump, 1);
}

static void tg_png_write(png_structp png, png_bytep bytes, png_size_t count) {
  struct tg_png_writer *w = (struct tg_png_writer *)png_get_io_ptr(png);
  if (w->size + count > w->capacity) {
    size_t capacity = (w->capacity + count) * 2;
    unsigned char *grown = (unsigned char *)realloc(w->data, capacity);
    if (!grown) png_error(png, "out of memory");
    w->data = grown, w->capacity = capacity;
  }
  memcpy(w->data + w->size, bytes, count);
  w->size += count;
}

static void tg_png_flush(png_structp png) { (void)png; }

static inline int tg_png_encode_uniform(
    int width, int height, unsigned char r, unsigned char g, unsigned char b, int interlaced, unsigned char **out,
    size_t *out_size) {
  struct tg_png_writer writer = {NULL, 0, 0, {{0}}};
  unsigned char *volatile row = NULL;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer, tg_png_write_error, tg_png_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  *out = NULL;
  *out_size = 0;
  if (!png || !info) {
    png_destroy_write_struct(&png, &info);
    return TG_PNG_NO_MEMORY;
  }
  if (setjmp(writer.jump)) {
    png_destroy_write_struct(&png, &info);
    free(writer.data);
    free(row);
    return TG_PNG_CORRUPT;
  }
  png_set_write_fn(png, &writer, tg_png_write, tg_png_flush);
  png_set_compression_level(png, 9);
  png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB,
               interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  row = (unsigned char *)malloc((size_t)width * 3);
  if (!row) png_error(png, "out of memory");
  for (int x = 0; x < width; x++) row[3 * x] = r, row[3 * x + 1] = g, row[3 * x + 2] = b;
  int passes = png_set_interlace_handling(png);
  for (int pass = 0; pass < passes; pass++)
    for (int y = 0; y < height; y++) png_write_row(png, row);
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  free(row);
  *out = writer.data;
  *out_size = writer.size;
  return TG_PNG_OK;
}
