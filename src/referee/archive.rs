//! A game's archive, and its verification with no database and no trust in the referee.
//!
//! `herald game export ID --json` writes an [`Archive`]: the variant, the players (from
//! `herald-archive-v3` on, by commitments to their addresses, which it opens), every
//! move with its chain record, the chain, the commitments (each with the move after which it
//! was made) and the openings revealed so far, and the result. [`verify`] checks, offline,
//! that every revealed commitment opens, that the chain is whole from its genesis to its head
//! (the genesis fixing the setup's commitments, each move's record those the move made), that
//! every move is legal under the revealed secrets (by replaying the game) and commits exactly
//! the secrets the archive says it made, and that the recorded result follows. Each check that
//! fails says what broke, so a changed byte anywhere in these fields is found and named.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::{Deserialize, Deserializer, Serialize};

use super::VariantLookup;
use super::chain;
use super::commitment::Commitment;
use super::records::{GameRecord, MoveRecord};
use crate::variants::{self, Secret, Variant, VariantGame};

/// The archive's format name: what herald writes for a game it began. Its genesis names the
/// players by commitments to their addresses ([`chain::player`]), so `white` and `black` are
/// those commitments, and the addresses with their nonces are in `addresses`, which an archive
/// to publish leaves out ([`Archive::without_addresses`]): it is checked all the same.
pub const FORMAT: &str = "herald-archive-v3";

/// The format before the players' address commitments, still verified under its own rules:
/// `white` and `black` are the addresses, which its genesis hashes, so it cannot be checked
/// without them. herald writes it for a game whose genesis was made before (a game begun by
/// an older herald).
pub const FORMAT_V2: &str = "herald-archive-v2";

/// The first format, still verified under its own rules: its genesis never names the
/// tournament (so a director's result in it rests on the unchained `tournament` object), and
/// an opened commitment may say nothing of when it was opened (`revealed_at_ply` null, from a
/// herald before that field). herald writes it only for a game that is so: a tournament game
/// whose genesis was made before the genesis named the tournament, or a game with such an
/// opening.
pub const FORMAT_V1: &str = "herald-archive-v1";

/// A JSON number that is a whole number, written `1`, `1.0` or `1e0`: JSON Schema's
/// `integer` (which the archive's schema uses) is a number whose fraction is zero, whatever
/// its spelling, so herald reads every such spelling as the schema accepts it, and refuses a
/// fraction, a negative number and one out of range as the schema does.
fn whole<'de, D: Deserializer<'de>, T: TryFrom<i128>>(deserializer: D) -> Result<T, D::Error> {
    whole_number(serde_json::Number::deserialize(deserializer)?)
}

/// [`whole`] for a field that may be null.
fn whole_or_null<'de, D: Deserializer<'de>, T: TryFrom<i128>>(deserializer: D) -> Result<Option<T>, D::Error> {
    Option::<serde_json::Number>::deserialize(deserializer)?.map(whole_number).transpose()
}

fn whole_number<E: serde::de::Error, T: TryFrom<i128>>(number: serde_json::Number) -> Result<T, E> {
    let value: Option<i128> = if let Some(n) = number.as_i64() {
        Some(i128::from(n))
    } else if let Some(n) = number.as_u64() {
        Some(i128::from(n))
    } else {
        number.as_f64().filter(|f| f.is_finite() && f.fract() == 0.0 && f.abs() < 1e30).map(|f| f as i128)
    };
    value.and_then(|v| T::try_from(v).ok()).ok_or_else(|| E::custom(format!("{number} is not a whole number in range")))
}

/// Everything needed to check a game afterwards.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Archive {
    /// [`FORMAT`], or [`FORMAT_V2`] or [`FORMAT_V1`] for a game those formats describe.
    pub format: String,
    /// The game's number.
    #[serde(deserialize_with = "whole")]
    pub game: i64,
    /// Variant identifier.
    pub variant: String,
    /// What the genesis names White by: from `herald-archive-v3` on, the commitment to White's
    /// address ([`chain::player`]); before, the address.
    pub white: String,
    /// What the genesis names Black by, as `white`.
    pub black: String,
    /// From `herald-archive-v3` on, the players' addresses with their commitments' nonces, which
    /// open `white` and `black`: in the archive `herald game export` writes, left out of one
    /// published for anyone ([`Archive::without_addresses`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub addresses: Option<ArchivedAddresses>,
    /// The starting position.
    pub start: String,
    /// The chain's genesis hash.
    pub genesis: String,
    /// Every commitment, with its opening once revealed.
    pub commitments: Vec<ArchivedCommitment>,
    /// Every move with its chain record.
    pub moves: Vec<ArchivedMove>,
    /// The newest record's hash.
    pub chain_head: String,
    /// The result, once the game is over.
    pub result: Option<ArchivedResult>,
    /// The tournament the game is played in, if any: the TD's bookkeeping, not part of the
    /// chain. Only a tournament game may end by the director's decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<ArchivedTournament>,
}

