//! `herald bench picture`: the board picture of a game mail drawn two ways, side by side on
//! the same boards in the same run — herald's drawing (tiles composed, its own deflate) and
//! the reference, the whole scene rasterised by resvg and deflated by the `png` crate at the
//! default level, as herald drew it before. The boards are distinct positions of every
//! variant (chess, 10x8 boards, crowds, hidden pieces, stones, crowns, lettered pieces), each
//! seen from both sides as a player's mail shows it, the last move marked. Each drawing's CPU
//! time is the thread's own, so other work on the machine does not count.
//!
//! With `--encodings`, the composed pictures are also written by the `png` crate's encoders
//! (filters and levels), to show what the choice of encoder weighs.

use crate::outln;
use std::collections::HashSet;
use std::time::Duration;

use clap::Args;

use crate::engine::geometry::Square;
use crate::engine::piece::Color;
use crate::engine::rules::PieceDef;
use crate::picture::{self, Board, tiles};
use crate::variants::{self, Cell, Observer, Variant, View};

use super::{mix, thread_cpu};

/// Arguments of `herald bench picture`.
#[derive(Args, Debug)]
pub struct PictureBenchArgs {
    /// Plies each variant's game is played to; every position is drawn from both sides.
    #[arg(long, default_value_t = 24)]
    plies: usize,
    /// Also write the composed pictures with the `png` crate's filters and levels.
    #[arg(long)]
    encodings: bool,
}

/// One board to draw, as a player's mail has it.
struct Sample {
    variant: &'static str,
    view: View,
    bottom: Color,
    pieces: &'static [PieceDef],
    marked: Vec<Square>,
}

impl Sample {
    fn board(&self) -> Board<'_> {
        Board { view: &self.view, bottom: self.bottom, pieces: self.pieces, marked: &self.marked }
    }
}

/// Runs the benchmark.
pub fn run(args: PictureBenchArgs) -> Result<(), String> {
    let mut samples = Vec::new();
    for variant in variants::all() {
        samples.extend(play(*variant, args.plies)?);
    }
    // The first drawing of each thing on a square rasterises it: measured on its own, once.
    tiles::forget();
    let cold = cpu(|| {
        for sample in &samples {
            sample.board().png();
        }
    });
    outln!("boards: {} distinct ({} variants, {} plies, both sides)", samples.len(), variants::all().len(), args.plies);
    outln!(
        "first drawing of all, tiles rasterised as they first show: {:.1} ms CPU, {:.2} ms a board",
        ms(cold),
        ms(cold) / samples.len() as f64
    );
    // Then both drawings of each board, one after the other.
    let mut rows: Vec<(&str, Measured)> = Vec::new();
    let mut times = Vec::with_capacity(samples.len());
    for sample in &samples {
        let board = sample.board();
        let mut reference = Vec::new();
        let reference_time = cpu(|| reference = board.reference_png());
        let mut drawn = Vec::new();
        let time = cpu(|| drawn = board.png());
        times.push(time);
        // A drawing that does not read back as the picture it was composed as measures
        // nothing.
        if decoded(&drawn) != tiles::compose(&board).rows().collect::<Vec<_>>().concat() {
            return Err(format!("{}: herald's PNG does not decode to its picture", sample.variant));
        }
        let measured = Measured {
            boards: 1,
            reference: reference_time,
            reference_bytes: reference.len(),
            herald: time,
            herald_bytes: drawn.len(),
            herald_max: time,
        };
        match rows.iter_mut().find(|(v, _)| *v == sample.variant) {
            Some((_, row)) => row.add(&measured),
            None => rows.push((sample.variant, measured)),
        }
    }
    outln!("per board, mean: CPU ms (reference → herald), PNG KB (reference → herald)");
    let mut total = Measured::default();
    for (variant, row) in &rows {
        outln!("  {variant:<28} {}", row.line());
        total.add(row);
    }
    outln!("  {:<28} {}", "all", total.line());
    times.sort();
    let at = |p: f64| ms(times[((times.len() - 1) as f64 * p).round() as usize]);
    outln!(
        "herald's drawing, CPU ms a board: median {:.3}, p99 {:.3}, most {:.3}",
        at(0.5),
        at(0.99),
        ms(total.herald_max)
    );
    if args.encodings {
        encodings(&samples);
    }
    outln!(
        "ratio herald : reference = {:.3} in CPU, {:.3} in size",
        total.herald.as_secs_f64() / total.reference.as_secs_f64(),
        total.herald_bytes as f64 / total.reference_bytes as f64
    );
    Ok(())
}

