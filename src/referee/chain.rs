//! The hash-chained move log: each stored move carries the hash of the record before it, and
//! every mail shows the current head, so a player's mail proves which moves the referee held
//! when it was sent. The chain starts from a genesis record that fixes the game's players,
//! start and commitments.
//!
//! The bytes hashed (SHA-256, lower-case hex), each line ending in one `\n`:
//!
//! ```text
//! herald-chain-v1            herald-move-v1                herald-result-v1
//! game:<number>              prev:<hash of the record      prev:<hash of the last record>
//! variant:<identifier>             before it>              score:<1-0, 0-1, 1/2-1/2>
//! white:<player>             ply:<1, 2, ...>               reason:<in words>
//! black:<player>             color:<white|black>
//! start:<start FEN>          number:<move number>
//! tournament:<id>:<round>:<board>  move:<the move as recorded>
//! commitment:<label>:<hash>  commitment:<label>:<hash>
//! ```
//!
//! A game begun by a herald that writes archives of format `herald-archive-v3` names each
//! player in the genesis by a commitment to their address ([`player`]: the commitment format
//! of [`super::commitment`] with the label `white.address` or `black.address`, the address as
//! its value and a nonce of its own), so that an archive can leave the addresses out and
//! still be checked from its genesis on; a game begun before names them by their addresses.
//!
//! The genesis's `tournament:` line is there only for a tournament game begun by a herald
//! that writes archives of format `herald-archive-v2`: it binds the game to its place in the
//! tournament, so a director's result in its archive is checked against a place the players'
//! mailed heads cover. A game outside any tournament has no such line, and its genesis is what
//! it always was.
//!
//! The genesis has one commitment line per secret committed before the first move; a move
//! record, one per secret that move decided (crown-2's stones, crown-3's hidden crown), none
//! for a move that decides nothing, whose record is then exactly as it always was. Both are
//! sorted by label in byte order.
//!
//! In a variant that hides moves (Secret Intelligence Chess), `move:` is the move as the
//! opponent read it, a ciphered entry, so that the heads mailed during the game reveal
//! nothing; the archive's replay proves each entry was the true move's.
//!
//! The result closes the chain, so the head in the players' last mails covers how the game
//! ended as well as every move. Anyone can recompute a chain, so an archive proves nothing
//! on its own: it is the heads the players received by mail that an archive must match.

use crate::engine::Color;
use crate::hex::sha256 as sha256_hex;

/// A tournament game's place, as the genesis record fixes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The tournament's number.
    pub tournament: i64,
    /// The round.
    pub round: u32,
    /// The board.
    pub board: u32,
}

/// The commitment that names the player of `color` in the genesis of a game begun by a herald
/// that writes `herald-archive-v3`: SHA-256 of the commitment preimage
/// ([`super::commitment::preimage`]) with the label `white.address` or `black.address`, the
/// address as its value, and its own nonce (32 lower-case hex digits). The nonce keeps a guess
/// of the address from being checked against the hash; the player, who is given it in the
/// archive `herald game export` writes, can show that the hash names them.
pub fn player(game: i64, color: Color, address: &str, nonce: &str) -> String {
    sha256_hex(super::commitment::preimage(game, &address_label(color), address, nonce).as_bytes())
}

/// The label of a player's address commitment: `white.address` or `black.address`.
pub fn address_label(color: Color) -> String {
    format!("{}.address", color.name())
}

/// The genesis hash of a game; `white` and `black` are what its `white:` and `black:` lines
/// hold (the players' address commitments, or, for a game begun before them, the addresses);
/// `place` is the tournament game's place, `None` outside a
/// tournament (and for a tournament game begun before the genesis fixed it).
pub fn genesis(
    game: i64,
    variant: &str,
    white: &str,
    black: &str,
    start_fen: &str,
    place: Option<Place>,
    commitments: &[(String, String)],
) -> String {
    let mut text =
        format!("herald-chain-v1\ngame:{game}\nvariant:{variant}\nwhite:{white}\nblack:{black}\nstart:{start_fen}\n");
    if let Some(p) = place {
        text.push_str(&format!("tournament:{}:{}:{}\n", p.tournament, p.round, p.board));
    }
    push_commitments(&mut text, commitments);
    sha256_hex(text.as_bytes())
}

