//! The board picture of herald's HTML mails, looked at as a person would: every variant's
//! demo game is played through the whole pipeline (`herald demo`), and each mail's picture is
//! read back pixel by pixel and held against the mail's own text diagram; one mail a player of
//! every variant is opened in headless Chromium, whose screenshot must show the picture and
//! the text, and is kept under `target/html-mails/` for a person to look at. Apart from the
//! mails, every kind of piece of every variant, and each way a square can look (a hidden
//! piece, a crowd, a crown), must be drawn unlike every other.

use crate::support;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use herald::engine::Color;
use herald::engine::geometry::{BoardSize, Square};
use herald::picture::{Board, MARGIN, SCALE, SQUARE};
use herald::variants::{self, Cell, Coordinates, Observer, View};
use support::mime;
use support::tempdir::TempDir;

/// The board's colours, as README's "The board picture" gives them: light and dark squares,
/// and the same marked as the last move's.
const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
const LIGHT_MARKED: [u8; 3] = [0xe6, 0xe2, 0x7a];
const DARK_MARKED: [u8; 3] = [0xc5, 0xb3, 0x47];

/// A decoded PNG: width, height and RGB pixels.
struct Pixels {
    width: u32,
    height: u32,
    rgb: Vec<[u8; 3]>,
}

impl Pixels {
    fn decode(png_bytes: &[u8]) -> Pixels {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes.to_vec()));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).expect("a PNG frame");
        let channels = info.color_type.samples();
        let rgb = buf[..info.buffer_size()].chunks(channels).map(|p| [p[0], p[1], p[2]]).collect();
        Pixels { width: info.width, height: info.height, rgb }
    }

    /// The pixel at CSS pixel (`x`, `y`) of a picture drawn at [`SCALE`].
    fn at_css(&self, x: f32, y: f32) -> [u8; 3] {
        let (px, py) = ((x * SCALE) as u32, (y * SCALE) as u32);
        self.rgb[(py * self.width + px) as usize]
    }

    /// How many pixels of the CSS square (`x`, `y`, `side`) are none of `background`.
    fn foreign(&self, x: f32, y: f32, side: f32, background: &[[u8; 3]]) -> usize {
        let (x0, y0) = ((x * SCALE) as u32, (y * SCALE) as u32);
        let n = (side * SCALE) as u32;
        let mut count = 0;
        for py in y0..y0 + n {
            for px in x0..x0 + n {
                let p = self.rgb[(py * self.width + px) as usize];
                if !background.iter().any(|b| close(*b, p)) {
                    count += 1;
                }
            }
        }
        count
    }
}

fn close(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 6)
}

/// Where the square in column `column` and row `row` (from the top left, as a reader sees the
/// picture) has its top left corner, in CSS pixels.
fn corner(column: u32, row: u32) -> (f32, f32) {
    ((MARGIN + column * SQUARE) as f32, (MARGIN + row * SQUARE) as f32)
}

/// Whether the square in `column`, `row` of a board seen from `bottom`'s side is dark: a1 is
/// dark, and colours alternate along ranks and files.
fn dark_at(size: BoardSize, bottom: Color, column: u32, row: u32) -> bool {
    let (file, rank) = if bottom.is_white() {
        (column, u32::from(size.ranks) - 1 - row)
    } else {
        (u32::from(size.files) - 1 - column, row)
    };
    (file + rank) % 2 == 0
}

/// The text diagram of a mail's plain part: each row's cells as the text shows them, top row
/// first ("." empty). It starts at the first line of file labels followed by a rank line.
fn text_rows(text: &str, size: BoardSize) -> Vec<Vec<String>> {
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let labels: Vec<&str> = line.split_whitespace().collect();
        if labels.len() != usize::from(size.files) || !labels.iter().all(|l| l.chars().count() == 1) {
            continue;
        }
        let rows: Vec<Vec<String>> = lines[i + 1..]
            .iter()
            .take(usize::from(size.ranks))
            .map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .collect();
        if rows.len() == usize::from(size.ranks)
            && rows.iter().all(|r| r.len() == usize::from(size.files) + 2 && r[0] == r[r.len() - 1])
        {
            return rows.into_iter().map(|r| r[1..r.len() - 1].to_vec()).collect();
        }
    }
    panic!("no text diagram of {}x{} in:\n{text}", size.files, size.ranks);
}

/// One of the player's mails: file, raw bytes.
struct SentMail {
    path: PathBuf,
    raw: Vec<u8>,
}

