// libjpeg(-turbo) for TermGridImages: decoding and encoding with every
// error returned, never the library's default of ending the process.
#pragma once
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

/// What a decode or encode returns.
enum {
  TG_JPEG_OK = 0,
  TG_JPEG_CORRUPT = 1,    // the library's message is in `message`
  TG_JPEG_TOO_LARGE = 2,  // more pixels than allowed; the size is still reported
  TG_JPEG_NO_MEMORY = 3,
};

struct tg_jpeg_error {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
};

static void tg_jpeg_error_exit(j_common_ptr c) {
  struct tg_jpeg_error *e = (struct tg_jpeg_error *)c->err;
  (*c->err->format_message)(c, e->message);
  longjmp(e->jump, 1);
}

/// Warnings are kept quiet (nothing may reach the terminal's stderr); a
/// file that ends early is an error, not a picture half grey.
static void tg_jpeg_emit_message(j_common_ptr c, int level) {
  if (level == -1 && c->err->msg_code == JWRN_JPEG_EOF) tg_jpeg_error_exit(c);
}

static void tg_jpeg_output_message(j_common_ptr c) { (void)c; }

/// Decodes a JPEG to RGBA (4 bytes a pixel, rows packed), downscaling by
/// 1/2, 1/4 or 1/8 while decoding as far as the result stays at least
/// `want_width` x `want_height` (0: full size). `*pixels` is malloc'ed
/// (free it with `free`). The source size is reported even on errors after
/// the header.
static inline int tg_jpeg_decode(
    const unsigned char *data, unsigned long size, int want_width, int want_height, long long max_pixels,
    unsigned char **pixels, int *width, int *height, int *source_width, int *source_height,
    char *message, int message_size) {
  struct jpeg_decompress_struct cinfo;
  struct tg_jpeg_error jerr;
  unsigned char *volatile buffer = NULL;
  *pixels = NULL;
  *width = *height = *source_width = *source_height = 0;
  if (message_size > 0) message[0] = 0;
  cinfo.err = jpeg_std_error(&jerr.pub);
  jerr.pub.error_exit = tg_jpeg_error_exit;
  jerr.pub.emit_message = tg_jpeg_emit_message;
  jerr.pub.output_message = tg_jpeg_output_message;
  jerr.message[0] = 0;
  if (setjmp(jerr.jump)) {
    if (message_size > 0) snprintf(message, (size_t)message_size, "%s", jerr.message);
    jpeg_destroy_decompress(&cinfo);
    free(buffer);
    return TG_JPEG_CORRUPT;
  }
  jpeg_CreateDecompress(&cinfo, JPEG_LIB_VERSION, sizeof(cinfo));
  jpeg_mem_src(&cinfo, data, size);
  jpeg_read_header(&cinfo, TRUE);
  *source_width = (int)cinfo.image_width;
  *source_height = (int)cinfo.image_height;
  if ((long long)cinfo.image_width * (long long)cinfo.image_height > max_pixels) {
    jpeg_destroy_decompress(&cinfo);
    return TG_JPEG_TOO_LARGE;
  }
  unsigned int denom = 8;
  while (denom > 1) {
    unsigned int w = (cinfo.image_width + denom - 1) / denom, h = (cinfo.image_height + denom - 1) / denom;
    if ((int)w >= want_width && (int)h >= want_height) break;
    denom /= 2;
  }
  if (want_width <= 0 && want_height <= 0) denom = 1;
  cinfo.scale_num = 1;
  cinfo.scale_denom = denom;
  cinfo.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&cinfo);
  size_t stride = (size_t)cinfo.output_width * 4;
  buffer = (unsigned char *)malloc(stride * cinfo.output_height);
  if (!buffer) {
    jpeg_destroy_decompress(&cinfo);
    return TG_JPEG_NO_MEMORY;
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = buffer + stride * cinfo.output_scanline;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_decompress(&cinfo);
  *width = (int)cinfo.output_width;
  *height = (int)cinfo.output_height;
  jpeg_destroy_decompress(&cinfo);
  *pixels = buffer;
  return TG_JPEG_OK;
}

/// Encodes RGBA pixels (alpha ignored) as a baseline JPEG of `quality`;
/// `*out` is malloc'ed.
static inline int tg_jpeg_encode(
    const unsigned char *rgba, int width, int height, int quality, unsigned char **out, unsigned long *out_size) {
  struct jpeg_compress_struct cinfo;
  struct tg_jpeg_error jerr;
  *out = NULL;
  *out_size = 0;
  cinfo.err = jpeg_std_error(&jerr.pub);
  jerr.pub.error_exit = tg_jpeg_error_exit;
  jerr.pub.output_message = tg_jpeg_output_message;
  if (setjmp(jerr.jump)) {
    jpeg_destroy_compress(&cinfo);
    return TG_JPEG_CORRUPT;
  }
  jpeg_CreateCompress(&cinfo, JPEG_LIB_VERSION, sizeof(cinfo));
  jpeg_mem_dest(&cinfo, out, out_size);
  cinfo.image_width = (JDIMENSION)width;
  cinfo.image_height = (JDIMENSION)height;
  cinfo.input_components = 4;
  cinfo.in_color_space = JCS_EXT_RGBA;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * (size_t)width * 4);
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  return TG_JPEG_OK;
}
