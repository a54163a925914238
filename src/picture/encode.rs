//! A paletted picture to PNG, with a deflate written for board pictures.
//!
//! A general compressor looks for repeats anywhere in the last 32 KB, which costs most of its
//! time, and at a fast level misses many. A board's repeats are where its layout puts them:
//! the row above (a square's colour, a piece's body), the pixel before (a run of one colour),
//! and the same square's place one, two, … squares to the left (the same piece on the same
//! colour of square, as a rank of pawns).
//!
//! A board picture is made of a few dozen tiles (a square with what stands on it) and a frame,
//! so its deflate stream is made of theirs: each row of each tile and each stretch of the
//! frame is a [`Strip`], tokenised once, when it is first drawn, with matches that reach only
//! the row above in its own columns or its own earlier bytes, so that it deflates the same
//! wherever it is placed. A board is then its strips' tokens one after the other ([`Stream`]):
//! matches against the row above that meet at a strip's edge are joined (a board's empty
//! squares are a few long matches a row, as a whole-picture search finds them), a tile row
//! that repeats the same tile's row a few squares to the left is one match, and the Adler-32
//! of the whole is combined from the strips' own. No pixel is copied or compared per board.
//! The tokens are written as one deflate block with Huffman codes made for them: on chess
//! boards that is smaller than zlib's default level, in a small fraction of its time (README,
//! "Measurements").
//!
//! Every row is unfiltered (filter type 0): the matches against the row above do what the Up
//! filter would, and the literals left are palette indices, which compress better raw.
//! [`png`] writes any composed picture with the same deflate, searching it whole.

use super::tiles::Indexed;

/// The longest match deflate can say, and the farthest back it can reach.
const MAX_MATCH: usize = 258;
const WINDOW: usize = 32_768;
/// Shorter matches cost more bits than the literals they stand for.
const MIN_MATCH: usize = 4;
/// The shortest match deflate can say.
const SHORTEST_MATCH: usize = 3;

/// `picture` as a PNG of 8-bit palette indices, with `palette` as its colours: the picture
/// searched whole for the repeats a board has (see [`tokens`]).
pub fn png(picture: &Indexed, palette: &[[u8; 3]]) -> Vec<u8> {
    let distances = distances(picture.width + 1, super::tiles::TILE);
    let tokens = tokens(&picture.scanlines, &distances);
    let adler = simd_adler32::adler32(&picture.scanlines.as_slice());
    png_of_tokens(picture.width, picture.height, palette, &tokens, adler)
}

/// A PNG of `width` by `height` palette indices whose scanlines deflate to `tokens` and have
/// the Adler-32 `adler`.
fn png_of_tokens(width: usize, height: usize, palette: &[[u8; 3]], tokens: &[Token], adler: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 * 1024);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&(width as u32).to_be_bytes());
    header.extend_from_slice(&(height as u32).to_be_bytes());
    // Bit depth 8, colour type 3 (palette), deflate, adaptive filtering, no interlace.
    header.extend_from_slice(&[8, 3, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"PLTE", &palette.concat());
    chunk(&mut out, b"IDAT", &zlib_of_tokens(tokens, adler));
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Appends a PNG chunk: length, type, data, and the CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// The distances tried at each place of a picture whose rows are `stride` bytes and whose
/// squares `tile` pixels wide: the pixel before, the row above, and one to nine squares left.
fn distances(stride: usize, tile: usize) -> Vec<usize> {
    let mut distances = vec![stride, 1];
    distances.extend((1..10).map(|n| n * tile).filter(|d| *d < stride));
    distances.retain(|d| *d <= WINDOW);
    distances.dedup();
    distances
}

/// The zlib stream (RFC 1950) of `tokens` as one deflate block (RFC 1951), whose data has the
/// Adler-32 `adler`.
fn zlib_of_tokens(tokens: &[Token], adler: u32) -> Vec<u8> {
    let mut bits = Bits::with_capacity(tokens.len() * 2);
    // CMF: deflate with a 32 KB window; FLG: no dictionary, check bits.
    bits.bytes(&[0x78, 0x01]);
    block(&mut bits, tokens);
    let mut out = bits.finish();
    out.extend_from_slice(&adler.to_be_bytes());
    out
}

/// A literal byte, or a match of `length` bytes `distance` back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Literal(u8),
    Match { length: u16, distance: u16 },
}

