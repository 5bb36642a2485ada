// libchafa (1.12's API only) for TermGridImages: pixels drawn into a canvas
// in symbol mode and each cell read back, so pictures are cells like any others.
#pragma once
#include <chafa.h>

/// Draws `width` x `height` RGBA pixels (straight alpha) into a canvas of
/// `cols` x `rows` cells in `mode` (a ChafaCanvasMode) with the symbols of
/// `symbol_tags` and `dither` (a ChafaDitherMode), and reads each cell back:
/// its code point (0 for the right half of a wide glyph) and its colours,
/// 0xRRGGBB or, with `raw`, the palette's pen numbers (-1: transparent).
static inline void tg_chafa_render(
    const unsigned char *rgba, int width, int height, int rowstride, int cols, int rows, int mode, int symbol_tags,
    int dither, int work_factor_percent, int raw, unsigned int *chars, int *foreground, int *background) {
  ChafaSymbolMap *map = chafa_symbol_map_new();
  chafa_symbol_map_add_by_tags(map, (ChafaSymbolTags)symbol_tags);
  ChafaCanvasConfig *config = chafa_canvas_config_new();
  chafa_canvas_config_set_geometry(config, cols, rows);
  chafa_canvas_config_set_canvas_mode(config, (ChafaCanvasMode)mode);
  chafa_canvas_config_set_symbol_map(config, map);
  chafa_canvas_config_set_dither_mode(config, (ChafaDitherMode)dither);
  chafa_canvas_config_set_work_factor(config, (gfloat)work_factor_percent / 100.0f);
  ChafaCanvas *canvas = chafa_canvas_new(config);
  chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, (const guint8 *)rgba, width, height, rowstride);
  for (int y = 0; y < rows; y++) {
    for (int x = 0; x < cols; x++) {
      int i = y * cols + x;
      chars[i] = (unsigned int)chafa_canvas_get_char_at(canvas, x, y);
      if (raw) chafa_canvas_get_raw_colors_at(canvas, x, y, &foreground[i], &background[i]);
      else chafa_canvas_get_colors_at(canvas, x, y, &foreground[i], &background[i]);
    }
  }
  chafa_canvas_unref(canvas);
  chafa_canvas_config_unref(config);
  chafa_symbol_map_unref(map);
}