/// The sums over some boards.
#[derive(Default)]
struct Measured {
    boards: usize,
    reference: Duration,
    reference_bytes: usize,
    herald: Duration,
    herald_bytes: usize,
    herald_max: Duration,
}

impl Measured {
    fn add(&mut self, other: &Measured) {
        self.boards += other.boards;
        self.reference += other.reference;
        self.reference_bytes += other.reference_bytes;
        self.herald += other.herald;
        self.herald_bytes += other.herald_bytes;
        self.herald_max = self.herald_max.max(other.herald_max);
    }

    fn line(&self) -> String {
        let n = self.boards as f64;
        format!(
            "{:>4} boards  {:>6.2} → {:.3} ms  {:>5.1} → {:.1} KB",
            self.boards,
            ms(self.reference) / n,
            ms(self.herald) / n,
            self.reference_bytes as f64 / n / 1000.0,
            self.herald_bytes as f64 / n / 1000.0
        )
    }
}

/// The palette indices of a PNG of 8-bit indices.
fn decoded(png_bytes: &[u8]) -> Vec<u8> {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let Ok(mut reader) = decoder.read_info() else { return Vec::new() };
    let mut pixels = vec![0; reader.output_buffer_size().unwrap_or_default()];
    match reader.next_frame(&mut pixels) {
        Ok(info) => pixels.truncate(info.buffer_size()),
        Err(_) => pixels.clear(),
    }
    pixels
}

/// The composing on its own, and the composed pictures written by each encoder: mean CPU
/// time and size.
fn encodings(samples: &[Sample]) {
    let mut composed: Vec<tiles::Indexed> = Vec::new();
    let time = cpu(|| composed = samples.iter().map(|s| tiles::compose(&s.board())).collect());
    outln!("composing the pictures from tiles: {:.3} ms a board", ms(time) / samples.len() as f64);
    let pixels: Vec<Vec<u8>> = composed.iter().map(|p| p.rows().collect::<Vec<_>>().concat()).collect();
    let pictures: Vec<(&tiles::Indexed, &[u8])> = composed.iter().zip(pixels.iter().map(Vec::as_slice)).collect();
    let palette = tiles::palette();
    type Encoder = Box<dyn Fn(&tiles::Indexed, &[u8]) -> Vec<u8>>;
    let with_png = |filter: png::Filter, deflate: png::DeflateCompression| -> Encoder {
        Box::new(move |picture: &tiles::Indexed, pixels: &[u8]| {
            let mut out = Vec::new();
            let mut encoder = png::Encoder::new(&mut out, picture.width as u32, picture.height as u32);
            encoder.set_color(png::ColorType::Indexed);
            encoder.set_depth(png::BitDepth::Eight);
            encoder.set_palette(palette.concat());
            encoder.set_filter(filter);
            encoder.set_deflate_compression(deflate);
            let mut writer = encoder.write_header().expect("a PNG header");
            writer.write_image_data(pixels).expect("a PNG");
            writer.finish().expect("a PNG");
            out
        })
    };
    let encoders: Vec<(&str, Encoder)> = vec![
        ("herald's, whole picture searched", Box::new(|p: &tiles::Indexed, _: &[u8]| picture::encode::png(p, palette))),
        ("png: no filter, level 6", with_png(png::Filter::NoFilter, png::DeflateCompression::Level(6))),
        ("png: Up, level 6", with_png(png::Filter::Up, png::DeflateCompression::Level(6))),
        ("png: Up, level 1", with_png(png::Filter::Up, png::DeflateCompression::Level(1))),
        ("png: no filter, level 1", with_png(png::Filter::NoFilter, png::DeflateCompression::Level(1))),
        ("png: Up, fdeflate", with_png(png::Filter::Up, png::DeflateCompression::FdeflateUltraFast)),
        ("png: adaptive, fdeflate", with_png(png::Filter::Adaptive, png::DeflateCompression::FdeflateUltraFast)),
    ];
    outln!("the composed pictures written by each encoder, per board: mean CPU ms, mean KB, largest KB");
    for (name, encode) in &encoders {
        let mut bytes = 0;
        let mut largest = 0;
        let time = cpu(|| {
            for (picture, pixels) in &pictures {
                let n = encode(picture, pixels).len();
                bytes += n;
                largest = largest.max(n);
            }
        });
        let n = pictures.len() as f64;
        outln!(
            "  {name:<28} {:>6.3} ms  {:>5.1} KB  {:>5.1} KB",
            ms(time) / n,
            bytes as f64 / n / 1000.0,
            largest as f64 / 1000.0
        );
    }
}