/// `data` as literals and matches: at each place the longest match at one of `distances`,
/// if it is at least [`MIN_MATCH`] long, else a literal. The last match's distance is tried
/// first and wins ties, since matches come in runs at one distance (a square's rows against
/// the rows above), which keeps the distance codes few and short.
fn tokens(data: &[u8], distances: &[usize]) -> Vec<Token> {
    let word = |at: usize| u32::from_le_bytes(data[at..at + MIN_MATCH].try_into().unwrap_or_default());
    let farthest = distances.iter().copied().max().unwrap_or(1);
    let mut tokens = Vec::with_capacity(data.len() / 32);
    let mut last = distances.first().copied().unwrap_or(1);
    let mut at = 0;
    while at + MIN_MATCH <= data.len() {
        let here = word(at);
        // Which distances match four bytes: all tested at once, without a branch each, since
        // at most places (a piece's edge) none does.
        let mut candidates = 0u32;
        if at >= farthest {
            for (i, &distance) in distances.iter().enumerate() {
                candidates |= u32::from(word(at - distance) == here) << i;
            }
        } else {
            for (i, &distance) in distances.iter().enumerate() {
                candidates |= u32::from(distance <= at && word(at - distance) == here) << i;
            }
        }
        if candidates == 0 {
            tokens.push(Token::Literal(data[at]));
            at += 1;
            continue;
        }
        let longest = (data.len() - at).min(MAX_MATCH);
        let length_at = |distance: usize| {
            let from = at - distance;
            MIN_MATCH + common_prefix(&data[at + MIN_MATCH..at + longest], &data[from + MIN_MATCH..from + longest])
        };
        let mut best = (0, 0);
        if let Some(i) = distances.iter().position(|&d| d == last).filter(|&i| candidates & 1 << i != 0) {
            best = (length_at(last), last);
            candidates &= !(1 << i);
        }
        while candidates != 0 && best.0 < longest {
            let distance = distances[candidates.trailing_zeros() as usize];
            candidates &= candidates - 1;
            let length = length_at(distance);
            if length > best.0 {
                best = (length, distance);
            }
        }
        tokens.push(Token::Match { length: best.0 as u16, distance: best.1 as u16 });
        last = best.1;
        at += best.0;
    }
    tokens.extend(data[at..].iter().map(|&byte| Token::Literal(byte)));
    tokens
}

/// How many bytes `a` and `b` (of one length) have in common from their start, eight at a
/// time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let mut n = 0;
    for (x, y) in a.chunks_exact(8).zip(b.chunks_exact(8)) {
        let x = u64::from_le_bytes(x.try_into().unwrap_or_default());
        let y = u64::from_le_bytes(y.try_into().unwrap_or_default());
        let differ = x ^ y;
        if differ != 0 {
            return n + (differ.trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + a[n..].iter().zip(&b[n..]).take_while(|(x, y)| x == y).count()
}

/// One piece of a [`Strip`]'s tokens: a literal, a match against the row above in the same
/// columns (of a length not yet cut to [`MAX_MATCH`]: the stream joins it with its
/// neighbours'), or a match against the strip's own earlier bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Piece {
    Literal(u8),
    Above(u16),
    Back { length: u16, distance: u16 },
}

/// A stretch of one row of a picture (a tile's row, a stretch of the frame), tokenised so that
/// it deflates the same wherever a [`Stream`] places it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strip {
    pieces: Vec<Piece>,
    checksum: Checksum,
}

