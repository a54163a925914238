//! The board picture composed from tiles: a board is a frame (paper, frame, squares,
//! coordinates) and a grid of squares, each of which shows one of a few dozen things (a piece
//! of some kind and side, a crowd, a crown, nothing) on one of four colours. Each of those is
//! rasterised by resvg once, the first time a board shows it, and kept; a board is then the
//! frame's pixels with its squares' tiles copied in, a fraction of a millisecond where
//! rasterising the whole scene takes several.
//!
//! Pixels are indices into one fixed [`palette`]: the picture's own colours and, between each
//! pair of them that meet at a smoothed edge, fifteen shades. Every tile and frame is mapped
//! to it once, as it is drawn, so composing a board is copying bytes, and the same view gives
//! the same bytes whatever was drawn before (no palette of the picture's most used colours,
//! which would depend on the board).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::encode::{Stream, Strip};
use super::pieces::Look;
use super::pieces::{GOLD, INK, PAPER};
use super::{Board, DARK, DARK_MARKED, FRAME, LABEL, LIGHT, LIGHT_MARKED, Rgb, SCALE, SQUARE, pieces, raster};
use crate::engine::geometry::BoardSize;
use crate::engine::piece::Color;
use crate::variants::Coordinates;

/// A square's side in pixels.
pub const TILE: usize = (SQUARE as f32 * SCALE) as usize;

/// Shades between two colours that meet at an edge, besides the two: anti-aliasing gives a
/// pixel a share of each colour, which fifteen steps of 1/16 follow closer than an eye sees at
/// a pixel's size.
const SHADES: u8 = 15;

/// The colours the drawing uses, each alone.
const SOLID: [Rgb; 9] = [PAPER, INK, LIGHT, DARK, LIGHT_MARKED, DARK_MARKED, FRAME, LABEL, GOLD];

/// The pairs of colours whose edges are smoothed, foreground over background: the pieces' ink
/// and paper on the four squares and on each other, a crown's gold rim on the squares and on
/// its side's colour, the coordinates on the paper. (The frame and the squares lie on whole
/// pixels, so their edges have no shades.)
const EDGES: [(Rgb, Rgb); 16] = [
    (INK, LIGHT),
    (INK, DARK),
    (INK, LIGHT_MARKED),
    (INK, DARK_MARKED),
    (PAPER, LIGHT),
    (PAPER, DARK),
    (PAPER, LIGHT_MARKED),
    (PAPER, DARK_MARKED),
    (INK, PAPER),
    (GOLD, LIGHT),
    (GOLD, DARK),
    (GOLD, LIGHT_MARKED),
    (GOLD, DARK_MARKED),
    (GOLD, INK),
    (GOLD, PAPER),
    (LABEL, PAPER),
];

/// The palette every picture is written with: [`SOLID`], then [`SHADES`] shades of each of
/// [`EDGES`], 249 colours.
pub fn palette() -> &'static [[u8; 3]] {
    static PALETTE: OnceLock<Vec<[u8; 3]>> = OnceLock::new();
    PALETTE.get_or_init(|| {
        let mut colours: Vec<[u8; 3]> = SOLID.iter().map(|c| c.0).collect();
        let steps = u16::from(SHADES) + 1;
        for (front, back) in EDGES {
            for step in 1..steps {
                let mix = |f: u8, b: u8| {
                    let mixed = (u16::from(f) * step + u16::from(b) * (steps - step) + steps / 2) / steps;
                    mixed as u8
                };
                colours.push([0, 1, 2].map(|i| mix(front.0[i], back.0[i])));
            }
        }
        debug_assert!(colours.len() <= 256, "a PNG palette holds 256 colours");
        colours
    })
}

/// `rgba` (opaque pixels, four bytes each) as indices into the [`palette`]: each pixel's own
/// colour or the nearest.
fn to_palette(rgba: &[u8]) -> Vec<u8> {
    let palette = palette();
    let distance =
        |a: [u8; 3], b: [u8; 3]| a.iter().zip(b).map(|(x, y)| (i32::from(*x) - i32::from(y)).pow(2)).sum::<i32>();
    let mut nearest: HashMap<[u8; 3], u8> = HashMap::new();
    rgba.chunks_exact(4)
        .map(|p| {
            let colour = [p[0], p[1], p[2]];
            *nearest
                .entry(colour)
                .or_insert_with(|| (0..palette.len()).min_by_key(|&i| distance(palette[i], colour)).unwrap_or(0) as u8)
        })
        .collect()
}

/// A picture as indices into the [`palette`], in the scanlines a PNG deflates: row by row,
/// each row its filter type (0, none) and then its pixels, so that writing it is deflating
/// this very buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Indexed {
    pub width: usize,
    pub height: usize,
    pub scanlines: Vec<u8>,
}

impl Indexed {
    /// A picture of `pixels`, `width` to a row.
    pub fn new(width: usize, pixels: &[u8]) -> Indexed {
        let mut scanlines = Vec::with_capacity(pixels.len() + pixels.len() / width.max(1));
        for row in pixels.chunks_exact(width.max(1)) {
            scanlines.push(0);
            scanlines.extend_from_slice(row);
        }
        Indexed { width, height: pixels.len() / width.max(1), scanlines }
    }