/// The players' addresses, each with the nonce that opens its commitment.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchivedAddresses {
    /// White's.
    pub white: ArchivedAddress,
    /// Black's.
    pub black: ArchivedAddress,
}

/// A player's address and the nonce of its commitment.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchivedAddress {
    /// The address.
    pub address: String,
    /// The nonce, 32 lower-case hex digits.
    pub nonce: String,
}

/// A tournament game's place in its tournament.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchivedTournament {
    /// The tournament's number.
    #[serde(deserialize_with = "whole")]
    pub id: i64,
    /// Its name: the director's to change, not in the chain.
    pub name: String,
    /// The round.
    #[serde(deserialize_with = "whole")]
    pub round: u32,
    /// The board.
    #[serde(deserialize_with = "whole")]
    pub board: u32,
}

/// A commitment in an archive.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchivedCommitment {
    /// What the secret is.
    pub label: String,
    /// The commitment.
    pub hash: String,
    /// How many moves had been played when it was made: 0 for a secret of the setup, which
    /// the genesis record fixes; N for a secret the N-th move decided, which that move's
    /// record links. Always written; archives from before this field read it as 0, which is
    /// when every commitment of theirs was made.
    #[serde(default, deserialize_with = "whole")]
    pub committed_at_ply: u32,
    /// The value, once revealed.
    pub value: Option<String>,
    /// The nonce, once revealed.
    pub nonce: Option<String>,
    /// How many moves had been played when value and nonce were published; `None` while
    /// sealed. In a `herald-archive-v1` archive also `None` for a secret opened by a herald
    /// that did not record it (archives from before this field read it as `None`); from
    /// `herald-archive-v2` on an opened secret always says when.
    #[serde(default, deserialize_with = "whole_or_null")]
    pub revealed_at_ply: Option<u32>,
}

/// A move in an archive.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchivedMove {
    /// Half-move index, from 1.
    #[serde(deserialize_with = "whole")]
    pub ply: u32,
    /// "white" or "black".
    pub color: String,
    /// Move number.
    #[serde(deserialize_with = "whole")]
    pub number: u32,
    /// The move as recorded.
    pub notation: String,
    /// In a variant that hides moves, the move as the opponent read it during the game (a
    /// ciphered entry): what the chain links. Replaying the game on its opened secrets must
    /// give exactly this entry again, which proves the redacted move lists were the real moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed: Option<String>,
    /// The previous record's hash.
    pub prev: String,
    /// This record's hash.
    pub hash: String,
}

/// A result in an archive: the record that closes the chain.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchivedResult {
    /// "1-0", "0-1" or "1/2-1/2".
    pub score: String,
    /// In words.
    pub reason: String,
    /// The hash of the last move's record (or the genesis).
    pub prev: String,
    /// This record's hash ([`chain::close`]); the chain's head.
    pub hash: String,
}