impl Strip {
    /// `bytes`, to be placed under `above` (the same columns of the row above) if it is given,
    /// else under bytes it may not rely on. At each place the longer of the match against the
    /// row above and the run of the byte before is taken, the row above on a tie (it joins with
    /// the strips beside it), if it is [`MIN_MATCH`] long; else a literal.
    pub fn new(bytes: &[u8], above: Option<&[u8]>) -> Strip {
        debug_assert!(above.is_none_or(|above| above.len() == bytes.len()));
        let mut pieces = Vec::new();
        let mut at = 0;
        while at < bytes.len() {
            let from_above = above.map_or(0, |above| common_prefix(&bytes[at..], &above[at..]));
            let run = if at == 0 { 0 } else { bytes[at..].iter().take_while(|&&b| b == bytes[at - 1]).count() };
            if from_above >= MIN_MATCH && from_above >= run {
                pieces.push(Piece::Above(from_above as u16));
                at += from_above;
            } else if run >= MIN_MATCH {
                let length = run.min(MAX_MATCH);
                pieces.push(Piece::Back { length: length as u16, distance: 1 });
                at += length;
            } else {
                pieces.push(Piece::Literal(bytes[at]));
                at += 1;
            }
        }
        Strip { pieces, checksum: Checksum::of(bytes) }
    }

    /// More than one token: a strip worth replacing by a match with an equal strip elsewhere.
    pub fn is_busy(&self) -> bool {
        self.pieces.len() > 1
    }
}

/// A picture's deflate tokens and Adler-32, made of its strips one after the other, each row
/// beginning with its filter byte.
pub struct Stream {
    /// A row's bytes with its filter byte: the distance of the row above.
    stride: usize,
    tokens: Vec<Token>,
    /// The length of the match against the row above that the strips so far end with, not yet
    /// written, since the next strip may go on with it.
    above: usize,
    /// The Adler-32 of the strips so far: `a` and `b` of RFC 1950, not yet reduced.
    a: u64,
    b: u64,
}

impl Stream {
    /// A stream for a picture `width` pixels wide.
    pub fn new(width: usize) -> Stream {
        debug_assert!(width < WINDOW);
        Stream { stride: width + 1, tokens: Vec::with_capacity(16 * 1024), above: 0, a: 1, b: 0 }
    }

    /// `strip` next.
    pub fn push(&mut self, strip: &Strip) {
        for piece in &strip.pieces {
            match *piece {
                Piece::Above(length) => self.above += usize::from(length),
                Piece::Literal(byte) => {
                    self.flush_above();
                    self.tokens.push(Token::Literal(byte));
                }
                Piece::Back { length, distance } => {
                    self.flush_above();
                    self.tokens.push(Token::Match { length, distance });
                }
            }
        }
        self.checksum(&strip.checksum);
    }

    /// `strip` next, which repeats the bytes `distance` back (the same tile's same row a few
    /// squares to the left): one match.
    pub fn push_repeat(&mut self, strip: &Strip, distance: usize) {
        let length = strip.checksum.len;
        debug_assert!((SHORTEST_MATCH as u64..=MAX_MATCH as u64).contains(&length) && distance <= WINDOW);
        self.flush_above();
        self.tokens.push(Token::Match { length: length as u16, distance: distance as u16 });
        self.checksum(&strip.checksum);
    }

    /// Adds a strip's bytes to the Adler-32: each byte adds itself to `a` and then `a` to `b`,
    /// so a strip adds its sum to `a`, and to `b` its length times `a` before it and its own
    /// weighted sum. A picture's sums fit in 64 bits unreduced (600 KB of bytes below 256).
    fn checksum(&mut self, strip: &Checksum) {
        self.b += strip.len * self.a + strip.weighted;
        self.a += strip.sum;
    }