/// The boards of one game of `variant`: from the start to `plies` plies (or its end), each
/// position seen by both players, those already seen left out. The moves are chosen by a
/// fixed rule, so every run draws the same boards: from a square of the mover's, to a square
/// in an order that a hash of the game's length shuffles, the first the game accepts.
fn play(variant: &'static dyn Variant, plies: usize) -> Result<Vec<Sample>, String> {
    let mut game = variant.new_game_with_seed([7; 32]);
    for request in game.setup_requests() {
        // A prompt is "answer or answer", perhaps followed by a comment in brackets.
        let offered = request.prompt.split(" (").next().unwrap_or_default().to_string();
        let choices: Vec<&str> = offered.split(" or ").map(str::trim).collect();
        let choice = if request.player.is_white() { choices[0] } else { choices[choices.len() - 1] };
        let answer = choice.replace("WORD", if request.player.is_white() { "alice" } else { "bob" });
        match game.setup(request.player, &answer) {
            Some(Ok(())) => {}
            other => return Err(format!("{}: the setup answer {answer:?} gave {other:?}", variant.id())),
        }
    }
    let mut seen = HashSet::new();
    let mut samples = Vec::new();
    for ply in 0..=plies {
        for bottom in [Color::White, Color::Black] {
            let view = game.view(Observer::Player(bottom));
            let marked = view.moves.last().map(|m| picture::named_squares(m, &view, false)).unwrap_or_default();
            let sample = Sample { variant: variant.id(), view, bottom, pieces: variant.rules().pieces(), marked };
            if seen.insert(sample.board().svg()) {
                samples.push(sample);
            }
        }
        if ply == plies || game.outcome().is_some() || !play_one(game.as_mut(), ply) {
            break;
        }
    }
    Ok(samples)
}