    /// The pixels of each row.
    pub fn rows(&self) -> impl Iterator<Item = &[u8]> {
        self.scanlines.chunks_exact(self.width + 1).map(|row| &row[1..])
    }
}

/// Drawings kept, by the SVG they are drawn from. Past this many the cache starts again: a
/// club's boards show a few hundred things at most, so only a stream of unusual crowds or
/// labels ever fills it.
const KEPT: usize = 4096;

type Cache<K, T> = Mutex<HashMap<K, Arc<T>>>;

/// What `cache` holds for `key`, or `draw()`, kept.
fn cached<K: std::hash::Hash + Eq, T>(
    cache: &'static OnceLock<Cache<K, T>>,
    key: K,
    draw: impl FnOnce() -> T,
) -> Arc<T> {
    let cache = cache.get_or_init(Cache::default);
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return found;
    }
    let drawn = Arc::new(draw());
    if let Ok(mut cache) = cache.lock() {
        if cache.len() >= KEPT {
            cache.clear();
        }
        // Another thread may have drawn the same meanwhile: one drawing of a key is kept.
        return cache.entry(key).or_insert(drawn).clone();
    }
    drawn
}

/// A square's drawing: its pixels, and each of its rows as a [`Strip`].
pub struct Tile {
    pixels: Indexed,
    rows: Vec<Strip>,
}

impl Tile {
    /// `pixels` as a tile: its first row relies on nothing above it (the square above may show
    /// anything), each other row on the row above, which is its own.
    fn new(pixels: Indexed) -> Tile {
        let rows: Vec<&[u8]> = pixels.rows().collect();
        let strips = (0..rows.len()).map(|r| Strip::new(rows[r], r.checked_sub(1).map(|above| rows[above]))).collect();
        Tile { rows: strips, pixels }
    }
}

/// A board's frame (paper, frame, squares, coordinates): its pixels, and its rows as strips.
/// A row that crosses the squares is two strips, the margins on either side (the first with
/// the row's filter byte), since the squares are the tiles'; any other row is one strip.
pub struct Frame {
    pixels: Indexed,
    rows: Vec<FrameRow>,
    /// The pixel rows the squares take: from `squares.start` to `squares.end`.
    squares: std::ops::Range<usize>,
    /// The pixel columns the squares take.
    columns: std::ops::Range<usize>,
}

/// One pixel row of a [`Frame`], as strips.
enum FrameRow {
    Whole(Strip),
    Margins(Strip, Strip),
}

impl Frame {
    /// `pixels` as the frame of a board whose squares take pixel rows `squares` and pixel
    /// columns `columns`. A strip relies on the row above only where that row is the frame's
    /// own in every board: not under the squares, which the tiles cover.
    fn new(pixels: Indexed, squares: std::ops::Range<usize>, columns: std::ops::Range<usize>) -> Frame {
        let stride = pixels.width + 1;
        let row = |y: usize| &pixels.scanlines[y * stride..(y + 1) * stride];
        let rows = (0..pixels.height)
            .map(|y| {
                let above = y.checked_sub(1).map(row);
                if squares.contains(&y) {
                    let (left, right) = (..1 + columns.start, 1 + columns.end..);
                    FrameRow::Margins(
                        Strip::new(&row(y)[left], above.map(|a| &a[left])),
                        Strip::new(&row(y)[right.clone()], above.map(|a| &a[right])),
                    )
                } else {
                    FrameRow::Whole(Strip::new(row(y), above.filter(|_| y != squares.end)))
                }
            })
            .collect();
        Frame { pixels, rows, squares, columns }
    }
}

/// What decides a tile: its square's colour and what is drawn on it (an SVG fragment).
type TileKey = (Rgb, String);

/// A tile is kept by its key.
static TILES: OnceLock<Cache<TileKey, Tile>> = OnceLock::new();
/// A frame is kept by what decides it ([`Board::squares_svg`]): the board's size, the side at
/// the bottom and how the squares are named. (Not by its SVG, whose 8 KB each board would
/// hash again.)
static FRAMES: OnceLock<Cache<(BoardSize, Color, Coordinates), Frame>> = OnceLock::new();

/// Empties the caches, so that the next boards rasterise all they show (`herald bench
/// picture` measures that first drawing on its own).
pub fn forget() {
    if let Some(Ok(mut cache)) = TILES.get().map(Mutex::lock) {
        cache.clear();
    }
    if let Some(Ok(mut cache)) = FRAMES.get().map(Mutex::lock) {
        cache.clear();
    }
}

/// `svg` rasterised at [`SCALE`], in the palette.
fn rasterise(svg: &str) -> Indexed {
    let pixmap = raster::pixmap(svg, SCALE);
    Indexed::new(pixmap.width() as usize, &to_palette(pixmap.data()))
}

