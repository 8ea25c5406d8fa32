//! Bar charts on a canvas, crisp on HiDPI screens (the shell sizes the
//! backing store to the device's pixel ratio): one bar per value, a line at
//! the median, and the scale's top in minutes and seconds.

use crate::words::time;
use web_sys::CanvasRenderingContext2d as Ctx;

/// Bar colours: the usual one, and one for bars set apart (games with hints).
pub(crate) const BAR: [&str; 2] = ["#1a66d9", "#d98a1a"];
const INK: [&str; 2] = ["#e8efe9", "#1d2a22"];
const GRID: [&str; 2] = ["rgba(255,255,255,0.25)", "rgba(0,0,0,0.2)"];

/// Draws `values` (ms) as bars (`dark`: on a dark background; the dialog's
/// panels are light), the i-th in `BAR[apart(i) as usize]`, with a
/// dashed line at `median`.
pub(crate) fn draw_bars(
    ctx: &Ctx,
    w: f64,
    h: f64,
    values: &[u64],
    apart: impl Fn(usize) -> bool,
    median: Option<u64>,
    dark: bool,
) {
    let theme = usize::from(!dark);
    ctx.clear_rect(0.0, 0.0, w, h);
    let top = values.iter().copied().max().unwrap_or(0).max(1) as f64;
    let (left, bottom, head) = (52.0, h - 18.0, 14.0);
    let plot_h = (bottom - head).max(1.0);
    let slot = (w - left) / values.len().max(1) as f64;
    ctx.set_font("12px system-ui, sans-serif");
    ctx.set_fill_style_str(INK[theme]);
    let _ = ctx.fill_text(&time(Some(top as u64)), 2.0, head + 4.0);
    let _ = ctx.fill_text("0", 2.0, bottom);
    ctx.set_stroke_style_str(GRID[theme]);
    ctx.begin_path();
    ctx.move_to(left, bottom + 0.5);
    ctx.line_to(w, bottom + 0.5);
    ctx.stroke();
    for (i, &value) in values.iter().enumerate() {
        let bar_h = (value as f64 / top * plot_h).max(1.0);
        ctx.set_fill_style_str(BAR[usize::from(apart(i))]);
        // At most 28 px wide, so that a few games still look like a chart.
        let bar_w = (slot * 0.7).clamp(1.0, 28.0);
        ctx.fill_rect(left + i as f64 * slot + (slot - bar_w) / 2.0, bottom - bar_h, bar_w, bar_h);
    }
    // Every fifth bar is numbered from 1 below the axis.
    ctx.set_fill_style_str(INK[theme]);
    for i in (0..values.len()).filter(|i| i % 5 == 4 || values.len() <= 10) {
        let _ = ctx.fill_text(&(i + 1).to_string(), left + i as f64 * slot + slot / 2.0 - 4.0, h - 3.0);
    }
    if let Some(median) = median {
        let y = bottom - median as f64 / top * plot_h;
        ctx.set_stroke_style_str(INK[theme]);
        let _ = ctx.set_line_dash(&js_sys::Array::of2(&4.0.into(), &4.0.into()));
        ctx.begin_path();
        ctx.move_to(left, y);
        ctx.line_to(w, y);
        ctx.stroke();
        let _ = ctx.set_line_dash(&js_sys::Array::new());
    }
}