/// The hash of one move record, linked to `prev`, with the commitments (label, hash) of the
/// secrets the move decided: none for most moves.
pub fn link(
    prev: &str,
    ply: u32,
    color: Color,
    number: u32,
    notation: &str,
    commitments: &[(String, String)],
) -> String {
    let mut text =
        format!("herald-move-v1\nprev:{prev}\nply:{ply}\ncolor:{}\nnumber:{number}\nmove:{notation}\n", color.name());
    push_commitments(&mut text, commitments);
    sha256_hex(text.as_bytes())
}

/// One `commitment:<label>:<hash>` line per commitment, sorted by label in byte order (a
/// `String`'s order is its bytes' order).
fn push_commitments(text: &mut String, commitments: &[(String, String)]) {
    let mut sorted: Vec<&(String, String)> = commitments.iter().collect();
    sorted.sort();
    for (label, hash) in sorted {
        text.push_str(&format!("commitment:{label}:{hash}\n"));
    }
}

/// The hash of the record that closes the chain with the game's result.
pub fn close(prev: &str, score: &str, reason: &str) -> String {
    sha256_hex(format!("herald-result-v1\nprev:{prev}\nscore:{score}\nreason:{reason}\n").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_changes_the_hash() {
        let base = link("abc", 1, Color::White, 1, "e4", &[]);
        assert_ne!(base, link("abd", 1, Color::White, 1, "e4", &[]));
        assert_ne!(base, link("abc", 2, Color::White, 1, "e4", &[]));
        assert_ne!(base, link("abc", 1, Color::Black, 1, "e4", &[]));
        assert_ne!(base, link("abc", 1, Color::White, 2, "e4", &[]));
        assert_ne!(base, link("abc", 1, Color::White, 1, "e3", &[]));
        let note = vec![("white.note".to_string(), "h1".to_string())];
        assert_ne!(base, link("abc", 1, Color::White, 1, "e4", &note));
        assert_ne!(
            link("abc", 1, Color::White, 1, "e4", &note),
            link("abc", 1, Color::White, 1, "e4", &[("white.note".to_string(), "h2".to_string())])
        );
        let commitments = vec![("white.crown".to_string(), "h1".to_string())];
        let g = genesis(1, "crown", "a@x", "b@x", "fen", None, &commitments);
        assert_ne!(g, genesis(1, "crown", "a@x", "b@x", "fen", None, &[]));
        assert_ne!(g, genesis(2, "crown", "a@x", "b@x", "fen", None, &commitments));
        let place = Place { tournament: 3, round: 2, board: 1 };
        assert_ne!(g, genesis(1, "crown", "a@x", "b@x", "fen", Some(place), &commitments));
        for other in [Place { tournament: 4, ..place }, Place { round: 3, ..place }, Place { board: 2, ..place }] {
            assert_ne!(
                genesis(1, "crown", "a@x", "b@x", "fen", Some(place), &[]),
                genesis(1, "crown", "a@x", "b@x", "fen", Some(other), &[])
            );
        }
    }

    /// The move hash is SHA-256 of the documented bytes, checked against `sha256sum`:
    /// `printf 'herald-move-v1\nprev:0\nply:1\ncolor:white\nnumber:1\nmove:e4\n' | sha256sum`.
    /// This hash was computed before moves could commit secrets: a move that commits nothing
    /// still has exactly the record it had, so every chain stored before still verifies.
    #[test]
    fn the_move_bytes_are_as_documented() {
        assert_eq!(link("0", 1, Color::White, 1, "e4", &[]), DOCUMENTED);
    }

    const DOCUMENTED: &str = "36f0fb70a575b31b74c0096bb9df9f5c1b3fadc1750ab8d1f4e9c14f1605442b";

    /// A player's address commitment is the commitment README gives, label `white.address`:
    /// `printf 'herald-commitment-v1\ngame:42\nlabel:white.address\nvalue:ann@example.org\nnonce:000102030405060708090a0b0c0d0e0f\n' | sha256sum`.
    #[test]
    fn a_players_address_commitment_is_as_documented() {
        let nonce = "000102030405060708090a0b0c0d0e0f";
        assert_eq!(
            player(42, Color::White, "ann@example.org", nonce),
            "06483b55f3d663781b718df7e7332ad8bb990364d87cdb30149af4a512e1f0fd"
        );
        assert_ne!(
            player(42, Color::Black, "ann@example.org", nonce),
            player(42, Color::White, "ann@example.org", nonce)
        );
    }

    /// A move that decides secrets: its commitment lines follow `move:`, one per secret,
    /// sorted by label, whatever order they are given in. Checked against `sha256sum` with
    /// A, B, C standing for 64 `a`, `b`, `c`:
    /// `printf 'herald-move-v1\nprev:0\nply:37\ncolor:white\nnumber:19\nmove:S@e4,f5\ncommitment:white.stone1:A\ncommitment:white.stone2:B\n' | sha256sum`
    /// and
    /// `printf 'herald-move-v1\nprev:0\nply:2\ncolor:black\nnumber:1\nmove:e5\ncommitment:black.stone1:C\ncommitment:white.stone10:A\ncommitment:white.stone2:B\n' | sha256sum`
    #[test]
    fn a_move_s_commitment_lines_are_as_documented() {
        let [a, b, c] = ['a', 'b', 'c'].map(|x| x.to_string().repeat(64));
        let stones = vec![("white.stone2".to_string(), b.clone()), ("white.stone1".to_string(), a.clone())];
        assert_eq!(link("0", 37, Color::White, 19, "S@e4,f5", &stones), DOCUMENTED_STONES);
        // Byte order: "white.stone10" before "white.stone2", "black" before "white".
        let three =
            vec![("white.stone2".to_string(), b), ("white.stone10".to_string(), a), ("black.stone1".to_string(), c)];
        assert_eq!(link("0", 2, Color::Black, 1, "e5", &three), DOCUMENTED_BYTE_ORDER);
    }

    /// A tournament game's genesis: its `tournament:` line after `start:`, before the
    /// commitments. Checked against `sha256sum` with A, B for 64 `a`, `b`:
    /// `printf 'herald-chain-v1\ngame:7\nvariant:chess\nwhite:a@x\nblack:b@x\nstart:fen\ntournament:3:2:1\n' | sha256sum`
    /// and the same for `crown` with `commitment:black.crown:B\ncommitment:white.crown:A\n` after it.
    #[test]
    fn a_tournament_genesis_is_as_documented() {
        let place = Some(Place { tournament: 3, round: 2, board: 1 });
        assert_eq!(genesis(7, "chess", "a@x", "b@x", "fen", place, &[]), DOCUMENTED_TOURNAMENT);
        let [a, b] = ['a', 'b'].map(|x| x.to_string().repeat(64));
        let crowns = vec![("white.crown".to_string(), a), ("black.crown".to_string(), b)];
        assert_eq!(genesis(7, "crown", "a@x", "b@x", "fen", place, &crowns), DOCUMENTED_TOURNAMENT_CROWNS);
    }

    const DOCUMENTED_TOURNAMENT: &str = "1b1044fbc0766c402817690c32b0cf7b8371a2cfb3b31d547c0f7f0159feb0fa";
    const DOCUMENTED_TOURNAMENT_CROWNS: &str = "a742e8ea4438f3fb909a9711996f387aa6b34e93c5259079de256fa286e95f2e";

    const DOCUMENTED_STONES: &str = "96df288ae505b4c107118ba33006976186794aaa480502a9d9a7e5e017fd5915";
    const DOCUMENTED_BYTE_ORDER: &str = "ff17bcc0e6918c30931c40f5e2266c413469a5d9f3da23563a96d345aa1a945b";
}