    /// Writes the pending match against the row above, in pieces deflate can say: none longer
    /// than [`MAX_MATCH`], none shorter than [`SHORTEST_MATCH`].
    fn flush_above(&mut self) {
        let distance = self.stride as u16;
        while self.above > 0 {
            let length = if self.above > MAX_MATCH { (self.above - SHORTEST_MATCH).min(MAX_MATCH) } else { self.above };
            self.tokens.push(Token::Match { length: length as u16, distance });
            self.above -= length;
        }
    }

    /// The picture, `height` rows of the width given, as a PNG with `palette`.
    pub fn png(mut self, height: usize, palette: &[[u8; 3]]) -> Vec<u8> {
        self.flush_above();
        const BASE: u64 = 65_521;
        let adler = (((self.b % BASE) << 16) | (self.a % BASE)) as u32;
        png_of_tokens(self.stride - 1, height, palette, &self.tokens, adler)
    }
}

/// What a strip adds to the Adler-32 of the data it is placed in: its length, the sum of its
/// bytes, and the sum of each byte times the number of bytes from it to the strip's end.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Checksum {
    len: u64,
    sum: u64,
    weighted: u64,
}

impl Checksum {
    fn of(bytes: &[u8]) -> Checksum {
        let len = bytes.len() as u64;
        let (sum, weighted) = bytes.iter().enumerate().fold((0, 0), |(sum, weighted), (i, &byte)| {
            (sum + u64::from(byte), weighted + (len - i as u64) * u64::from(byte))
        });
        Checksum { len, sum, weighted }
    }
}

/// The first length of each length symbol (257..=285) and its extra bits.
const LENGTH_BASE: [u16; 29] =
    [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA: [u32; 29] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
/// The first distance of each distance symbol (0..=29); symbol `s` has `s / 2 - 1` extra bits
/// from symbol 4 on.
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
];

/// The symbol of `value` among symbols starting at `bases`, for every value up to `N - 1`,
/// `shift` bits dropped: a table lookup in place of a search for each match.
const fn symbol_table<const N: usize>(bases: &[u16], shift: u32) -> [u8; N] {
    let mut table = [0u8; N];
    let mut symbol = 0;
    let mut i = 0;
    while i < N {
        let value = (i << shift) + if shift > 0 { 1 } else { 0 };
        while symbol + 1 < bases.len() && bases[symbol + 1] as usize <= value {
            symbol += 1;
        }
        table[i] = symbol as u8;
        i += 1;
    }
    table
}

/// Length symbols (less 257) by length.
const LENGTH_SYMBOL: [u8; 259] = symbol_table(&LENGTH_BASE, 0);
/// Distance symbols by distance up to 256, and beyond by `(distance - 1) >> 7`, which the
/// symbols' bases from 257 on are multiples of 128 (plus one) to allow.
const NEAR_DISTANCE_SYMBOL: [u8; 257] = symbol_table(&DISTANCE_BASE, 0);
const FAR_DISTANCE_SYMBOL: [u8; 256] = symbol_table(&DISTANCE_BASE, 7);

/// The deflate symbol of a match's length (257..=285), its extra bits and their count.
fn length_symbol(length: u16) -> (usize, u32, u32) {
    let code = usize::from(LENGTH_SYMBOL[usize::from(length)]);
    (257 + code, u32::from(length - LENGTH_BASE[code]), LENGTH_EXTRA[code])
}

/// The deflate symbol of a match's distance (0..=29), its extra bits and their count.
fn distance_symbol(distance: u16) -> (usize, u32, u32) {
    let code = usize::from(if distance <= 256 {
        NEAR_DISTANCE_SYMBOL[usize::from(distance)]
    } else {
        FAR_DISTANCE_SYMBOL[usize::from(distance - 1) >> 7]
    });
    let extra = if code < 4 { 0 } else { (code as u32 - 2) / 2 };
    (code, u32::from(distance - DISTANCE_BASE[code]), extra)
}