impl Archive {
    /// The archive of a stored game: only the openings already revealed are included; the
    /// players' addresses are, with the nonces that open their commitments (see
    /// [`Archive::without_addresses`] for an archive to publish).
    pub fn of(record: &GameRecord, start: &str, moves: &[MoveRecord]) -> Archive {
        let [white, black] = record.genesis_players();
        // A game whose genesis was made before it named the tournament, or with a secret
        // opened before openings were dated, is what format 1 describes; every other game is
        // format 2.
        let unnamed_place = record.tournament.as_ref().zip(record.genesis.as_ref()).is_some_and(|(t, stored)| {
            let setup: Vec<(String, String)> = record
                .commitments
                .iter()
                .filter(|c| c.committed_at_ply == 0)
                .map(|c| (c.commitment.label.clone(), c.commitment.hash.clone()))
                .collect();
            let place = chain::Place { tournament: t.id, round: t.round, board: t.board };
            chain::genesis(record.id, &record.variant, &white, &black, start, Some(place), &setup) != *stored
        });
        let undated = record.commitments.iter().any(|c| c.revealed && c.revealed_at_ply.is_none());
        let addresses = record.address_nonces.as_ref().map(|[white, black]| ArchivedAddresses {
            white: ArchivedAddress { address: record.white.email.clone(), nonce: white.clone() },
            black: ArchivedAddress { address: record.black.email.clone(), nonce: black.clone() },
        });
        let format = if unnamed_place || undated {
            FORMAT_V1
        } else if addresses.is_none() {
            FORMAT_V2
        } else {
            FORMAT
        };
        Archive {
            format: format.to_string(),
            game: record.id,
            variant: record.variant.clone(),
            white,
            black,
            addresses,
            start: start.to_string(),
            genesis: record.genesis.clone().unwrap_or_default(),
            commitments: {
                // Sorted by label, as the archive promises, whatever order they were made in
                // (a game just played holds them so; the store reads them back sorted).
                let mut commitments: Vec<ArchivedCommitment> = record
                    .commitments
                    .iter()
                    .map(|c| ArchivedCommitment {
                        label: c.commitment.label.clone(),
                        hash: c.commitment.hash.clone(),
                        committed_at_ply: c.committed_at_ply,
                        value: c.revealed.then(|| c.commitment.value.clone()),
                        nonce: c.revealed.then(|| c.commitment.nonce.clone()),
                        revealed_at_ply: c.revealed_at_ply.filter(|_| c.revealed),
                    })
                    .collect();
                commitments.sort_by(|a, b| a.label.cmp(&b.label));
                commitments
            },
            moves: moves
                .iter()
                .map(|m| ArchivedMove {
                    ply: m.ply,
                    color: m.color.name().to_string(),
                    number: m.number,
                    // Until the game is over, a hidden move is shown only as its opponent read
                    // it: an archive exported during the game may be shown to anyone.
                    notation: match &m.sealed {
                        Some(sealed) if record.result.is_none() => sealed.clone(),
                        _ => m.notation.clone(),
                    },
                    sealed: m.sealed.clone(),
                    prev: m.prev_hash.clone(),
                    hash: m.hash.clone(),
                })
                .collect(),
            chain_head: record.chain_head.clone().unwrap_or_default(),
            result: record.result.as_ref().map(|r| {
                let prev = moves.last().map_or_else(|| record.genesis.clone().unwrap_or_default(), |m| m.hash.clone());
                ArchivedResult {
                    score: r.score.clone(),
                    reason: r.reason.clone(),
                    hash: chain::close(&prev, &r.score, &r.reason),
                    prev,
                }
            }),
            tournament: record.tournament.as_ref().map(|t| ArchivedTournament {
                id: t.id,
                name: t.name.clone(),
                round: t.round,
                board: t.board,
            }),
        }
    }
}

impl Archive {
    /// The archive as anyone may have it: without the players' addresses, which its genesis
    /// does not need (format `herald-archive-v3`). `None` for an archive of an older format,
    /// whose genesis hashes the addresses themselves, so that it cannot be checked without
    /// them.
    pub fn without_addresses(&self) -> Option<Archive> {
        (self.format == FORMAT).then(|| Archive { addresses: None, ..self.clone() })
    }
}

/// What verification found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// What was checked and held.
    pub passed: Vec<String>,
    /// What broke.
    pub failed: Vec<String>,
    /// What could not be checked yet (secrets still sealed in a game that goes on).
    pub open: Vec<String>,
}

impl Report {
    /// True when nothing broke.
    pub fn ok(&self) -> bool {
        self.failed.is_empty()
    }
}

/// The (label, hash) of the commitments made after each number of moves: what the genesis
/// record (0) or the N-th move's record links. Built once, so that linking every record costs
/// the archive's size, not its size times its moves.
fn by_ply(commitments: &[ArchivedCommitment]) -> BTreeMap<u32, Vec<(String, String)>> {
    let mut made: BTreeMap<u32, Vec<(String, String)>> = BTreeMap::new();
    for c in commitments {
        made.entry(c.committed_at_ply).or_default().push((c.label.clone(), c.hash.clone()));
    }
    made
}

/// Up to how many commitments [`misplaced`] looks for the one put at another ply. The search
/// hashes the record once per commitment, each time over the record's commitments, so it is
/// quadratic: a real game has a handful of commitments, and a hostile archive with thousands
/// is refused as changed without the diagnosis, in time linear in its size.
const MISPLACED_SEARCH_LIMIT: usize = 64;

/// Why `record`, the chain record of ply `ply` (0: the genesis), does not hash to `recorded`,
/// when one commitment put at another ply explains it: the record hashes as recorded without
/// one the archive says was made there, or with one the archive says was made elsewhere.
/// `hash_with` hashes the record's fields with the given commitments.
fn misplaced(
    record: &str,
    ply: u32,
    commitments: &[ArchivedCommitment],
    made: &BTreeMap<u32, Vec<(String, String)>>,
    recorded: &str,
    hash_with: impl Fn(&[(String, String)]) -> String,
) -> Option<String> {
    if commitments.len() > MISPLACED_SEARCH_LIMIT {
        return None;
    }
    let here = made.get(&ply).cloned().unwrap_or_default();
    let when = |at: u32| if at == 0 { "before the first move".to_string() } else { format!("after {at} moves") };
    for (i, (label, _)) in here.iter().enumerate() {
        let mut without = here.clone();
        without.remove(i);
        if hash_with(&without) == recorded {
            return Some(format!(
                "{record} does not link commitment {label}, which the archive says was made {}",
                when(ply)
            ));
        }
    }
    for c in commitments.iter().filter(|c| c.committed_at_ply != ply) {
        let mut with = here.clone();
        with.push((c.label.clone(), c.hash.clone()));
        if hash_with(&with) == recorded {
            return Some(format!(
                "{record} links commitment {}, but the archive says it was made {}",
                c.label,
                when(c.committed_at_ply)
            ));
        }
    }
    None
}