/// Plays `variant`'s demo game in `dir`; every mail each player got, oldest first.
fn demo_mails(variant: &str, dir: &Path) -> BTreeMap<String, Vec<SentMail>> {
    let out = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(["demo", "--variant", variant, "--dir"])
        .arg(dir)
        .output()
        .expect("herald demo runs");
    assert!(out.status.success(), "herald demo --variant {variant}: {}", String::from_utf8_lossy(&out.stderr));
    let mut mails: BTreeMap<String, Vec<SentMail>> = BTreeMap::new();
    // The Maildirs the demo delivered to, one a player: dir/sent/ADDRESS.
    for player in std::fs::read_dir(dir.join("sent")).unwrap() {
        let player = player.unwrap().path();
        let mut files: Vec<PathBuf> =
            std::fs::read_dir(player.join("new")).unwrap().map(|e| e.unwrap().path()).collect();
        // Maildir names begin with the delivery time and a per-process counter.
        files.sort_by_key(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            let q = name.split('Q').nth(1).and_then(|s| s.split('R').next()).unwrap_or("0").to_string();
            q.parse::<u64>().unwrap_or(0)
        });
        let name = player.file_name().unwrap().to_string_lossy().to_string();
        let list = files.into_iter().map(|path| SentMail { raw: std::fs::read(&path).unwrap(), path }).collect();
        mails.insert(name, list);
    }
    assert_eq!(mails.len(), 2, "both players got mail in the {variant} demo");
    mails
}

/// Checks one mail's structure and picture against its text; returns its HTML and picture.
fn check_mail(variant: &str, mail: &SentMail) -> Option<(String, Vec<u8>)> {
    let parsed = mailparse::parse_mail(&mail.raw).unwrap();
    let text = mime::plain_text(&mail.raw);
    let Some(html) = mime::html(&mail.raw) else {
        // Only mails without a board go without a picture.
        assert!(
            !text.contains("Moves:") && !text.contains("No moves yet."),
            "{variant}: a game mail without its HTML part: {}",
            mail.path.display()
        );
        return None;
    };
    // multipart/alternative: the text first, complete; then the HTML with its picture.
    assert_eq!(parsed.ctype.mimetype, "multipart/alternative", "{variant}");
    assert_eq!(parsed.subparts[0].ctype.mimetype, "text/plain", "{variant}");
    assert_eq!(parsed.subparts[1].ctype.mimetype, "multipart/related", "{variant}");
    let images = mime::images(&mail.raw);
    assert_eq!(images.len(), 1, "{variant}: one picture");
    let (cid, png_bytes) = &images[0];
    assert!(html.contains(&format!("src=\"cid:{cid}\"")), "{variant}: the HTML shows its picture by cid");
    assert!(!html.contains("http://") && !html.contains("https://"), "{variant}: nothing is fetched from elsewhere");

    // The same words: the status lines under the board (templates/_status.txt) are in the
    // HTML (escaped). Every mail with a board has the move list ("Moves: ..." or, before the
    // first move, "No moves yet."), and the move log's line once the chain has begun: a game
    // with moves always has one.
    let unescaped = html.replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    let line_of = |wanted: &str| text.lines().find(|l| l.starts_with(wanted));
    let moves = line_of("Moves:").or_else(|| line_of("No moves yet."));
    let moves = moves.unwrap_or_else(|| panic!("{variant}: a mail with a board and no move list: {text}"));
    assert!(unescaped.contains(moves), "{variant}: the HTML lacks {moves:?}");
    match line_of("Move log:") {
        Some(log) => assert!(unescaped.contains(log), "{variant}: the HTML lacks {log:?}"),
        None => assert!(moves.starts_with("No moves yet."), "{variant}: moves without a move log line: {text}"),
    }

    let v = variants::by_id(variant).unwrap();
    let size = v.rules().size();
    let pixels = Pixels::decode(png_bytes);
    let width = u32::from(size.files) * SQUARE + 2 * MARGIN;
    let height = u32::from(size.ranks) * SQUARE + 2 * MARGIN;
    assert_eq!(
        (pixels.width, pixels.height),
        ((width as f32 * SCALE) as u32, (height as f32 * SCALE) as u32),
        "{variant}: the picture's size follows the board's, at {SCALE} pixels per CSS pixel"
    );
    assert!(html.contains(&format!("width=\"{width}\" height=\"{height}\"")), "{variant}: the img's CSS size");

    let bottom = if text.contains("You play Black.") { Color::Black } else { Color::White };
    let rows = text_rows(&text, size);
    let mut marked = 0;
    for row in 0..u32::from(size.ranks) {
        for column in 0..u32::from(size.files) {
            let (x, y) = corner(column, row);
            let dark = dark_at(size, bottom, column, row);
            let corner_pixel = pixels.at_css(x + 1.5, y + 1.5);
            let (plain, mark) = if dark { (DARK, DARK_MARKED) } else { (LIGHT, LIGHT_MARKED) };
            assert!(
                close(corner_pixel, plain) || close(corner_pixel, mark),
                "{variant}: the square in column {column}, row {row} is {corner_pixel:?}, not a {} square",
                if dark { "dark" } else { "light" }
            );
            if close(corner_pixel, mark) {
                marked += 1;
            }
            // A piece where the text shows one, none where it shows ".".
            let inner = SQUARE as f32 * 0.6;
            let ink = pixels.foreign(x + SQUARE as f32 * 0.2, y + SQUARE as f32 * 0.2, inner, &[plain, mark]);
            let cell = &rows[row as usize][column as usize];
            let area = (inner * SCALE) as usize * (inner * SCALE) as usize;
            if cell == "." {
                assert_eq!(ink, 0, "{variant}: the picture draws on an empty square ({column}, {row})");
            } else {
                assert!(ink * 20 > area, "{variant}: the picture shows no piece where the text has {cell:?}");
            }
        }
    }
    // The last move's squares, when there is one: at most the squares its notation names (from
    // and to; a ninja's double capture names three), and at most two where it names none.
    let last = text.lines().find(|l| l.starts_with("Last move:"));
    let named = last.map_or(0, |last| last.split(|c: char| !c.is_ascii_alphanumeric()).flat_map(squares_in).count());
    assert!(marked <= named.max(2), "{variant}: {marked} squares marked after {last:?}");
    if let Some(last) = last {
        // Royal Chess names its squares by numbers, which this reading does not look for.
        if named > 0 && !variant.contains("royal") {
            assert!(marked > 0, "{variant}: the last move ({last}) is not marked");
        }
    }
    Some((html, png_bytes.clone()))
}