/// The final and only block: dynamic Huffman codes for `tokens`, its header, the tokens and
/// the end of the block.
fn block(bits: &mut Bits, tokens: &[Token]) {
    let mut literal_counts = [0u32; 286];
    let mut distance_counts = [0u32; 30];
    for token in tokens {
        match *token {
            Token::Literal(byte) => literal_counts[usize::from(byte)] += 1,
            Token::Match { length, distance } => {
                literal_counts[length_symbol(length).0] += 1;
                distance_counts[distance_symbol(distance).0] += 1;
            }
        }
    }
    literal_counts[END_OF_BLOCK] = 1;
    let literal_lengths = code_lengths(&literal_counts, 15);
    let distance_lengths = code_lengths(&distance_counts, 15);
    let literal_codes = codes(&literal_lengths);
    let distance_codes = codes(&distance_lengths);

    // BFINAL, then BTYPE 2: dynamic Huffman codes.
    bits.put(1, 1);
    bits.put(2, 2);
    let literals_used = last_used(&literal_lengths, 257);
    let distances_used = last_used(&distance_lengths, 1);
    let mut all_lengths = literal_lengths[..literals_used].to_vec();
    all_lengths.extend_from_slice(&distance_lengths[..distances_used]);
    let runs = length_runs(&all_lengths);
    let mut length_counts = [0u32; 19];
    for &(symbol, _) in &runs {
        length_counts[usize::from(symbol)] += 1;
    }
    let length_lengths = code_lengths(&length_counts, 7);
    let length_codes = codes(&length_lengths);
    const ORDER: [usize; 19] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
    let orders_used = ORDER.iter().rposition(|&s| length_lengths[s] != 0).map_or(4, |i| (i + 1).max(4));
    bits.put((literals_used - 257) as u32, 5);
    bits.put((distances_used - 1) as u32, 5);
    bits.put((orders_used - 4) as u32, 4);
    for &symbol in &ORDER[..orders_used] {
        bits.put(u32::from(length_lengths[symbol]), 3);
    }
    for (symbol, extra) in runs {
        let symbol = usize::from(symbol);
        bits.put(length_codes[symbol], u32::from(length_lengths[symbol]));
        match symbol {
            16 => bits.put(u32::from(extra), 2),
            17 => bits.put(u32::from(extra), 3),
            18 => bits.put(u32::from(extra), 7),
            _ => {}
        }
    }

    for token in tokens {
        match *token {
            Token::Literal(byte) => {
                let symbol = usize::from(byte);
                bits.put(literal_codes[symbol], u32::from(literal_lengths[symbol]));
            }
            Token::Match { length, distance } => {
                let (symbol, extra, extra_bits) = length_symbol(length);
                bits.put(literal_codes[symbol], u32::from(literal_lengths[symbol]));
                bits.put(extra, extra_bits);
                let (symbol, extra, extra_bits) = distance_symbol(distance);
                bits.put(distance_codes[symbol], u32::from(distance_lengths[symbol]));
                bits.put(extra, extra_bits);
            }
        }
    }
    bits.put(literal_codes[END_OF_BLOCK], u32::from(literal_lengths[END_OF_BLOCK]));
}

const END_OF_BLOCK: usize = 256;

/// How many of `lengths` the header must list: up to the last used, and at least `least`.
fn last_used(lengths: &[u8], least: usize) -> usize {
    lengths.iter().rposition(|&l| l != 0).map_or(least, |i| (i + 1).max(least))
}

/// Code lengths as the header writes them: symbols 0..=15 a length itself, 16 the previous
/// length 3–6 times more, 17 zero 3–10 times, 18 zero 11–138 times; each with its extra bits'
/// value.
fn length_runs(lengths: &[u8]) -> Vec<(u8, u8)> {
    let mut runs = Vec::new();
    let mut at = 0;
    while at < lengths.len() {
        let length = lengths[at];
        let run = lengths[at..].iter().take_while(|&&l| l == length).count();
        if length == 0 && run >= 11 {
            let n = run.min(138);
            runs.push((18, (n - 11) as u8));
            at += n;
        } else if length == 0 && run >= 3 {
            runs.push((17, (run - 3) as u8));
            at += run;
        } else if length != 0 && run >= 4 {
            // The length once, then repeats of it.
            runs.push((length, 0));
            let n = (run - 1).min(6);
            runs.push((16, (n - 3) as u8));
            at += 1 + n;
        } else {
            runs.push((length, 0));
            at += 1;
        }
    }
    runs
}

