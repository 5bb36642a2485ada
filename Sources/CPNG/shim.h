// libpng for TermGridImages through its simplified API (png_image), which
// returns errors instead of ending the process.
#pragma once
#include <stdlib.h>
#include <string.h>
#include <png.h>

enum { TG_PNG_OK = 0, TG_PNG_CORRUPT = 1, TG_PNG_TOO_LARGE = 2, TG_PNG_NO_MEMORY = 3 };

/// Decodes a PNG to RGBA (straight alpha, rows packed); `*pixels` is
/// malloc'ed. The size is reported even when it is too large.
static inline int tg_png_decode(
    const unsigned char *data, size_t size, long long max_pixels, unsigned char **pixels, int *width, int *height,
    char *message, int message_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  *pixels = NULL;
  *width = *height = 0;
  if (message_size > 0) message[0] = 0;
  if (!png_image_begin_read_from_memory(&image, data, size)) {
    if (message_size > 0) strncpy(message, image.message, (size_t)message_size - 1), message[message_size - 1] = 0;
    png_image_free(&image);
    return TG_PNG_CORRUPT;
  }
  *width = (int)image.width;
  *height = (int)image.height;
  if ((long long)image.width * (long long)image.height > max_pixels) {
    png_image_free(&image);
    return TG_PNG_TOO_LARGE;
  }
  image.format = PNG_FORMAT_RGBA;
  unsigned char *buffer = (unsigned char *)malloc(PNG_IMAGE_SIZE(image));
  if (!buffer) {
    png_image_free(&image);
    return TG_PNG_NO_MEMORY;
  }
  if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
    if (message_size > 0) strncpy(message, image.message, (size_t)message_size - 1), message[message_size - 1] = 0;
    free(buffer);
    png_image_free(&image);
    return TG_PNG_CORRUPT;
  }
  *pixels = buffer;
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
