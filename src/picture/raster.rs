//! SVG to pixels, with resvg and herald's one bundled font, so that a picture is drawn the same
//! on every machine (no system fonts are looked at) and the same view gives the same bytes.
//! [`super::tiles`] rasterises each square's contents and each board's frame here once.
//!
//! [`reference_png`] is the drawing of before the tiles, kept as the reference they are
//! measured and tested against: the whole scene rasterised, written with a palette of its 256
//! most used colours (any other pixel takes the nearest of them, a difference no eye sees on a
//! smoothed edge), deflated by the `png` crate at its default level.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// DejaVu Sans Bold, cut down to the characters herald's pictures use (ASCII, "¿", the chess
/// figures, the crown's star); see `assets/fonts/README.md`.
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold-herald.ttf");

/// The options every picture is parsed with: the bundled font and nothing else.
fn options() -> &'static usvg::Options<'static> {
    static OPTIONS: OnceLock<usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut options = usvg::Options::default();
        let mut fonts = usvg::fontdb::Database::new();
        fonts.load_font_data(FONT.to_vec());
        fonts.set_sans_serif_family("DejaVu Sans");
        options.fontdb = Arc::new(fonts);
        options.font_family = "DejaVu Sans".to_string();
        options
    })
}

/// `svg` (herald's own drawing, see [`super::Board::svg`]) rasterised at `scale` pixels per
/// unit.
///
/// # Panics
///
/// If `svg` is not SVG that resvg can draw: the drawings are herald's own, so that is a bug,
/// caught by the tests that draw every variant's board.
pub fn pixmap(svg: &str, scale: f32) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(svg, options()).expect("herald's board drawing is valid SVG");
    let size = tree.size().to_int_size().scale_by(scale).expect("a board picture has a size");
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("a board picture has a size");
    resvg::render(&tree, tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap
}

/// The picture as herald drew it before [`super::tiles`]: the whole scene rasterised, its 256
/// most used colours as the palette, deflated at the default level. Kept as the reference that
/// `herald bench picture` measures the tiles against, and that the tests hold them against.
pub fn reference_png(svg: &str, scale: f32) -> Vec<u8> {
    let pixmap = pixmap(svg, scale);
    // The drawing is opaque (it starts with a white rectangle), so alpha is dropped.
    let pixels: Vec<[u8; 3]> = pixmap.data().chunks_exact(4).map(|p| [p[0], p[1], p[2]]).collect();
    let (palette, indices) = paletted(&pixels);
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.concat());
    encoder.set_compression(png::Compression::Balanced);
    // Rows of a few long runs of palette indices: unfiltered, they compress best.
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header().expect("a PNG header");
    writer.write_image_data(&indices).expect("a PNG of the picture's own size");
    writer.finish().expect("a PNG");
    out
}

/// The picture's palette (its 256 most used colours, most used first, ties by colour) and each
/// pixel's index in it: its own colour's, or the nearest colour's.
fn paletted(pixels: &[[u8; 3]]) -> (Vec<[u8; 3]>, Vec<u8>) {
    // A board is long runs of one colour (a square's row of pixels), so colours are counted
    // and looked up once a run, not once a pixel.
    let runs = pixels.chunk_by(|a, b| a == b);
    let mut counts: HashMap<[u8; 3], usize> = HashMap::new();
    for run in runs.clone() {
        *counts.entry(run[0]).or_default() += run.len();
    }
    let mut by_use: Vec<([u8; 3], usize)> = counts.into_iter().collect();
    by_use.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<[u8; 3]> = by_use.iter().take(256).map(|(c, _)| *c).collect();
    let distance =
        |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).map(|(x, y)| (i32::from(*x) - i32::from(y)).pow(2)).sum::<i32>();
    let mut index_of: HashMap<[u8; 3], u8> = HashMap::new();
    let mut indices = Vec::with_capacity(pixels.len());
    for run in runs {
        let index = *index_of.entry(run[0]).or_insert_with(|| {
            // The first of the nearest: palette entries are unique, so this is one colour.
            (0..palette.len()).min_by_key(|&i| distance(palette[i], run[0])).unwrap_or(0) as u8
        });
        indices.extend(std::iter::repeat_n(index, run.len()));
    }
    (palette, indices)
}