/// Huffman code lengths for symbols used `counts` times, none longer than `limit`. Every code
/// has at least two symbols (a code of one symbol is incomplete, which some inflaters refuse),
/// so an unused symbol gets a code where fewer than two are used.
fn code_lengths(counts: &[u32], limit: u8) -> Vec<u8> {
    let mut counts = counts.to_vec();
    for symbol in 0..counts.len() {
        if counts.iter().filter(|&&c| c > 0).count() >= 2 {
            break;
        }
        if counts[symbol] == 0 {
            counts[symbol] = 1;
        }
    }
    loop {
        let lengths = huffman_lengths(&counts);
        if lengths.iter().all(|&l| l <= limit) {
            return lengths;
        }
        // Too deep: flatten the counts and build again, which shortens the longest codes.
        for count in counts.iter_mut().filter(|c| **c > 0) {
            *count = (*count).div_ceil(2);
        }
    }
}

/// Huffman code lengths for `counts` (symbols of count 0 get none): the two rarest trees are
/// joined until one is left.
fn huffman_lengths(counts: &[u32]) -> Vec<u8> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    // Nodes: the symbols first, then the joined trees; each joined tree's parent.
    let mut parent: Vec<usize> = Vec::with_capacity(2 * counts.len());
    let mut heap = BinaryHeap::new();
    for (symbol, &count) in counts.iter().enumerate() {
        parent.push(usize::MAX);
        if count > 0 {
            heap.push(Reverse((u64::from(count), symbol)));
        }
    }
    while heap.len() > 1 {
        let (Some(Reverse((a, x))), Some(Reverse((b, y)))) = (heap.pop(), heap.pop()) else { break };
        let joined = parent.len();
        parent.push(usize::MAX);
        parent[x] = joined;
        parent[y] = joined;
        heap.push(Reverse((a + b, joined)));
    }
    let mut depth = vec![0u8; parent.len()];
    // Parents come after their children, so going from the root down fills each depth in.
    for node in (0..parent.len()).rev() {
        if parent[node] != usize::MAX {
            depth[node] = depth[parent[node]] + 1;
        }
    }
    counts.iter().enumerate().map(|(symbol, &count)| if count > 0 { depth[symbol] } else { 0 }).collect()
}

/// The canonical codes of `lengths` (RFC 1951 3.2.2), bit-reversed, as deflate writes a code
/// from its first bit on.
fn codes(lengths: &[u8]) -> Vec<u32> {
    let mut per_length = [0u32; 16];
    for &length in lengths {
        per_length[usize::from(length)] += 1;
    }
    per_length[0] = 0;
    let mut next = [0u32; 16];
    let mut code = 0;
    for bits in 1..16 {
        code = (code + per_length[bits - 1]) << 1;
        next[bits] = code;
    }
    lengths
        .iter()
        .map(|&length| {
            if length == 0 {
                return 0;
            }
            let code = next[usize::from(length)];
            next[usize::from(length)] += 1;
            code.reverse_bits() >> (32 - u32::from(length))
        })
        .collect()
}

/// Bits written from the least significant up, as deflate packs them.
struct Bits {
    out: Vec<u8>,
    pending: u64,
    count: u32,
}

impl Bits {
    fn with_capacity(bytes: usize) -> Bits {
        Bits { out: Vec::with_capacity(bytes), pending: 0, count: 0 }
    }

    /// Whole bytes, at a byte boundary.
    fn bytes(&mut self, bytes: &[u8]) {
        debug_assert_eq!(self.count, 0);
        self.out.extend_from_slice(bytes);
    }