/// Whether the replayed move `m` decided exactly the secrets (`commit`) that the archive says
/// were made with it, each with the value its commitment opens to (a commitment still sealed
/// is checked for its label and ply; its value, once opened); every difference is a failure.
/// Returns how many it found as archived.
fn commits_as_archived(
    report: &mut Report,
    by_label: &HashMap<&str, &ArchivedCommitment>,
    made_here: &[(String, String)],
    m: &ArchivedMove,
    commit: &[Secret],
) -> usize {
    let mut found = 0;
    for secret in commit {
        match by_label.get(secret.label.as_str()) {
            None => report.failed.push(format!(
                "move {} {} commits {}, but the archive has no commitment {}",
                m.number, m.notation, secret.label, secret.label
            )),
            Some(c) if c.committed_at_ply != m.ply => report.failed.push(format!(
                "move {} {} commits {}, but the archive says it was made after {} moves",
                m.number, m.notation, secret.label, c.committed_at_ply
            )),
            Some(c) if c.value.as_ref().is_some_and(|v| *v != secret.value) => report.failed.push(format!(
                "move {} {} commits {} = {:?}, but its commitment opens to {:?}",
                m.number, m.notation, secret.label, secret.value, c.value
            )),
            Some(_) => found += 1,
        }
    }
    for (label, _) in made_here {
        if !commit.iter().any(|secret| secret.label == *label) {
            report.failed.push(format!(
                "the archive says {label} was made with move {} {}, but that move decides no such secret when replayed",
                m.number, m.notation
            ));
        }
    }
    found
}

/// The labels of the secrets a game of `variant` commits before its first move, which the
/// genesis record links: the referee's own (Secret Intelligence's `referee.seed`) and one per
/// setup answer it waits for (Crown's `white.crown` and `black.crown`).
pub fn setup_labels(variant: &'static dyn Variant) -> BTreeSet<String> {
    let fresh = variant.new_game_with_seed([0; 32]);
    let mut labels: BTreeSet<String> = fresh.secrets().into_iter().map(|s| s.label).collect();
    labels.extend(fresh.setup_requests().into_iter().map(|r| r.label));
    labels
}