/// One square's tile: `fragment` (a square's contents as [`pieces::draw_cell`] draws them at
/// the origin) on a square of `fill`, [`TILE`] pixels a side.
fn tile(key: &TileKey) -> Arc<Tile> {
    let (fill, fragment) = key;
    cached(&TILES, key.clone(), || {
        Tile::new(rasterise(&format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{SQUARE}" height="{SQUARE}" viewBox="0 0 {SQUARE} {SQUARE}" font-family="DejaVu Sans" font-weight="bold"><rect width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>{fragment}</svg>"#
        )))
    })
}

/// The board's frame: everything but the pieces and the last move's marks.
fn frame(board: &Board<'_>) -> Arc<Frame> {
    let key = (board.view.size, board.bottom, board.view.coordinates);
    cached(&FRAMES, key, || {
        let bare = Board { view: board.view, bottom: board.bottom, pieces: board.pieces, marked: &[] };
        let mut svg = bare.squares_svg();
        svg.push_str("</svg>");
        let BoardSize { files, ranks } = board.view.size;
        let margin = (super::MARGIN as f32 * SCALE) as usize;
        Frame::new(
            rasterise(&svg),
            margin..margin + usize::from(ranks) * TILE,
            margin..margin + usize::from(files) * TILE,
        )
    })
}

/// The tiles of `board`'s squares as the picture shows them: row by row from the top, each
/// from the left.
fn grid(board: &Board<'_>, looks: &[(char, Look)]) -> Vec<(Arc<Tile>, TileKey)> {
    let BoardSize { files, ranks } = board.view.size;
    let mut grid: Vec<Option<(Arc<Tile>, TileKey)>> = vec![None; usize::from(files) * usize::from(ranks)];
    let mut fragment = String::new();
    let mut cells = board.view.cells.iter().peekable();
    for sq in board.view.size.squares() {
        // A view lists its cells in the squares' order; any other order is only slower.
        let cell = match cells.peek() {
            Some((at, _)) if *at == sq => cells.next(),
            _ => board.view.cells.iter().find(|(at, _)| *at == sq),
        };
        fragment.clear();
        if let Some((_, cell)) = cell {
            pieces::draw_cell(&mut fragment, cell, looks, 0.0, 0.0, f64::from(SQUARE));
        }
        let (x, y) = board.corner(sq);
        let (column, row) = ((x - super::MARGIN) / SQUARE, (y - super::MARGIN) / SQUARE);
        let key = (board.fill(sq), fragment.clone());
        grid[row as usize * usize::from(files) + column as usize] = Some((tile(&key), key));
    }
    // Every place is some square's.
    let grid: Vec<(Arc<Tile>, TileKey)> = grid.into_iter().flatten().collect();
    debug_assert_eq!(grid.len(), usize::from(files) * usize::from(ranks));
    grid
}

/// The picture of `board`, each piece drawn as `looks` says, as a PNG: its frame's and tiles'
/// strips one after the other, a tile row that repeats the same tile's row up to nine squares
/// to its left (a rank of pawns) one match with it.
pub fn png(board: &Board<'_>, looks: &[(char, Look)]) -> Vec<u8> {
    let frame = frame(board);
    let grid = grid(board, looks);
    let files = usize::from(board.view.size.files);
    // For each square of the grid, how far left the nearest square with the same tile is: the
    // same by what decides it, never by which drawing the cache held then, so that a board's
    // bytes never depend on what else was drawn before or beside it.
    let repeats: Vec<Option<usize>> = (0..grid.len())
        .map(|i| {
            let column = i % files;
            (1..=column.min(9)).find(|&k| grid[i].1 == grid[i - k].1).map(|k| k * TILE)
        })
        .collect();
    let mut stream = Stream::new(frame.pixels.width);
    for (y, row) in frame.rows.iter().enumerate() {
        match row {
            FrameRow::Whole(strip) => stream.push(strip),
            FrameRow::Margins(left, right) => {
                stream.push(left);
                let (grid_row, tile_row) = ((y - frame.squares.start) / TILE, (y - frame.squares.start) % TILE);
                for i in grid_row * files..(grid_row + 1) * files {
                    let strip = &grid[i].0.rows[tile_row];
                    match repeats[i] {
                        Some(distance) if strip.is_busy() => stream.push_repeat(strip, distance),
                        _ => stream.push(strip),
                    }
                }
                stream.push(right);
            }
        }
    }
    debug_assert_eq!(frame.columns.len(), files * TILE);
    stream.png(frame.pixels.height, palette())
}

/// The picture of `board`, as [`Board::svg`] draws it, composed from its frame and tiles: the
/// pixels [`png`] writes, for the tests and `herald bench picture` to hold it against.
pub fn compose(board: &Board<'_>) -> Indexed {
    let frame = frame(board);
    let mut picture = frame.pixels.clone();
    let stride = picture.width + 1;
    let files = usize::from(board.view.size.files);
    for (i, (tile, _)) in grid(board, &pieces::looks(board.pieces)).iter().enumerate() {
        let (x, y) = (frame.columns.start + i % files * TILE, frame.squares.start + i / files * TILE);
        for (row, pixels) in tile.pixels.rows().enumerate() {
            // Past the row's filter type.
            let at = (y + row) * stride + 1 + x;
            picture.scanlines[at..at + TILE].copy_from_slice(pixels);
        }
    }
    picture
}
