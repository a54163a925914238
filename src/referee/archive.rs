//! A game's archive, and its verification with no database and no trust in the referee.
//!
//! `herald game export ID --json` writes an [`Archive`]: the variant, the players, every
//! move with its chain record, the chain, the commitments (each with the move after which it
//! was made) and the openings revealed so far, and the result. [`verify`] checks, offline,
//! that every revealed commitment opens, that the chain is whole from its genesis to its head
//! (the genesis fixing the setup's commitments, each move's record those the move made), that
//! every move is legal under the revealed secrets (by replaying the game) and commits exactly
//! the secrets the archive says it made, and that the recorded result follows. Each check that
//! fails says what broke, so a changed byte anywhere in these fields is found and named.

use serde::{Deserialize, Serialize};

use super::VariantLookup;
use super::chain;
use super::commitment::Commitment;
use super::records::{GameRecord, MoveRecord};
use crate::variants::{self, Secret, VariantGame};

/// The archive's format name.
pub const FORMAT: &str = "herald-archive-v1";

/// Everything needed to check a game afterwards.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Archive {
    /// Always [`FORMAT`].
    pub format: String,
    /// The game's number.
    pub game: i64,
    /// Variant identifier.
    pub variant: String,
    /// White's address.
    pub white: String,
    /// Black's address.
    pub black: String,
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

/// A tournament game's place in its tournament.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchivedTournament {
    /// The tournament's number.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// The round.
    pub round: u32,
    /// The board.
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
    #[serde(default)]
    pub committed_at_ply: u32,
    /// The value, once revealed.
    pub value: Option<String>,
    /// The nonce, once revealed.
    pub nonce: Option<String>,
    /// How many moves had been played when value and nonce were published; `None` while
    /// sealed, and for a secret opened by a herald that did not record it (archives from
    /// before this field read it as `None`).
    #[serde(default)]
    pub revealed_at_ply: Option<u32>,
}

