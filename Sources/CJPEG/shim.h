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
  TG_JPEG_OVER_BUDGET = 4,  // decoding would take more memory than allowed; the size is reported
  TG_JPEG_TOO_MANY_SCANS = 5,  // a progressive JPEG with more scans than allowed
};

struct tg_jpeg_error {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
  int code;
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

/// Stops a progressive JPEG at its `max_scans`-th scan: each scan is a pass
/// over the whole picture, and a file of a few hundred kilobytes can hold
/// thousands (libjpeg-turbo's own tools have `-maxscans` for this).
struct tg_jpeg_progress {
  struct jpeg_progress_mgr pub;
  int max_scans;
};

static void tg_jpeg_progress_monitor(j_common_ptr c) {
  struct tg_jpeg_progress *p = (struct tg_jpeg_progress *)c->progress;
  j_decompress_ptr d = (j_decompress_ptr)c;
  if (c->is_decompressor && d->input_scan_number > p->max_scans) {
    struct tg_jpeg_error *e = (struct tg_jpeg_error *)c->err;
    snprintf(e->message, sizeof e->message, "more than %d scans", p->max_scans);
    e->code = TG_JPEG_TOO_MANY_SCANS;
    longjmp(e->jump, 1);
  }
}

/// Decodes a JPEG to RGBA (4 bytes a pixel, rows packed), downscaling by
/// 1/2, 1/4 or 1/8 while decoding as far as the result stays at least
/// `want_width` x `want_height` (0: full size). `*pixels` is malloc'ed
/// (free it with `free`). The source size is reported even on errors after
/// the header.
///
/// Bounded before anything large is allocated: more than `max_pixels`
/// declared is TG_JPEG_TOO_LARGE; more than `max_bytes` for the output
/// (counted twice: the caller copies it) and, for a progressive JPEG, the
/// whole picture's coefficients (two bytes each, kept until the last scan)
/// is TG_JPEG_OVER_BUDGET; more than `max_scans` scans is
/// TG_JPEG_TOO_MANY_SCANS. libjpeg's own allocations are capped at
/// `max_bytes` too (its max_memory_to_use).
///
/// CMYK and YCCK JPEGs (print and scanner files, which libjpeg cannot turn
/// into RGB) are decoded as CMYK and converted here: Adobe's files store
/// the inks inverted, and `saw_Adobe_marker` says which.
static inline int tg_jpeg_decode(
    const unsigned char *data, unsigned long size, int want_width, int want_height, long long max_pixels,
    long long max_bytes, int max_scans, unsigned char **pixels, int *width, int *height, int *source_width,
    int *source_height, char *message, int message_size) {
  struct jpeg_decompress_struct cinfo;
  struct tg_jpeg_error jerr;
  struct tg_jpeg_progress progress;
  unsigned char *volatile buffer = NULL;
  *pixels = NULL;
  *width = *height = *source_width = *source_height = 0;
  if (message_size > 0) message[0] = 0;
  cinfo.err = jpeg_std_error(&jerr.pub);
  jerr.pub.error_exit = tg_jpeg_error_exit;
  jerr.pub.emit_message = tg_jpeg_emit_message;
  jerr.pub.output_message = tg_jpeg_output_message;
  jerr.message[0] = 0;
  jerr.code = TG_JPEG_CORRUPT;
  if (setjmp(jerr.jump)) {
    if (message_size > 0) snprintf(message, (size_t)message_size, "%s", jerr.message);
    jpeg_destroy_decompress(&cinfo);
    free(buffer);
    return jerr.code;
  }
  jpeg_CreateDecompress(&cinfo, JPEG_LIB_VERSION, sizeof(cinfo));
  if (max_bytes > 0) cinfo.mem->max_memory_to_use = (long)max_bytes;
  progress.pub.progress_monitor = tg_jpeg_progress_monitor;
  progress.max_scans = max_scans > 0 ? max_scans : 1 << 30;
  cinfo.progress = &progress.pub;
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
  int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  jpeg_calc_output_dimensions(&cinfo);
  long long need = 2LL * cinfo.output_width * cinfo.output_height * 4;
  if (cinfo.progressive_mode) {
    for (int i = 0; i < cinfo.num_components; i++) {
      jpeg_component_info *comp = &cinfo.comp_info[i];
      long long across = ((long long)comp->width_in_blocks + comp->h_samp_factor - 1) / comp->h_samp_factor * comp->h_samp_factor;
      long long down = ((long long)comp->height_in_blocks + comp->v_samp_factor - 1) / comp->v_samp_factor * comp->v_samp_factor;
      need += across * down * (long long)sizeof(JBLOCK);
    }
  }
  if (max_bytes > 0 && need > max_bytes) {
    jpeg_destroy_decompress(&cinfo);
    return TG_JPEG_OVER_BUDGET;
  }
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
  if (cmyk) {
    int inverted = cinfo.saw_Adobe_marker;
    size_t count = (size_t)cinfo.output_width * cinfo.output_height;
    for (size_t i = 0; i < count; i++) {
      unsigned char *p = buffer + 4 * i;
      unsigned int c = p[0], m = p[1], y = p[2], k = p[3];
      if (!inverted) c = 255 - c, m = 255 - m, y = 255 - y, k = 255 - k;
      // (Now each is 255 minus the ink: no ink is white.)
      p[0] = (unsigned char)((c * k + 127) / 255);
      p[1] = (unsigned char)((m * k + 127) / 255);
      p[2] = (unsigned char)((y * k + 127) / 255);
      p[3] = 255;
    }
  }
  jpeg_destroy_decompress(&cinfo);
  *pixels = buffer;
  return TG_JPEG_OK;
}

/// Encodes RGBA pixels (alpha ignored) as a JPEG of `quality`, baseline
/// or `progressive` (libjpeg's default script of ten scans); with `cmyk`,
/// as an Adobe CMYK JPEG (the inks inverted, as Photoshop writes them).
/// `*out` is malloc'ed.
static inline int tg_jpeg_encode(
    const unsigned char *rgba, int width, int height, int quality, int progressive, int cmyk, unsigned char **out,
    unsigned long *out_size) {
  struct jpeg_compress_struct cinfo;
  struct tg_jpeg_error jerr;
  unsigned char *volatile row_buffer = NULL;
  *out = NULL;
  *out_size = 0;
  cinfo.err = jpeg_std_error(&jerr.pub);
  jerr.pub.error_exit = tg_jpeg_error_exit;
  jerr.pub.output_message = tg_jpeg_output_message;
  if (setjmp(jerr.jump)) {
    jpeg_destroy_compress(&cinfo);
    free(row_buffer);
    return TG_JPEG_CORRUPT;
  }
  jpeg_CreateCompress(&cinfo, JPEG_LIB_VERSION, sizeof(cinfo));
  jpeg_mem_dest(&cinfo, out, out_size);
  cinfo.image_width = (JDIMENSION)width;
  cinfo.image_height = (JDIMENSION)height;
  cinfo.input_components = 4;
  cinfo.in_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  jpeg_set_defaults(&cinfo);
  jpeg_set_quality(&cinfo, quality, TRUE);
  if (progressive) jpeg_simple_progression(&cinfo);
  if (cmyk) row_buffer = (unsigned char *)malloc((size_t)width * 4);
  jpeg_start_compress(&cinfo, TRUE);
  while (cinfo.next_scanline < cinfo.image_height) {
    JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * (size_t)width * 4);
    if (cmyk && row_buffer) {
      for (int x = 0; x < width; x++) {
        unsigned int r = row[4 * x], g = row[4 * x + 1], b = row[4 * x + 2];
        unsigned int most = r > g ? (r > b ? r : b) : (g > b ? g : b);
        unsigned int k = 255 - most;
        // Inverted inks: 255 - ink.
        row_buffer[4 * x] = (unsigned char)(most == 0 ? 255 : 255 - (most - r) * 255 / most);
        row_buffer[4 * x + 1] = (unsigned char)(most == 0 ? 255 : 255 - (most - g) * 255 / most);
        row_buffer[4 * x + 2] = (unsigned char)(most == 0 ? 255 : 255 - (most - b) * 255 / most);
        row_buffer[4 * x + 3] = (unsigned char)(255 - k);
      }
      row = row_buffer;
    }
    jpeg_write_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_compress(&cinfo);
  jpeg_destroy_compress(&cinfo);
  free(row_buffer);
  return TG_JPEG_OK;
}