    /// The low `count` bits of `value` (at most 24).
    fn put(&mut self, value: u32, count: u32) {
        self.pending |= u64::from(value) << self.count;
        self.count += count;
        if self.count >= 32 {
            self.out.extend_from_slice(&(self.pending as u32).to_le_bytes());
            self.pending >>= 32;
            self.count -= 32;
        }
    }

    /// The bytes, the last one padded with zeros.
    fn finish(mut self) -> Vec<u8> {
        while self.count > 0 {
            self.out.push(self.pending as u8);
            self.pending >>= 8;
            self.count = self.count.saturating_sub(8);
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inflates with the `png` crate's decoder (fdeflate), as a mail reader's would.
    fn decoded(png_bytes: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes.to_vec()));
        decoder.set_transformations(png::Transformations::IDENTITY);
        let mut reader = decoder.read_info().expect("a PNG");
        let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut buf).expect("a frame");
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    fn round_trip(width: usize, height: usize, pixels: Vec<u8>) {
        let picture = Indexed::new(width, &pixels);
        let palette: Vec<[u8; 3]> = (0..=255u8).map(|i| [i, i, i]).collect();
        let png_bytes = png(&picture, &palette);
        let (w, h, back) = decoded(&png_bytes);
        assert_eq!((w as usize, h as usize), (width, height));
        assert_eq!(back, pixels);
    }

    /// A small deterministic generator, so that a failure repeats.
    fn noise(seed: u64) -> impl FnMut() -> u64 {
        let mut x = seed;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    #[test]
    fn pictures_decode_to_their_own_pixels() {
        // Flat, noisy, striped and tiled pictures of sizes around the tile's, so that every
        // kind of token, of code and of code length run is written.
        let mut next = noise(0x5eed);
        for (width, height) in [(1, 1), (3, 2), (88, 88), (200, 17), (784, 40), (961, 9)] {
            let n = width * height;
            round_trip(width, height, vec![7; n]);
            round_trip(width, height, (0..n).map(|_| next() as u8).collect());
            round_trip(width, height, (0..n).map(|_| (next() % 3) as u8).collect());
            round_trip(width, height, (0..n).map(|i| ((i % width) / 88 % 2) as u8 * 200).collect());
            round_trip(
                width,
                height,
                (0..n).map(|i| if next().is_multiple_of(50) { next() as u8 } else { (i % 5) as u8 }).collect(),
            );
        }
    }

    #[test]
    fn symbol_tables_agree_with_the_rfcs_ranges() {
        for length in 3..=258u16 {
            let (symbol, extra, bits) = length_symbol(length);
            let code = symbol - 257;
            assert_eq!(code, LENGTH_BASE.partition_point(|&b| b <= length) - 1, "length {length}");
            assert!(extra < 1 << bits || (bits == 0 && extra == 0), "length {length}");
        }
        for distance in 1..=32_768u32 {
            let distance = distance as u16;
            let (code, extra, bits) = distance_symbol(distance);
            assert_eq!(code, DISTANCE_BASE.partition_point(|&b| b <= distance) - 1, "distance {distance}");
            assert!(extra < 1 << bits || (bits == 0 && extra == 0), "distance {distance}");
        }
    }

    #[test]
    fn deep_codes_are_cut_to_the_limit() {
        // Fibonacci counts make the deepest Huffman tree.
        let mut counts = vec![0u32; 286];
        let (mut a, mut b) = (1u32, 1u32);
        for count in counts.iter_mut().take(30) {
            *count = a;
            (a, b) = (b, a + b);
        }
        let lengths = code_lengths(&counts, 15);
        assert!(lengths.iter().all(|&l| l <= 15));
        let kraft: f64 = lengths.iter().filter(|&&l| l > 0).map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!(kraft <= 1.0 + 1e-12, "a prefix code: {kraft}");
    }
}