/// A move in an archive.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ArchivedMove {
    /// Half-move index, from 1.
    pub ply: u32,
    /// "white" or "black".
    pub color: String,
    /// Move number.
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
    /// The archive of a stored game: only the openings already revealed are included.
    pub fn of(record: &GameRecord, start: &str, moves: &[MoveRecord]) -> Archive {
        Archive {
            format: FORMAT.to_string(),
            game: record.id,
            variant: record.variant.clone(),
            white: record.white.email.clone(),
            black: record.black.email.clone(),
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

/// The (label, hash) of the commitments made after `ply` moves: what the genesis record (0)
/// or the `ply`-th move's record links.
fn made_at(commitments: &[ArchivedCommitment], ply: u32) -> Vec<(String, String)> {
    commitments.iter().filter(|c| c.committed_at_ply == ply).map(|c| (c.label.clone(), c.hash.clone())).collect()
}

/// Why `record`, the chain record of ply `ply` (0: the genesis), does not hash to `recorded`,
/// when one commitment put at another ply explains it: the record hashes as recorded without
/// one the archive says was made there, or with one the archive says was made elsewhere.
/// `hash_with` hashes the record's fields with the given commitments.
fn misplaced(
    record: &str,
    ply: u32,
    commitments: &[ArchivedCommitment],
    recorded: &str,
    hash_with: impl Fn(&[(String, String)]) -> String,
) -> Option<String> {
    let here = made_at(commitments, ply);
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
/// were made with it, each with the value its commitment opens to; every difference is a
/// failure. Returns how many it found as archived.
fn commits_as_archived(report: &mut Report, archive: &Archive, m: &ArchivedMove, commit: &[Secret]) -> usize {
    let mut found = 0;
    for secret in commit {
        match archive.commitments.iter().find(|c| c.label == secret.label) {
            None => report.failed.push(format!(
                "move {} {} commits {}, but the archive has no commitment {}",
                m.number, m.notation, secret.label, secret.label
            )),
            Some(c) if c.committed_at_ply != m.ply => report.failed.push(format!(
                "move {} {} commits {}, but the archive says it was made after {} moves",
                m.number, m.notation, secret.label, c.committed_at_ply
            )),
            Some(c) if c.value.as_deref() != Some(secret.value.as_str()) => report.failed.push(format!(
                "move {} {} commits {} = {:?}, but its commitment opens to {:?}",
                m.number, m.notation, secret.label, secret.value, c.value
            )),
            Some(_) => found += 1,
        }
    }
    for c in archive.commitments.iter().filter(|c| c.committed_at_ply == m.ply) {
        if !commit.iter().any(|secret| secret.label == c.label) {
            report.failed.push(format!(
                "the archive says {} was made with move {} {}, but that move decides no such secret when replayed",
                c.label, m.number, m.notation
            ));
        }
    }
    found
}

/// Checks an archive; see the module documentation. The variant is looked up among herald's.
pub fn verify(archive: &Archive) -> Report {
    verify_with(archive, variants::by_id)
}

/// [`verify`], with the variant looked up by `variants` (a test's own variant, say).
pub fn verify_with(archive: &Archive, variants: VariantLookup) -> Report {
    let mut report = Report::default();
    if archive.format != FORMAT {
        report.failed.push(format!("the format is {:?}, not {FORMAT:?}", archive.format));
        return report;
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
        if c.committed_at_ply as usize > archive.moves.len() {
            report.failed.push(format!(
                "commitment {} is said to be made after {} moves, but the archive has {} moves",
                c.label,
                c.committed_at_ply,
                archive.moves.len()
            ));
        }
        if let Some(at) = c.revealed_at_ply.filter(|&at| at < c.committed_at_ply) {
            report.failed.push(format!(
                "commitment {} was opened after {at} moves, before it was made (after {} moves)",
                c.label, c.committed_at_ply
            ));
        }
    }

    // 2. The chain is whole: the genesis fixes the commitments made before the first move,
    // each move's record those the move made.
    let genesis_with = |commitments: &[(String, String)]| {
        chain::genesis(archive.game, &archive.variant, &archive.white, &archive.black, &archive.start, commitments)
    };
    let genesis = genesis_with(&made_at(&archive.commitments, 0));
    if genesis == archive.genesis {
        report.passed.push(format!("the genesis record (players, variant, start, commitments) hashes to {genesis}"));
    } else if let Some(why) = misplaced("the genesis record", 0, &archive.commitments, &archive.genesis, genesis_with) {
        report.failed.push(why);
    } else {
        report.failed.push(format!(
            "the genesis record does not match: game, variant, players, start or commitments were changed \
             (they hash to {genesis}, the archive says {})",
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
        let made = made_at(&archive.commitments, m.ply);
        let hash = link_with(&made);
        if hash != m.hash {
            let record = format!("move record {} ({} {})", i + 1, m.number, m.notation);
            report.failed.push(misplaced(&record, m.ply, &archive.commitments, &m.hash, link_with).unwrap_or_else(
                || {
                    let labels: Vec<&str> = made.iter().map(|(label, _)| label.as_str()).collect();
                    let with = if labels.is_empty() {
                        String::new()
                    } else {
                        format!(" and the commitments made with it ({})", labels.join(", "))
                    };
                    format!("{record} was changed: its fields{with} hash to {hash}, the archive says {}", m.hash)
                },
            ));
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

    // 3. Every move is legal under the revealed secrets; 4. the result follows.
    if !sealed.is_empty() {
        if archive.result.is_some() {
            // The end of a game opens every secret; a finished game with a sealed one hides
            // what its moves' legality depends on.
            report.failed.push(format!("the game is over but still sealed: {}", sealed.join(", ")));
        } else {
            report.open.push(format!(
                "still sealed: {}; the moves' legality can be checked once they are revealed",
                sealed.join(", ")
            ));
        }
        return report;
    }
    let Some(variant) = variants(&archive.variant) else {
        report.failed.push(format!("unknown variant {:?}", archive.variant));
        return report;
    };
    let mut game: Box<dyn VariantGame> = match variant.game_with_secrets(&secrets) {
        Ok(g) => g,
        Err(e) => {
            report.failed.push(format!("the revealed secrets do not make a game: {e}"));
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
    let mut opened_by_rules: Vec<(String, u32)> = Vec::new();
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
                committed += commits_as_archived(&mut report, archive, m, &played.commit);
                for label in played.reveal {
                    if !opened_by_rules.iter().any(|(l, _)| *l == label) {
                        opened_by_rules.push((label, i as u32 + 1));
                    }
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
    report.passed.push(format!("all {} moves are legal", archive.moves.len()));
    if ciphered > 0 {
        report.passed.push(format!(
            "all {ciphered} moves mailed in ciphered form recompute exactly from the true moves and the opened key"
        ));
    }
    if committed > 0 {
        report.passed.push(format!(
            "{committed} secret(s) committed during the game were decided, with the values they open to, by the \
             moves that made them"
        ));
    }
    // Each secret was opened when the rules say: by the move that opens it, or at the end.
    let at_end = archive.result.as_ref().map(|_| archive.moves.len() as u32);
    let mut openings_checked = 0;
    for c in &archive.commitments {
        let Some(at) = c.revealed_at_ply else { continue };
        let expected = opened_by_rules.iter().find(|(l, _)| *l == c.label).map(|&(_, ply)| ply).or(at_end);
        if expected == Some(at) {
            openings_checked += 1;
        } else {
            report.failed.push(format!(
                "commitment {} was opened after {at} moves, but the rules open it {}",
                c.label,
                expected.map_or("only at the end of the game".to_string(), |p| format!("after {p} moves"))
            ));
        }
    }
    if openings_checked > 0 {
        report.passed.push(format!("{openings_checked} secret(s) were opened when the rules open them"));
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
                    "the result {} ({}) is the tournament director's decision, which the moves do not decide",
                    r.score, r.reason
                ));
            } else if by_word || by_claim || on_time {
                report.passed.push(format!("the result {} ({}) is one the players may give", r.score, r.reason));
            } else {
                report.failed.push(format!(
                    "the recorded result {} ({}) does not follow: the moves decide nothing, and it is not a \
                     resignation, an agreement, a loss on time of the side to move or a valid claim",
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