/// The squares a word of a move's notation names: "e4", or "Je4" and "d5xc6" of a ninja's
/// "Je4xd5xc6+" (each a file letter followed by a rank digit).
fn squares_in(word: &str) -> Vec<String> {
    let bytes = word.as_bytes();
    (0..bytes.len().saturating_sub(1))
        .filter(|&i| {
            bytes[i].is_ascii_lowercase()
                && bytes[i] != b'x'
                && bytes[i + 1].is_ascii_digit()
                && (i + 2 == bytes.len() || !bytes[i + 2].is_ascii_digit())
        })
        .map(|i| word[i..i + 2].to_string())
        .collect()
}

/// Writes `html` with its picture beside it (Chromium knows no `cid:`), screenshots it, and
/// checks that the picture and the text show.
fn look_in_chromium(variant: &str, player: &str, html: &str, png_bytes: &[u8]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/html-mails").join(variant);
    std::fs::create_dir_all(&dir).unwrap();
    let name = player.split('@').next().unwrap();
    let picture = format!("{name}-board.png");
    std::fs::write(dir.join(&picture), png_bytes).unwrap();
    let start = html.find("cid:").unwrap();
    let end = start + html[start..].find('"').unwrap();
    let page = dir.join(format!("{name}.html"));
    std::fs::write(&page, format!("{}{picture}{}", &html[..start], &html[end..])).unwrap();
    let shot = dir.join(format!("{name}-screenshot.png"));
    let _ = std::fs::remove_file(&shot);
    support::chromium::run(&page, &[format!("--screenshot={}", shot.display()), "--window-size=640,900".to_string()]);
    let pixels = Pixels::decode(&std::fs::read(&shot).expect("a screenshot"));
    let count = |colour: [u8; 3]| pixels.rgb.iter().filter(|p| close(**p, colour)).count();
    // The board shows: thousands of pixels of each square colour (they come only from it).
    assert!(count(LIGHT) > 5_000 && count(DARK) > 5_000, "{variant}: the board does not show in {}", shot.display());
    // And the text: dark ink above the picture (the greeting) and below it.
    let board_top = (0..pixels.height)
        .find(|&y| (0..pixels.width).any(|x| close(pixels.rgb[(y * pixels.width + x) as usize], LIGHT)))
        .unwrap();
    let inked = |ys: std::ops::Range<u32>| {
        ys.flat_map(|y| (0..pixels.width).map(move |x| (x, y)))
            .filter(|&(x, y)| pixels.rgb[(y * pixels.width + x) as usize].iter().all(|c| *c < 0x60))
            .count()
    };
    assert!(inked(0..board_top.saturating_sub(20)) > 100, "{variant}: no text above the board in {}", shot.display());
    let below = board_top + (pixels.width.min(640)).min(500);
    assert!(
        inked(below.min(pixels.height)..pixels.height) > 100,
        "{variant}: no text below the board in {}",
        shot.display()
    );
}