/// The structure README and the schema allow, before any hash is computed: every recorded
/// field one line of text, labels, values, nonces and hashes in their alphabets, commitments
/// sorted by label and each label once, openings whole and at a ply the archive holds, and,
/// from `herald-archive-v2` on, an opening always saying when it came.
fn check_structure(report: &mut Report, archive: &Archive, version: u8) {
    let before = report.failed.len();
    let mut one_line = |field: String, text: &str| {
        if text.chars().any(char::is_control) {
            report.failed.push(format!(
                "{field} holds a line break or another control character: every recorded field is one line"
            ));
        }
    };
    one_line("the variant".into(), &archive.variant);
    one_line("White's address".into(), &archive.white);
    one_line("Black's address".into(), &archive.black);
    if let Some(addresses) = &archive.addresses {
        one_line("White's address".into(), &addresses.white.address);
        one_line("Black's address".into(), &addresses.black.address);
    }
    one_line("the start".into(), &archive.start);
    for m in &archive.moves {
        one_line(format!("move record {}'s notation", m.ply), &m.notation);
        one_line(format!("move record {}'s colour", m.ply), &m.color);
        if let Some(sealed) = &m.sealed {
            one_line(format!("move record {}'s sealed entry", m.ply), sealed);
        }
    }
    if let Some(r) = &archive.result {
        one_line("the result's score".into(), &r.score);
        one_line("the result's reason".into(), &r.reason);
    }
    if let Some(t) = &archive.tournament {
        one_line("the tournament's name".into(), &t.name);
    }
    let hex = |text: &str, len: usize| {
        text.len() == len && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    if version >= 3 {
        for (side, named) in [("White", &archive.white), ("Black", &archive.black)] {
            if !hex(named, 64) {
                report.failed.push(format!(
                    "{side}'s address commitment is not 64 lower-case hex digits: from herald-archive-v3 on, the \
                     genesis names the players by commitments, never by addresses"
                ));
            }
        }
        if let Some(addresses) = &archive.addresses {
            for (side, opened) in [("White", &addresses.white), ("Black", &addresses.black)] {
                if !hex(&opened.nonce, 32) {
                    report.failed.push(format!("{side}'s address nonce is not 32 lower-case hex digits"));
                }
            }
        }
    } else if archive.addresses.is_some() {
        report.failed.push(format!(
            "{} names the players by their addresses: only a herald-archive-v3 archive has addresses to open",
            archive.format
        ));
    }
    let plies = archive.moves.len();
    for (i, c) in archive.commitments.iter().enumerate() {
        if !super::commitment::plain_label(&c.label) {
            report.failed.push(format!("commitment label {:?} is not lower-case letters, digits and ._-", c.label));
        }
        if let Some(before) = i.checked_sub(1).map(|j| &archive.commitments[j])
            && before.label >= c.label
        {
            report.failed.push(format!(
                "the commitments are not sorted by label, each once: {} comes after {}",
                c.label, before.label
            ));
        }
        if !hex(&c.hash, 64) {
            report.failed.push(format!("commitment {}'s hash is not 64 lower-case hex digits", c.label));
        }
        if c.value.as_deref().is_some_and(|v| !super::commitment::printable_value(v)) {
            report.failed.push(format!("commitment {}'s value is not printable ASCII", c.label));
        }
        if c.nonce.as_deref().is_some_and(|n| !hex(n, 32)) {
            report.failed.push(format!("commitment {}'s nonce is not 32 lower-case hex digits", c.label));
        }
        if c.committed_at_ply as usize > plies {
            report.failed.push(format!(
                "commitment {} is said to be made after {} moves, but the archive has {plies} moves",
                c.label, c.committed_at_ply
            ));
        }
        match (&c.value, c.revealed_at_ply) {
            (None, Some(at)) => report
                .failed
                .push(format!("commitment {} is sealed, but the archive says it was opened after {at} moves", c.label)),
            (Some(_), None) if version >= 2 => report.failed.push(format!(
                "commitment {} is open but does not say when it was opened: only a herald-archive-v1 archive may \
                 leave revealed_at_ply null for an opened secret",
                c.label
            )),
            (_, Some(at)) if at as usize > plies => report
                .failed
                .push(format!("commitment {} was opened after {at} moves, but the archive has {plies} moves", c.label)),
            (_, Some(at)) if at < c.committed_at_ply => report.failed.push(format!(
                "commitment {} was opened after {at} moves, before it was made (after {} moves)",
                c.label, c.committed_at_ply
            )),
            _ => {}
        }
    }
    if archive.genesis.is_empty() && (!archive.moves.is_empty() || archive.result.is_some()) {
        report.failed.push("the archive has moves or a result but no genesis".to_string());
    }
    if report.failed.len() == before {
        report.passed.push(format!(
            "the archive's fields are as the specification allows ({} commitments sorted by label, every recorded \
             field one line)",
            archive.commitments.len()
        ));
    }
}

/// Checks an archive; see the module documentation. The variant is looked up among herald's.
pub fn verify(archive: &Archive) -> Report {
    verify_with(archive, variants::by_id)
}

/// [`verify`], with the variant looked up by `variants` (a test's own variant, say).
pub fn verify_with(archive: &Archive, variants: VariantLookup) -> Report {
    let mut report = Report::default();
    let version = match archive.format.as_str() {
        FORMAT_V1 => 1,
        FORMAT_V2 => 2,
        FORMAT => 3,
        other => {
            report.failed.push(format!("the format is {other:?}, not {FORMAT:?}, {FORMAT_V2:?} or {FORMAT_V1:?}"));
            return report;
        }
    };
    check_structure(&mut report, archive, version);

    // 0. The players' addresses, when the archive has them, open the commitments the genesis
    // names the players by.
    if let (3, Some(addresses)) = (version, &archive.addresses) {
        for (color, named, opened) in [
            (crate::engine::Color::White, &archive.white, &addresses.white),
            (crate::engine::Color::Black, &archive.black, &addresses.black),
        ] {
            let hash = chain::player(archive.game, color, &opened.address, &opened.nonce);
            if hash == *named {
                report.passed.push(format!("{}'s address opens its commitment: {}", color.title(), opened.address));
            } else {
                report.failed.push(format!(
                    "{}'s address {} with nonce {} does not open its commitment {named} (it hashes to {hash})",
                    color.title(),
                    opened.address,
                    opened.nonce
                ));
            }
        }
    } else if version == 3 {
        report.passed.push(
            "the genesis names the players by commitments to their addresses, which this archive leaves out (each \
             player can open theirs with the archive `herald game export` writes)"
                .to_string(),
        );
    }

    // 1. Commitments open.
    let mut secrets = Vec::new();
    let mut sealed = Vec::new();
    for c in &archive.commitments {
        match (&c.value, &c.nonce) {
            (Some(value), Some(nonce)) => {
                let opened = Commitment {
                    game: archive.game,
                    label: c.label.clone(),
                    value: value.clone(),
                    nonce: nonce.clone(),
                    hash: c.hash.clone(),
                };
                if opened.opens() {
                    report.passed.push(format!("commitment {} opens: {} = {value}", c.label, c.hash));
                    secrets.push(Secret { label: c.label.clone(), value: value.clone() });
                } else {
                    report.failed.push(format!(
                        "commitment {} does not open: value {value:?} with nonce {nonce} does not hash to {}",
                        c.label, c.hash
                    ));
                }
            }
            (None, None) => sealed.push(c.label.clone()),
            _ => report.failed.push(format!("commitment {} has a value or a nonce but not both", c.label)),
        }
    }
    let by_label: HashMap<&str, &ArchivedCommitment> =
        archive.commitments.iter().map(|c| (c.label.as_str(), c)).collect();

    // 2. The chain is whole: the genesis fixes the commitments made before the first move
    // (and, from format 2, a tournament game's place), each move's record those the move made.
    let made = by_ply(&archive.commitments);
    let none = Vec::new();
    let made_at = |ply: u32| made.get(&ply).unwrap_or(&none);
    let place = archive.tournament.as_ref().filter(|_| version >= 2).map(|t| chain::Place {
        tournament: t.id,
        round: t.round,
        board: t.board,
    });
    let genesis_with = |commitments: &[(String, String)]| {
        chain::genesis(
            archive.game,
            &archive.variant,
            &archive.white,
            &archive.black,
            &archive.start,
            place,
            commitments,
        )
    };
    let genesis = genesis_with(made_at(0));
    if genesis == archive.genesis {
        let fixed =
            if place.is_some() { "players, variant, start, tournament place" } else { "players, variant, start" };
        report.passed.push(format!("the genesis record ({fixed}, commitments) hashes to {genesis}"));
    } else if let Some(why) =
        misplaced("the genesis record", 0, &archive.commitments, &made, &archive.genesis, genesis_with)
    {
        report.failed.push(why);
    } else {
        report.failed.push(format!(
            "the genesis record does not match: game, variant, players, start{} or commitments were changed \
             (they hash to {genesis}, the archive says {})",
            if place.is_some() { ", tournament place" } else { "" },
            archive.genesis
        ));
    }
    let mut prev = archive.genesis.clone();
    let mut chain_whole = true;
    for (i, m) in archive.moves.iter().enumerate() {
        let color = match m.color.as_str() {
            "white" => crate::engine::Color::White,
            "black" => crate::engine::Color::Black,
            other => {
                report.failed.push(format!("move record {}: colour {other:?}", i + 1));
                chain_whole = false;
                break;
            }
        };
        if m.ply != i as u32 + 1 {
            report.failed.push(format!("move record {}: numbered as ply {}", i + 1, m.ply));
            chain_whole = false;
        }
        if m.prev != prev {
            report.failed.push(format!("move record {} ({}) does not link to the record before it", i + 1, m.notation));
            chain_whole = false;
        }
        let link_with = |commitments: &[(String, String)]| {
            chain::link(&m.prev, m.ply, color, m.number, m.sealed.as_deref().unwrap_or(&m.notation), commitments)
        };
        let here = made_at(m.ply);
        let hash = link_with(here);
        if hash != m.hash {
            let record = format!("move record {} ({} {})", i + 1, m.number, m.notation);
            report.failed.push(
                misplaced(&record, m.ply, &archive.commitments, &made, &m.hash, link_with).unwrap_or_else(|| {
                    let labels: Vec<&str> = here.iter().map(|(label, _)| label.as_str()).collect();
                    let with = if labels.is_empty() {
                        String::new()
                    } else {
                        format!(" and the commitments made with it ({})", labels.join(", "))
                    };
                    format!("{record} was changed: its fields{with} hash to {hash}, the archive says {}", m.hash)
                }),
            );
            chain_whole = false;
        }
        prev = m.hash.clone();
    }
    if let Some(result) = &archive.result {
        if result.prev != prev {
            report.failed.push(format!("the result record does not link to the last move's record ({prev})"));
            chain_whole = false;
        }
        let hash = chain::close(&result.prev, &result.score, &result.reason);
        if hash != result.hash {
            report.failed.push(format!(
                "the result record ({} {}) was changed: it hashes to {hash}, the archive says {}",
                result.score, result.reason, result.hash
            ));
            chain_whole = false;
        }
        prev = result.hash.clone();
    }
    if prev != archive.chain_head {
        report.failed.push(format!("the chain head {} is not the last record's hash {prev}", archive.chain_head));
        chain_whole = false;
    }
    if chain_whole {
        report.passed.push(format!(
            "the move log is a whole chain of {} move records{} to the head {prev}; compare it with the head in \
             the latest mail from the referee",
            archive.moves.len(),
            if archive.result.is_some() { " and the result" } else { "" }
        ));
    }

    // 3. The secrets are the variant's: the genesis links exactly the setup's.
    let Some(variant) = variants(&archive.variant) else {
        report.failed.push(format!("unknown variant {:?}", archive.variant));
        return report;
    };
    if !archive.genesis.is_empty() {
        let expected = setup_labels(variant);
        let linked: BTreeSet<String> = made_at(0).iter().map(|(label, _)| label.clone()).collect();
        // A game that ended before its first move, while secret choices were awaited (the
        // director's decision, a deadline), got its genesis then, over the setup's commitments
        // made so far; every other game began with all of them.
        let ended_before_it_began = archive.moves.is_empty() && archive.result.is_some();
        if linked == expected || (ended_before_it_began && linked.is_subset(&expected)) {
            if !expected.is_empty() {
                report.passed.push(format!(
                    "the genesis links exactly the setup's commitments: {}",
                    expected.iter().cloned().collect::<Vec<_>>().join(", ")
                ));
            }
        } else {
            let list = |set: &BTreeSet<String>| {
                if set.is_empty() { "none".to_string() } else { set.iter().cloned().collect::<Vec<_>>().join(", ") }
            };
            report.failed.push(format!(
                "the genesis links the commitments {}, but a game of {} commits before its first move {}",
                list(&linked),
                archive.variant,
                list(&expected)
            ));
        }
    }

    // 4. Every move is legal under the opened secrets (the rules never make a move's legality
    // depend on a secret still sealed, so a game in progress replays on those opened so far);
    // 5. each secret was opened when the rules open it; 6. the result follows.
    if !sealed.is_empty() && archive.result.is_some() {
        // The end of a game opens every secret; a finished game with a sealed one hides
        // what its moves' legality depends on.
        report.failed.push(format!("the game is over but still sealed: {}", sealed.join(", ")));
        return report;
    }
    if !sealed.is_empty() && variant.hides_moves() {
        // The moves are sealed entries until the end: what can be checked now is that they
        // are, that nothing was opened before the end, and that the game began where the
        // variant begins.
        let public_start = variant.new_game().public_start();
        if archive.start != public_start {
            report.failed.push(format!("the start {:?} is not the variant's start {public_start:?}", archive.start));
        }
        for m in &archive.moves {
            if m.sealed.as_deref() != Some(m.notation.as_str()) {
                report.failed.push(format!(
                    "move record {} is in full, but {} shows a game in progress only as the sealed entries the \
                     opponent read",
                    m.ply, archive.variant
                ));
            }
        }
        for c in archive.commitments.iter().filter(|c| c.value.is_some()) {
            report.failed.push(format!(
                "commitment {} is open, but the rules of {} open it only at the end of the game",
                c.label, archive.variant
            ));
        }
        report.open.push(format!(
            "still sealed: {}; the moves are hidden until the end, and are replayed once the secrets are opened",
            sealed.join(", ")
        ));
        report.open.push("the game goes on".to_string());
        return report;
    }
    let mut game: Box<dyn VariantGame> = match variant.game_for_audit(&secrets, &sealed) {
        Ok(g) => g,
        Err(e) => {
            report.failed.push(format!("the opened secrets do not make a game: {e}"));
            return report;
        }
    };
    if game.public_start() != archive.start {
        report.failed.push(format!(
            "the start {:?} is not the variant's start {:?}",
            archive.start,
            game.public_start()
        ));
        return report;
    }
    if game.public_start() != game.start_fen() {
        report.passed.push(format!("the setup drawn from the opened secrets is {}", game.start_fen()));
    }
    let mut ciphered = 0;
    let mut committed = 0;
    // After how many moves the rules opened each secret they open during the game.
    let mut opened_by_rules: HashMap<String, u32> = HashMap::new();
    for (i, m) in archive.moves.iter().enumerate() {
        match game.play(&m.notation) {
            Ok(played)
                if variant.same_notation(&m.notation, &played.notation)
                    && played.number == m.number
                    && played.by.name() == m.color =>
            {
                if played.sealed != m.sealed {
                    report.failed.push(format!(
                        "move {} {} was mailed to the opponent as {:?}, but the opened secrets make it {:?}",
                        m.number,
                        m.notation,
                        m.sealed.as_deref().unwrap_or("(in full)"),
                        played.sealed.as_deref().unwrap_or("(in full)"),
                    ));
                    return report;
                }
                ciphered += usize::from(m.sealed.is_some());
                committed += commits_as_archived(&mut report, &by_label, made_at(m.ply), m, &played.commit);
                for label in played.reveal {
                    if sealed.contains(&label) {
                        // The replay went on with a stand-in for it; past this move the
                        // stand-in could decide what the secret decides, so it stops here.
                        report.failed.push(format!(
                            "the rules opened {label} after {} moves, but the archive keeps it sealed",
                            i + 1
                        ));
                        return report;
                    }
                    opened_by_rules.entry(label).or_insert(i as u32 + 1);
                }
            }
            Ok(played) => {
                report.failed.push(format!(
                    "move {} {} was recorded as {} by {}, but replays as {} by {}",
                    m.number,
                    m.notation,
                    m.notation,
                    m.color,
                    played.notation,
                    played.by.name()
                ));
                return report;
            }
            Err(e) => {
                report.failed.push(format!("move {} {} is not legal: {e}", m.number, m.notation));
                return report;
            }
        }
    }
    let on = if sealed.is_empty() { "" } else { " under the secrets opened so far" };
    report.passed.push(format!("all {} moves are legal{on}", archive.moves.len()));
    if ciphered > 0 {
        report.passed.push(format!(
            "all {ciphered} moves mailed in ciphered form recompute exactly from the true moves and the opened key"
        ));
    }
    if committed > 0 {
        report.passed.push(format!(
            "{committed} secret(s) committed during the game were decided by the moves that made them, each with \
             the value it opens to once opened"
        ));
    }
    // Each secret was opened when the rules say: by the move that opens it, or at the end;
    // and one the rules opened is open.
    let at_end = archive.result.as_ref().map(|_| archive.moves.len() as u32);
    let mut openings_checked = 0;
    for c in &archive.commitments {
        let expected = opened_by_rules.get(&c.label).copied().or(at_end);
        match (c.value.is_some(), c.revealed_at_ply) {
            (true, Some(at)) if expected == Some(at) => openings_checked += 1,
            (true, Some(at)) => report.failed.push(format!(
                "commitment {} was opened after {at} moves, but the rules open it {}",
                c.label,
                expected.map_or("only at the end of the game".to_string(), |p| format!("after {p} moves"))
            )),
            (true, None) if expected.is_none() => report
                .failed
                .push(format!("commitment {} is open, but the rules open it only at the end of the game", c.label)),
            _ => {}
        }
    }
    if openings_checked > 0 {
        report.passed.push(format!("{openings_checked} secret(s) were opened when the rules open them"));
    }
    if !sealed.is_empty() {
        report.open.push(format!(
            "still sealed: {}; each is checked to open, with the value the moves decided, once the rules open it",
            sealed.join(", ")
        ));
    }
    let by_rules = game.outcome();
    match (&archive.result, by_rules) {
        (Some(r), Some(outcome)) => {
            if r.score == outcome.pgn_result() && r.reason == outcome.to_string() {
                report.passed.push(format!("the result {} ({}) follows from the moves", r.score, r.reason));
            } else {
                report.failed.push(format!(
                    "the recorded result {} ({}) does not follow: the moves end in {} ({outcome})",
                    r.score,
                    r.reason,
                    outcome.pgn_result()
                ));
            }
        }
        (Some(r), None) => {
            // Not decided by the board: resignation, agreement, a loss on time (only the side
            // to move can lose it), or a claim the rules allow.
            let claims: Vec<String> = game
                .claimable_draws()
                .into_iter()
                .map(|c| crate::engine::Outcome::Draw { reason: c.into() }.to_string())
                .collect();
            let by_word = matches!(
                (r.score.as_str(), r.reason.as_str()),
                ("1-0", "White wins by resignation")
                    | ("0-1", "Black wins by resignation")
                    | ("1/2-1/2", "Draw by agreement")
            );
            let on_time = match (r.score.as_str(), r.reason.as_str()) {
                ("1-0", "White wins on time") => game.turn() == crate::engine::Color::Black,
                ("0-1", "Black wins on time") => game.turn() == crate::engine::Color::White,
                _ => false,
            };
            let by_claim = r.score == "1/2-1/2" && claims.contains(&r.reason);
            let by_director =
                archive.tournament.is_some() && super::tournaments::is_director_reason(&r.score, &r.reason);
            if by_director {
                report.passed.push(format!(
                    "the result {} ({}) is the tournament director's decision, which the moves do not decide{}",
                    r.score,
                    r.reason,
                    if place.is_some() {
                        ", in the tournament game the genesis names"
                    } else {
                        " (a herald-archive-v1 archive: its tournament is not in the chain)"
                    }
                ));
            } else if by_word || by_claim || on_time {
                report.passed.push(format!("the result {} ({}) is one the players may give", r.score, r.reason));
            } else {
                report.failed.push(format!(
                    "the recorded result {} ({}) does not follow: the moves decide nothing, and it is not a \
                     resignation, an agreement, a loss on time of the side to move, a valid claim or a tournament \
                     director's decision",
                    r.score, r.reason
                ));
            }
        }
        (None, Some(outcome)) => {
            report.failed.push(format!("the moves end the game ({outcome}), but the archive records no result"));
        }
        (None, None) => report.open.push("the game goes on".to_string()),
    }
    report
}