/// Plays a move of the side to move, found as [`play`] says; false if there is none.
fn play_one(game: &mut dyn variants::VariantGame, ply: usize) -> bool {
    let turn = game.turn();
    let view = game.view(Observer::Player(turn));
    let size = view.size;
    let own = |cell: &Cell| match cell {
        Cell::Piece(c, _) | Cell::Hidden(c, _) | Cell::Crowned(c, _) => *c == turn,
        Cell::Crowd(crowd) => crowd.iter().any(|(c, _)| *c == turn),
        Cell::Empty | Cell::Crown(_) => false,
    };
    let mut from: Vec<Square> = view.cells.iter().filter(|(_, cell)| own(cell)).map(|(sq, _)| *sq).collect();
    let mut to: Vec<Square> = size.squares().collect();
    let shuffle = |squares: &mut Vec<Square>, salt: u64| {
        squares
            .sort_by_key(|sq| mix(u64::from(sq.file()) << 8 | u64::from(sq.rank()) | (ply as u64) << 16 | salt << 32))
    };
    shuffle(&mut from, 1);
    shuffle(&mut to, 2);
    let name = |sq: Square| format!("{}{}", char::from(b'a' + sq.file()), sq.rank() + 1);
    for a in &from {
        for b in &to {
            if a != b && game.play(&format!("{}-{}", name(*a), name(*b))).is_ok() {
                return true;
            }
        }
    }
    false
}