#[test]
fn every_variants_html_mail_shows_its_board_as_the_text_does() {
    for (n, v) in variants::all().iter().enumerate() {
        let dir = TempDir::new("herald-board-picture").unwrap();
        let mails = demo_mails(v.id(), dir.path());
        for (i, (player, list)) in mails.iter().enumerate() {
            let checked: Vec<(String, Vec<u8>)> = list.iter().filter_map(|m| check_mail(v.id(), m)).collect();
            assert!(checked.len() >= 2, "{}: {player} got {} mails with a picture", v.id(), checked.len());
            // In Chromium: the mail in the middle of the game, with pieces moved and secrets
            // still kept; White's in one variant, Black's in the next.
            if i == n % 2 {
                let (html, png_bytes) = &checked[checked.len() / 2];
                look_in_chromium(v.id(), player, html, png_bytes);
            }
        }
    }
}

/// A view of one square holding `cell`.
fn one_square(cell: Cell) -> View {
    View::of_board(BoardSize { files: 1, ranks: 1 }, Coordinates::Algebraic, vec![(Square::new(0, 0).unwrap(), cell)])
}

#[test]
fn every_kind_of_piece_is_drawn_unlike_every_other() {
    for v in variants::all() {
        let pieces = v.rules().pieces();
        let mut cells: Vec<Cell> = Vec::new();
        for color in [Color::White, Color::Black] {
            cells.extend(pieces.iter().map(|p| Cell::Piece(color, p.letter)));
            cells.push(Cell::Hidden(color, "b1".to_string()));
            cells.push(Cell::Crown(color));
            cells.push(Cell::Crowned(color, pieces[0].letter));
        }
        cells.push(Cell::Crowd(vec![(Color::White, pieces[0].letter), (Color::Black, pieces[0].letter)]));
        cells.push(Cell::Empty);
        let mut drawn: Vec<(String, Vec<u8>)> = Vec::new();
        for cell in cells {
            let view = one_square(cell.clone());
            let board = Board { view: &view, bottom: Color::White, pieces, marked: &[] };
            let png_bytes = board.png();
            let pixels = Pixels::decode(&png_bytes);
            // The square alone, without the coordinates around it.
            let square: Vec<[u8; 3]> = (0..(SQUARE as f32 * SCALE) as u32)
                .flat_map(|y| {
                    let (x0, y0) = ((MARGIN as f32 * SCALE) as u32, (MARGIN as f32 * SCALE) as u32 + y);
                    let width = pixels.width;
                    let rgb = &pixels.rgb;
                    (0..(SQUARE as f32 * SCALE) as u32).map(move |x| rgb[(y0 * width + x0 + x) as usize])
                })
                .collect();
            let flat: Vec<u8> = square.into_iter().flatten().collect();
            let label = format!("{cell:?}");
            if let Some((other, _)) = drawn.iter().find(|(_, d)| *d == flat) {
                panic!("{}: {label} is drawn as {other} is", v.id());
            }
            drawn.push((label, flat));
        }
    }
}

#[test]
fn coordinates_follow_the_variants_notation_and_the_readers_side() {
    // The labels over the board, left to right: the SVG's texts at the top margin, by x.
    fn top_labels(svg: &str) -> String {
        let mut labels: Vec<(f32, String)> = Vec::new();
        for text in svg.split("<text ").skip(1) {
            let attr = |name: &str| -> f32 {
                let at = text.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                text[at..at + text[at..].find('"').unwrap()].parse().unwrap()
            };
            let content = &text[text.find('>').unwrap() + 1..text.find("</text>").unwrap()];
            if attr("y") < MARGIN as f32 {
                labels.push((attr("x"), content.to_string()));
            }
        }
        labels.sort_by(|a, b| a.0.total_cmp(&b.0));
        labels.into_iter().map(|(_, l)| l).collect()
    }
    // Royal Chess numbers its files 1 to 9 and 0; chess letters them; from either side.
    for (variant, white, black) in [("royal", "1234567890", "0987654321"), ("chess", "abcdefgh", "hgfedcba")] {
        let v = variants::by_id(variant).unwrap();
        let view = v.new_game().view(Observer::Public);
        for (bottom, expected) in [(Color::White, white), (Color::Black, black)] {
            let board = Board { view: &view, bottom, pieces: v.rules().pieces(), marked: &[] };
            assert_eq!(top_labels(&board.svg()), expected, "{variant} from {bottom:?}'s side");
        }
    }
}
