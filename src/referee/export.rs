//! A game as PGN, for `herald game export ID --pgn` and anyone who replays it: the export of
//! every finished game must replay with `herald replay` (given its secrets) to the same final
//! position.

use crate::referee::records::GameRecord;
use crate::variants::{Observer, VariantGame, diagram};

/// The tags of a game that do not come from its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnHeader {
    /// The `Event` tag.
    pub event: String,
    /// The `Site` tag (the referee's address).
    pub site: String,
    /// The `Date` tag, `YYYY.MM.DD`.
    pub date: String,
    /// The `Round` tag: a tournament game's round and board (`2.1`), else `-`.
    pub round: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result ("1-0", "0-1", "1/2-1/2") and how it came, once the game is over.
    pub result: Option<(String, String)>,
}

impl PgnHeader {
    /// The header of stored game `record`: its tournament's name as the event (else `herald
    /// game #N`), its round and board, the day it began (UTC), its result; the players named
    /// `white` and `black` (the command line writes them as stored, the club's site by the
    /// names it shows), and `site` where it was played.
    pub fn of(record: &GameRecord, site: String, white: String, black: String) -> PgnHeader {
        PgnHeader {
            event: record.tournament.as_ref().map_or_else(|| format!("herald game #{}", record.id), |t| t.name.clone()),
            round: record.tournament.as_ref().map_or("-".to_string(), |t| format!("{}.{}", t.round, t.board)),
            site,
            date: record.created_at.strftime("%Y.%m.%d").to_string(),
            white,
            black,
            result: record.result.as_ref().map(|r| (r.score.clone(), r.reason.clone())),
        }
    }
}

/// `game` as PGN, as `observer` may see it. For [`Observer::Everyone`] (a finished game, or an
/// operator who asked to see everything), the start (a `FEN` tag where it is not the variant's
/// own) and every move; for [`Observer::Public`] in a game with secrets, only what both players
/// may know: the start and the moves when they are public (Crown), else no position and the
/// moves as both players read them, in a comment (Secret Intelligence's sealed entries), so
/// nothing in the file reads as a move it is not.
pub fn pgn(header: &PgnHeader, game: &dyn VariantGame, observer: Observer) -> String {
    let view = game.view(observer);
    let public_moves = view.moves == game.moves() && game.public_start() == game.start_fen();
    let shown_in_full = observer == Observer::Everyone || public_moves;
    let result = header.result.as_ref().map_or("*", |(score, _)| score.as_str()).to_string();
    let escape = |s: &str| s.replace('\\', "\\\\").replace('"', "\\\"");
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    tag("Event", &header.event);
    tag("Site", &header.site);
    tag("Date", &header.date);
    tag("Round", &header.round);
    tag("White", &header.white);
    tag("Black", &header.black);
    tag("Result", &result);
    let variant = game.variant();
    if variant.id() != "chess" {
        tag("Variant", variant.name());
    }
    let start = game.start_fen();
    if shown_in_full && start != variant.rules().def().start_fen {
        tag("SetUp", "1");
        tag("FEN", &start);
    }
    if let Some((_, reason)) = &header.result {
        tag("Termination", reason);
    }
    out.push('\n');
    let mut text = if shown_in_full {
        diagram::move_list(&view)
    } else {
        let sealed = diagram::move_list(&view);
        format!(
            "{{herald: the start and the moves stay sealed while the game goes on; both players read the moves \
             as: {}}}",
            if sealed.is_empty() { "none yet".to_string() } else { sealed }
        )
    };
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(&result);
    // PGN lines stay under 80 characters.
    let mut line = String::new();
    for word in text.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}