/// The CPU time `f` takes on this thread.
fn cpu(f: impl FnOnce()) -> Duration {
    let started = thread_cpu();
    f();
    thread_cpu().saturating_sub(started)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG's pixels as RGB, and its width.
    fn rgb(png_bytes: &[u8]) -> (usize, Vec<[u8; 3]>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes.to_vec()));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buf).expect("a frame");
        let pixels = buf[..info.buffer_size()].chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect();
        (info.width as usize, pixels)
    }

    /// A mail's picture is drawn when the mail is sent, from what the outbox keeps of it: the
    /// board as JSON (`picture::Drawing`) draws the very picture the board itself does, for
    /// every variant's boards, from either side, with the last move marked.
    #[test]
    fn a_board_kept_as_json_draws_the_same_picture() {
        let mut boards = 0;
        for variant in variants::all() {
            for sample in play(*variant, 4).expect("a game") {
                let board = sample.board();
                let kept = serde_json::to_string(&picture::Drawing::of(&board)).expect("JSON");
                let drawing: picture::Drawing = serde_json::from_str(&kept).expect("read back");
                assert_eq!(drawing.png().expect("drawn"), board.png(), "{}: {kept}", sample.variant);
                boards += 1;
            }
        }
        assert!(boards > 50, "{boards} boards drawn");
    }

    /// A board's bytes are its own: drawn while other threads draw other boards and the tile
    /// cache is emptied under them, every picture is the one drawn alone. (Before, a repeated
    /// tile was found by which drawing the cache held, so two drawings of one tile, made by two
    /// threads at once, changed a board's bytes: its size could tell of other games' boards.)
    #[test]
    fn a_picture_is_the_same_whatever_is_drawn_beside_it() {
        let samples: Vec<Sample> = ["chess", "crown", "capablanca", "safety-in-numbers"]
            .into_iter()
            .flat_map(|id| play(variants::by_id(id).unwrap(), 6).expect("a game"))
            .collect();
        let alone: Vec<Vec<u8>> = samples.iter().map(|s| s.board().png()).collect();
        let stop = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|scope| {
            scope.spawn(|| {
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    crate::picture::tiles::forget();
                    std::thread::yield_now();
                }
            });
            let drawers: Vec<_> = (0..3)
                .map(|t| {
                    let (samples, alone) = (&samples, &alone);
                    scope.spawn(move || {
                        for round in 0..2 {
                            for i in 0..samples.len() {
                                let i = (i * (t + 1) + round) % samples.len();
                                assert_eq!(samples[i].board().png(), alone[i], "{}", samples[i].variant);
                            }
                        }
                    })
                })
                .collect();
            let drawn: Vec<_> = drawers.into_iter().map(|drawer| drawer.join()).collect();
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            assert!(drawn.iter().all(Result::is_ok), "a picture drawn beside others is not the one drawn alone");
        });
    }

    /// The zlib stream of a picture ends with the Adler-32 of its scanlines (RFC 1950), which
    /// herald combines from its tiles' strips and does not compute over the picture: here it
    /// is computed over the decoded picture, rows with their filter byte, for every variant's
    /// boards. (The `png` crate's decoder does not check it, but some mail clients' do.)
    #[test]
    fn each_picture_s_checksum_is_that_of_its_pixels() {
        let mut boards = 0;
        for variant in variants::all() {
            for sample in play(*variant, 4).expect("a game") {
                let png_bytes = sample.board().png();
                let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes.clone()));
                decoder.set_transformations(png::Transformations::IDENTITY);
                let mut reader = decoder.read_info().expect("a PNG");
                let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
                let info = reader.next_frame(&mut pixels).expect("a frame");
                let scanlines: Vec<u8> = pixels[..info.buffer_size()]
                    .chunks_exact(info.width as usize)
                    .flat_map(|row| std::iter::once(0).chain(row.iter().copied()))
                    .collect();
                // The IDAT chunk: its length, "IDAT", the zlib stream, the CRC.
                let at = png_bytes.windows(4).position(|w| w == b"IDAT").expect("an IDAT chunk");
                let length = u32::from_be_bytes(png_bytes[at - 4..at].try_into().expect("4 bytes")) as usize;
                let zlib = &png_bytes[at + 4..at + 4 + length];
                let trailer = u32::from_be_bytes(zlib[zlib.len() - 4..].try_into().expect("4 bytes"));
                assert_eq!(trailer, simd_adler32::adler32(&scanlines.as_slice()), "{}", sample.variant);
                boards += 1;
            }
        }
        assert!(boards > 50, "{boards} boards checked");
    }

    /// Herald's drawing and the reference (the whole scene rasterised) of distinct boards of
    /// every variant agree square by square: the same size, and in every square, as in the
    /// margins with the coordinates, all but a few edge pixels the same colour, give or take
    /// the palettes' shades.
    #[test]
    fn herald_drawing_agrees_with_the_reference_square_by_square() {
        let tile = tiles::TILE;
        let margin = (picture::MARGIN as f32 * picture::SCALE) as usize;
        let mut boards = 0;
        for variant in variants::all() {
            for sample in play(*variant, 6).expect("a game") {
                let board = sample.board();
                let (width, drawn) = rgb(&board.png());
                let (reference_width, reference) = rgb(&board.reference_png());
                assert_eq!((width, drawn.len()), (reference_width, reference.len()), "{}: the size", sample.variant);
                let height = drawn.len() / width;
                // Each square, then the margins around them, as regions of pixels.
                let size = sample.view.size;
                let mut regions: Vec<(String, Vec<usize>)> = Vec::new();
                for row in 0..usize::from(size.ranks) {
                    for column in 0..usize::from(size.files) {
                        let (x0, y0) = (margin + column * tile, margin + row * tile);
                        let at = (y0..y0 + tile).flat_map(|y| (x0..x0 + tile).map(move |x| y * width + x)).collect();
                        regions.push((format!("the square in column {column}, row {row}"), at));
                    }
                }
                let inside = |x: usize, y: usize| {
                    (margin..width - margin).contains(&x) && (margin..height - margin).contains(&y)
                };
                let margins = (0..height).flat_map(|y| (0..width).map(move |x| (x, y))).filter(|&(x, y)| !inside(x, y));
                regions.push(("the margins".to_string(), margins.map(|(x, y)| y * width + x).collect()));
                for (name, at) in regions {
                    let apart = at
                        .iter()
                        .filter(|&&i| drawn[i].iter().zip(reference[i]).any(|(a, b)| a.abs_diff(b) > 24))
                        .count();
                    assert!(
                        apart * 100 <= at.len(),
                        "{}: {name} differs from the reference in {apart} of {} pixels ({:?} from {:?}'s side)",
                        sample.variant,
                        at.len(),
                        sample.view.cells.iter().map(|(_, c)| c).collect::<Vec<_>>(),
                        sample.bottom
                    );
                }
                boards += 1;
            }
        }
        assert!(boards > 100, "{boards} boards compared");
    }
}
