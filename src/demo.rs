//! `herald demo [--variant V] [--dir D]`: a short game through the real pipeline — Maildir
//! in, SQLite, templates, Maildir out, in D or a temporary folder — printing every mail each
//! player receives and then the verification of the finished game's archive, so a newcomer
//! sees the product work (commitments, notes opened, ciphered move lists, an archive anyone
//! can check) without a mail server. Each variant's game shows what makes that variant
//! itself (a crowd forming, stones and a mine, a ninja's double capture, a crown handed
//! over); every move is checked by the referee as the demo plays it. The mails are left as
//! files with an index page to open in a browser (`D/index.html`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use mailparse::MailHeaderMap;

use crate::clock::SystemClock;
use crate::config::{Config, Referee, Transport};
use crate::engine::Color;
use crate::mail::maildir::Maildir;
use crate::mail::reply::compose_reply;
use crate::mail::transport::MaildirSink;
use crate::referee::records::Player;
use crate::service::Service;

const ALICE: &str = "alice@players.example";
const BOB: &str = "bob@players.example";

/// The variant `herald demo` plays without `--variant`: a Crown game shows what herald is for
/// (two notes committed before the first move, one opened by the rules, the other at the end,
/// and the archive verified).
pub const DEFAULT_VARIANT: &str = "crown";

/// One mail of a demo game: who writes, and what.
enum Step {
    /// A move, as written: the referee must accept it (the demo stops with an error if not,
    /// so a script that went stale cannot pass for a demo).
    Move(&'static str, &'static str),
    /// Words that are no move (a setup answer, `resign`), as written.
    Says(&'static str, &'static str),
    /// A move the rules refuse, to show the refusal: the referee must not accept it.
    Refused(&'static str, &'static str),
    /// The answer to the variant's question before the first move (its setup request).
    Setup(&'static str),
    /// A legal move of the player, found by the demo (see [`some_legal_move`]).
    AnyMove(&'static str),
}

use Step::{AnyMove, Move, Refused, Says, Setup};

/// A variant's demo: what it shows of the variant, in a line the demo prints first, and its
/// mails.
struct Script {
    shows: &'static str,
    /// The answers before the first move, if the variant asks for any.
    prelude: &'static [Step],
    steps: &'static [Step],
}

/// The Crown family's answers: Alice crowns her king, Bob his queen.
const CROWNS: &[Step] = &[Says(ALICE, "crown king"), Says(BOB, "crown queen")];

/// White's ninja drops on e4, then takes the pawn d5 and the knight c6 in one move; White
/// resigns.
const DOUBLE_CAPTURE: &[Step] = &[
    Move(ALICE, "J@e4"),
    Move(BOB, "Nc6"),
    Move(ALICE, "Nc3"),
    Move(BOB, "d5"),
    Move(ALICE, "Jxd5xc6"),
    Move(BOB, "bxc6"),
    Says(ALICE, "resign"),
];

/// Chess: Bob's first try is illegal, to show a refusal; then a mate.
const CHESS: Script = Script {
    shows: "a refused move (the king cannot take on e4), then the four-move mate",
    prelude: &[],
    steps: &[
        Move(ALICE, "1. e4"),
        Move(BOB, "1... e5"),
        Move(ALICE, "Bc4"),
        Move(BOB, "Nc6"),
        Move(ALICE, "Qh5"),
        Refused(BOB, "Kxe4"),
        Move(BOB, "Nf6"),
        Move(ALICE, "Qxf7#"),
    ],
};

/// Crown: Alice crowns her king, Bob his queen; 3. Bxe8 takes Bob's uncrowned king, which
/// opens his note (the mails print the opening and the `sha256sum` line that checks it), his
/// crowned queen answers, and Alice resigns, which opens hers.
const CROWN: Script = Script {
    shows: "both crowns committed before the first move; Black's uncrowned king falls and his note \
            opens; White resigns and hers opens",
    prelude: CROWNS,
    steps: &[
        Move(ALICE, "e4"),
        Move(BOB, "d5"),
        Move(ALICE, "Bb5"),
        Move(BOB, "a6"),
        Move(ALICE, "Bxe8"),
        Move(BOB, "Qxe8"),
        Says(ALICE, "resign"),
    ],
};

/// Capablanca: the two pieces chess has not, each on its first move.
const CAPABLANCA: Script = Script {
    shows: "the Archbishop (A, bishop+knight) and the Chancellor (C, rook+knight) leaping out",
    prelude: &[],
    steps: &[
        Move(ALICE, "e4"),
        Move(BOB, "e5"),
        Move(ALICE, "Ad3"),
        Move(BOB, "Cg6"),
        Move(ALICE, "Nc3"),
        Move(BOB, "Nc6"),
        Says(ALICE, "resign"),
    ],
};

/// Crown with stones (tests/crown2_mail.rs): White's uncrowned queen falls, White drops two
/// stones at once (one mined), then the third; Black's crowned queen takes the mined stone and
/// is blown up.
const CROWN_2: Script = Script {
    shows: "White's uncrowned queen falls, her stones enter (S@c3,e7*: two at once, e7 mined), and \
            Black's crowned queen takes the mine and is blown up",
    prelude: CROWNS,
    steps: &[
        Move(ALICE, "d4"),
        Move(BOB, "e5"),
        Move(ALICE, "Qd2"),
        Move(BOB, "a6"),
        Move(ALICE, "Qd3"),
        Move(BOB, "a5"),
        Move(ALICE, "Qc4"),
        Move(BOB, "a4"),
        Move(ALICE, "Qc5"),
        Move(BOB, "Bxc5"),
        Move(ALICE, "S@c3,e7*"),
        Move(BOB, "Nf6"),
        Move(ALICE, "S@h3"),
        Move(BOB, "Qxe7"),
    ],
};

/// Crown with a hidden crown (tests/crown3_mail.rs): White's uncrowned queen falls, White hides
/// her crown on e6, Black's pieces search, and his bishop finds it.
const CROWN_3: Script = Script {
    shows: "White's uncrowned queen falls, White hides her crown on a square (committed, never \
            named to Black), Black searches and his bishop finds it on e6",
    prelude: CROWNS,
    steps: &[
        Move(ALICE, "e3"),
        Move(BOB, "Nc6"),
        Move(ALICE, "Qe2"),
        Move(BOB, "Nd4"),
        Move(ALICE, "Nf3"),
        Move(BOB, "Nxe2"),
        Move(ALICE, "Bxe2"),
        Move(BOB, "d6"),
        Move(ALICE, "hide e6"),
        Move(BOB, "Bg4"),
        Move(ALICE, "Bc4"),
        Move(BOB, "Nf6"),
        Move(ALICE, "Bxf7"),
        Move(BOB, "Kd7"),
        Move(ALICE, "Bb3"),
        Move(BOB, "e5"),
        Move(ALICE, "d4"),
        Move(BOB, "Be6"),
    ],
};

/// Crown with a split king (tests/crown4_mail.rs): White's uncrowned queen falls, her king
/// splits into a W half and an F half, the F half secretly crowned, and Black's knight takes it.
const CROWN_4: Script = Script {
    shows: "White's uncrowned queen falls, her king splits into a W and an F half (the F half \
            secretly crowned), and Black's knight takes the crowned half",
    prelude: CROWNS,
    steps: &[
        Move(ALICE, "e4"),
        Move(BOB, "d5"),
        Move(ALICE, "Qe2"),
        Move(BOB, "d4"),
        Move(ALICE, "Qe3"),
        Move(BOB, "dxe3"),
        Move(ALICE, "split We1 Fe2*"),
        Move(BOB, "Nc6"),
        Move(ALICE, "Nf3"),
        Move(BOB, "Nd4"),
        Move(ALICE, "a3"),
        Move(BOB, "Nxe2"),
    ],
};

/// Royal Chess: the opening of the seed's sample game, in its numeric notation, to White's
/// castling with a Guard's move.
const ROYAL: Script = Script {
    shows: "the seed's opening in numeric notation: Black castles (C8), White castles with her \
            Queen's Guard moving first (C3-G4); then Black resigns",
    prelude: &[],
    steps: &[
        Move(ALICE, "54"),
        Move(BOB, "N-76"),
        Move(ALICE, "44"),
        Move(BOB, "86"),
        Move(ALICE, "N-43"),
        Move(BOB, "B-87"),
        Move(ALICE, "B-85"),
        Move(BOB, "C8"),
        Move(ALICE, "Q-42"),
        Move(BOB, "36"),
        Move(ALICE, "C3-G4"),
        Says(BOB, "resign"),
    ],
};

/// Safety in Numbers (tests/safety_in_numbers_mail.rs): a pawn steps onto an enemy pawn and a
/// crowd forms, a knight joins it, a capture on it is refused, the queen joins it with check.
const SAFETY_IN_NUMBERS: Script = Script {
    shows: "Black's pawn steps onto White's and a crowd forms on e4, White's knight joins it, a \
            capture there is refused, Black's queen joins it and checks from it",
    prelude: &[],
    steps: &[
        Move(ALICE, "e4"),
        Move(BOB, "e5"),
        Move(ALICE, "Nc3"),
        Move(BOB, "e5-e4"),
        Move(ALICE, "Nc3-e4"),
        Move(BOB, "Qh4"),
        Move(ALICE, "a3"),
        Refused(BOB, "Qxe4"),
        Move(BOB, "Qh4-e4+"),
        Says(ALICE, "resign"),
    ],
};

/// A ninja host without secrets (tests/ninja_mail.rs): White's ninja drops, then takes a pawn
/// and a knight in one move.
const NINJA: Script = Script {
    shows: "White's ninja drops on e4, then takes the pawn d5 and the knight c6 in one move",
    prelude: &[],
    steps: DOUBLE_CAPTURE,
};

/// The same double capture in a Crown game with ninjas, after the crowns.
const CROWN_FAMILY_NINJA: Script = Script {
    shows: "both crowns committed; White's ninja drops on e4, then takes the pawn d5 and the \
            knight c6 in one move",
    prelude: CROWNS,
    steps: DOUBLE_CAPTURE,
};

/// Crown with ninjas (tests/crown_ninja_mail.rs): Black's ninja drops, passes, leaves over
/// the edge; White's takes the uncrowned queen and the crowned king in one move.
const CROWN_NINJA: Script = Script {
    shows: "Black's ninja drops, passes and goes back to reserve over the edge; White's takes \
            Black's queen and his crowned king in one move",
    prelude: &[],
    steps: &[
        Says(ALICE, "crown king"),
        Says(BOB, "crown king"),
        Move(ALICE, "e4"),
        Move(BOB, "J@h5"),
        Move(ALICE, "Nf3"),
        Move(BOB, "Jh5-h5"),
        Move(ALICE, "J@c6"),
        Move(BOB, "Jh5-off"),
        Move(ALICE, "Jc6xd7"),
        Move(BOB, "J@e3"),
        Move(ALICE, "Jxd8xe8"),
    ],
};

/// The Crown of Krithala: the seed's sample game (docs/rules/krithala.md).
const KRITHALA: Script = Script {
    shows: "White's King hands the crown to the Queen (K>d1), the Queen's third move drops it \
            (Qb3@c4), the Bishop picks it up (Bc4^), and Black takes the Bishop with the crown",
    prelude: &[],
    steps: &[
        Move(ALICE, "e4"),
        Move(BOB, "e5"),
        Move(ALICE, "Nf3"),
        Move(BOB, "Nc6"),
        Move(ALICE, "K>d1"),
        Move(BOB, "Nf6"),
        Move(ALICE, "Qe2"),
        Move(BOB, "Bc5"),
        Move(ALICE, "Qc4"),
        Move(BOB, "d6"),
        Move(ALICE, "Qb3"),
        Move(BOB, "Be6"),
        Refused(ALICE, "Qc4"),
        Move(ALICE, "Bc4^"),
        Move(BOB, "Bxc4"),
    ],
};

/// The Crown of Krithala over Capablanca chess: the crown handed over and dropped, and the
/// Archbishop stopping on it.
const KRITHALA_CAPABLANCA: Script = Script {
    shows: "White's King hands the crown to the Queen (K>e1), the Queen's third move drops it on \
            c4, and Black's Archbishop stops on it and captures it",
    prelude: &[],
    steps: &[
        Move(ALICE, "e4"),
        Move(BOB, "e5"),
        Move(ALICE, "K>e1"),
        Move(BOB, "Nc6"),
        Move(ALICE, "Qe2"),
        Move(BOB, "d6"),
        Move(ALICE, "Qc4"),
        Move(BOB, "a6"),
        Move(ALICE, "Qb3@c4"),
        Move(BOB, "Ae6"),
        Move(ALICE, "a3"),
        Move(BOB, "Ac4"),
    ],
};

/// The Crown of Krithala over Royal Chess, in its numeric notation.
const KRITHALA_ROYAL: Script = Script {
    shows: "White's King hands the crown to the pawn on 52 (K>52), which carries it forward",
    prelude: &[],
    steps: &[
        Move(ALICE, "K>52"),
        Move(BOB, "N-76"),
        Move(ALICE, "54"),
        Move(BOB, "86"),
        Move(ALICE, "44"),
        Move(BOB, "B-87"),
        Says(ALICE, "resign"),
    ],
};

/// Every other variant (Secret Intelligence): each player answers the setup question, three
/// moves each are played, and Alice resigns, which ends the game and opens every secret.
const ANY: Script = Script {
    shows: "both players' seeds, then three moves a side, each player seeing the other's pieces \
            only where they moved and the move list ciphered; White resigns and every hidden \
            piece is shown",
    prelude: &[],
    steps: &[
        Setup(ALICE),
        Setup(BOB),
        AnyMove(ALICE),
        AnyMove(BOB),
        AnyMove(ALICE),
        AnyMove(BOB),
        AnyMove(ALICE),
        AnyMove(BOB),
        Says(ALICE, "resign"),
    ],
};

/// The demo of `variant`.
fn script(variant: &str) -> &'static Script {
    match variant {
        "chess" => &CHESS,
        "capablanca" => &CAPABLANCA,
        "crown" => &CROWN,
        "crown-2" => &CROWN_2,
        "crown-3" => &CROWN_3,
        "crown-4" => &CROWN_4,
        "royal" => &ROYAL,
        "safety-in-numbers" => &SAFETY_IN_NUMBERS,
        "chess+ninja" | "capablanca+ninja" => &NINJA,
        "crown+ninja" => &CROWN_NINJA,
        "crown-2+ninja" | "crown-3+ninja" | "crown-4+ninja" => &CROWN_FAMILY_NINJA,
        "krithala" => &KRITHALA,
        "krithala+capablanca" => &KRITHALA_CAPABLANCA,
        "krithala+royal" => &KRITHALA_ROYAL,
        _ => &ANY,
    }
}

/// The file that marks a folder as a demo's output, so that a later demo may write over it.
const MARK: &str = ".herald-demo";

/// What a demo writes in its folder: only these a later demo removes.
const WRITTEN: &[&str] = &[
    MARK,
    "herald.db",
    "herald.db-wal",
    "herald.db-shm",
    "herald.db.sent",
    "herald.db.lock",
    "herald.db.send.lock",
    "inbox",
    "sent",
    "mails",
    "index.html",
];

/// The folder a demo runs in: `dir` itself (made if missing; an empty folder, or a previous
/// demo's, whose files are removed first), or a new folder in the system's temporary folder.
fn demo_folder(dir: Option<&Path>) -> Result<PathBuf, String> {
    let Some(dir) = dir else {
        let name = format!("herald-demo-{}-{}", std::process::id(), jiff::Timestamp::now().as_millisecond());
        return Ok(std::env::temp_dir().join(name));
    };
    let entries: Vec<String> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .map(|e| e.map(|e| e.file_name().to_string_lossy().into_owned()))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(format!("cannot use {} for the demo: {e}", dir.display())),
    };
    if entries.is_empty() {
        return Ok(dir.to_path_buf());
    }
    let is_written = |name: &str| WRITTEN.contains(&name) || (name.starts_with("game-") && name.ends_with(".json"));
    let others: Vec<&String> = entries.iter().filter(|name| !is_written(name)).collect();
    if !entries.iter().any(|name| name == MARK) || !others.is_empty() {
        let listed: Vec<&String> = if others.is_empty() { entries.iter().collect() } else { others };
        let shown: Vec<&str> = listed.iter().take(5).map(|name| name.as_str()).collect();
        return Err(format!(
            "{} is not empty ({}{}) and is no earlier demo's folder: herald demo writes only into an empty or new \
             folder, or over a demo it wrote before. Name another folder with --dir.",
            dir.display(),
            shown.join(", "),
            if listed.len() > shown.len() { ", ..." } else { "" }
        ));
    }
    // An earlier demo's folder: its files go, and this demo writes anew.
    for name in &entries {
        let path = dir.join(name);
        let removed = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
        removed.map_err(|e| format!("cannot remove the earlier demo's {}: {e}", path.display()))?;
    }
    Ok(dir.to_path_buf())
}

/// Runs a demo game of `variant` in `dir` (see [`demo_folder`]), writes every mail to `out`,
/// then the archive's verification, as `herald verify` prints it; leaves each player's mails
/// as files with an index page (`index.html`) beside the game's archive. Returns the folder.
pub fn run(variant: &str, language: Option<&str>, dir: Option<&Path>, out: &mut dyn Write) -> Result<PathBuf, String> {
    let known = crate::variants::by_id(variant).ok_or_else(|| {
        let known: Vec<&str> = crate::variants::all().iter().map(|v| v.id()).collect();
        format!("unknown variant {variant:?}; known: {}", known.join(", "))
    })?;
    if let Some(code) = language
        && crate::language::shipped_files(code).is_none()
    {
        let known: Vec<&str> = crate::language::shipped_codes().collect();
        return Err(format!("unknown language {code:?}; known: {}", known.join(", ")));
    }
    let root = demo_folder(dir)?;
    std::fs::create_dir_all(&root).map_err(|e| format!("cannot make {}: {e}", root.display()))?;
    std::fs::write(root.join(MARK), "written by herald demo: a later demo may write over this folder\n")
        .map_err(|e| format!("cannot write into {}: {e}", root.display()))?;
    let config = Config {
        referee: Referee {
            address: "referee@club.example".into(),
            name: "herald referee".into(),
            domain: None,
            director: None,

            commitments_url: None,
            language: language.map(str::to_string),
        },
        database: root.join("herald.db"),
        inbox: crate::config::Inbox {
            maildir: Some(root.join("inbox")),
            // The demo's mails carry no DKIM signature a server has checked, so a club's
            // default would ask Alice to confirm her resignation by a second mail.
            authentication: crate::config::Authentication {
                confirm_game_ending: crate::config::ConfirmGameEnding::Never,
                ..Default::default()
            },
            ..Default::default()
        },
        outgoing: crate::config::Outgoing {
            transport: Transport::Maildir { path: root.join("sent") },
            ..Default::default()
        },
        ..Config::default()
    };
    let fail = |e: &dyn std::fmt::Display| e.to_string();
    Service::init(&config).map_err(|e| fail(&e))?;
    let mut service = Service::open(config, Arc::new(SystemClock)).map_err(|e| fail(&e))?;
    let lock = service.try_send_lock().map_err(|e| fail(&e))?.ok_or("the demo's outbox is locked")?;
    let sink = MaildirSink::new(root.join("sent"));
    let inbox = Maildir::create(&root.join("inbox")).map_err(|e| fail(&e))?;
    let stop = AtomicBool::new(false);

    let alice = Player { email: ALICE.into(), name: Some("Alice".into()) };
    let bob = Player { email: BOB.into(), name: Some("Bob".into()) };
    let id = service.new_game(known.id(), alice, bob).map_err(|e| fail(&e))?;
    service.send_due(&lock, &sink).map_err(|e| fail(&e))?;
    let script = script(known.id());
    writeln!(out, "herald demo: {} game #{id}, Alice (White) vs Bob (Black), in {}", known.name(), root.display())
        .map_err(|e| fail(&e))?;
    writeln!(out, "It shows: {}.\n", script.shows).map_err(|e| fail(&e))?;

    for step in script.prelude.iter().chain(script.steps) {
        let (player, text) = match step {
            Move(player, text) | Says(player, text) | Refused(player, text) => (*player, (*text).to_string()),
            Setup(player) => match setup_answer(&mut service, id, player)? {
                Some(text) => (*player, text),
                None => continue,
            },
            AnyMove(player) => (*player, some_legal_move(&mut service, id)?),
        };
        let latest = mails(&sink, player)?.pop().ok_or("no mail to reply to")?;
        let reply = compose_reply(&latest, player, &text)?;
        inbox.deliver(&reply).map_err(|e| fail(&e))?;
        writeln!(out, ">>> {player} replies: {text}").map_err(|e| fail(&e))?;
        let before = progress(&mut service, id)?;
        service.serve_pass(&lock, &sink, &stop).map_err(|e| fail(&e))?;
        let moved = progress(&mut service, id)? != before;
        match step {
            Move(..) | AnyMove(..) if !moved => {
                return Err(format!(
                    "the demo's move {text:?} by {player} was refused; the referee answered:\n{}",
                    latest_text(&sink, player)?
                ));
            }
            Refused(..) if moved => {
                return Err(format!("the demo's move {text:?} by {player} was meant to be refused"));
            }
            _ => {}
        }
    }
    writeln!(out).map_err(|e| fail(&e))?;
    for player in [ALICE, BOB] {
        for (n, raw) in mails(&sink, player)?.iter().enumerate() {
            print_mail(out, player, n + 1, raw)?;
        }
    }

    // What a stranger would do with the finished game: export its archive and verify it.
    let archive = service.archive(id).map_err(|e| fail(&e))?;
    let archive_name = format!("game-{id}.json");
    let path = root.join(&archive_name);
    let json = serde_json::to_string_pretty(&archive).map_err(|e| fail(&e))?;
    std::fs::write(&path, json).map_err(|e| fail(&e))?;
    let report = crate::referee::archive::verify(&archive);
    writeln!(out, "{}\n$ herald verify {}", "=".repeat(78), path.display()).map_err(|e| fail(&e))?;
    for line in &report.passed {
        writeln!(out, "ok      {line}").map_err(|e| fail(&e))?;
    }
    for line in report.open.iter().chain(&report.failed) {
        writeln!(out, "FAILED  {line}").map_err(|e| fail(&e))?;
    }
    if !report.ok() || !report.open.is_empty() {
        return Err(format!("the demo game's archive does not verify: {}", path.display()));
    }
    writeln!(out, "verified").map_err(|e| fail(&e))?;

    let title = format!("herald demo: {} game #{id}", known.name());
    let index = write_mail_files(&root, &sink, &title, script.shows, &archive_name)?;
    writeln!(
        out,
        "\nThe mails, to open in a browser: {}\nEach player's mails as text, HTML and as sent: {}\nThe Maildirs \
         they were delivered to: {}",
        index.display(),
        root.join("mails").display(),
        root.join("sent").display()
    )
    .map_err(|e| fail(&e))?;
    Ok(root)
}

/// How far game `id` is: its plies, and whether it has ended.
fn progress(service: &mut Service, id: i64) -> Result<(usize, bool), String> {
    service
        .store()
        .read(|tx| Ok((tx.moves(id)?.len(), tx.game(id)?.is_some_and(|g| g.result.is_some()))))
        .map_err(|e: crate::store::StoreError| e.to_string())
}

/// The text of the latest mail to `player`.
fn latest_text(sink: &MaildirSink, player: &str) -> Result<String, String> {
    let raw = mails(sink, player)?.pop().unwrap_or_default();
    let parsed = mailparse::parse_mail(&raw).map_err(|e| e.to_string())?;
    crate::mail::plain_part(&parsed).get_body().map_err(|e| e.to_string())
}

/// One mail as the demo leaves it in `mails/PLAYER/`: its number, Subject, and the files
/// written (text, HTML if it has an HTML part, the mail as sent).
struct MailFiles {
    number: usize,
    subject: String,
    text: String,
    html: Option<String>,
    sent: String,
}

/// Each player's mails as files under `root/mails/` (the text part; the HTML part with its
/// pictures beside it, their `cid:` links made file names; the mail as sent), and
/// `root/index.html` linking every one of them and the archive. Returns the index's path.
fn write_mail_files(
    root: &Path,
    sink: &MaildirSink,
    title: &str,
    shows: &str,
    archive: &str,
) -> Result<PathBuf, String> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |e: std::io::Error| format!("cannot write {path}: {e}")
    };
    let mut sections = String::new();
    for player in [ALICE, BOB] {
        let local = player.split('@').next().unwrap_or(player);
        let folder = root.join("mails").join(local);
        std::fs::create_dir_all(&folder).map_err(io(&folder))?;
        let mut written = Vec::new();
        for (n, raw) in mails(sink, player)?.iter().enumerate() {
            written.push(write_mail(&folder, local, n + 1, raw)?);
        }
        sections.push_str(&format!(
            "<h2>Mails to {}</h2>\n<table>\n<tr><th>#</th><th>Subject</th><th colspan=\"3\">open</th></tr>\n",
            crate::markup::escape(player)
        ));
        for mail in written {
            let link = |href: &str, label: &str| format!("<a href=\"{}\">{label}</a>", crate::markup::escape(href));
            sections.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                mail.number,
                crate::markup::escape(&mail.subject),
                link(&mail.text, "text"),
                mail.html.as_deref().map_or(String::new(), |href| link(href, "HTML")),
                link(&mail.sent, "as sent (.eml)")
            ));
        }
        sections.push_str("</table>\n");
    }
    let page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{title}</title>\n\
         <style>body{{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em}}\
         table{{border-collapse:collapse}}td,th{{padding:.2em .6em;text-align:left;vertical-align:top}}\
         tr:nth-child(even){{background:#f3f3f3}}</style>\n</head>\n<body>\n<h1>{title}</h1>\n\
         <p>It shows: {shows}.</p>\n<p>Every mail each player got, in order: as text (what herald reads and a \
         text client shows), as HTML (with the board's picture) and as sent. The finished game's archive, which \
         <code>herald verify</code> checks: <a href=\"{archive}\">{archive}</a>.</p>\n{sections}</body>\n</html>\n",
        title = crate::markup::escape(title),
        shows = crate::markup::escape(shows),
        archive = crate::markup::escape(archive),
    );
    let index = root.join("index.html");
    std::fs::write(&index, page).map_err(io(&index))?;
    Ok(index)
}

/// Writes mail `number` to `player` (`local`, the address's local part) into `folder`.
fn write_mail(folder: &Path, local: &str, number: usize, raw: &[u8]) -> Result<MailFiles, String> {
    let write = |name: &str, bytes: &[u8]| {
        let path = folder.join(name);
        std::fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok::<String, String>(format!("mails/{local}/{name}"))
    };
    let parsed = mailparse::parse_mail(raw).map_err(|e| e.to_string())?;
    let subject = parsed.headers.get_first_value("Subject").unwrap_or_default();
    let stem = format!("{number:02}");
    let body = crate::mail::plain_part(&parsed).get_body().map_err(|e| e.to_string())?;
    let text = write(&format!("{stem}.txt"), format!("Subject: {subject}\n\n{body}").as_bytes())?;
    let sent = write(&format!("{stem}.eml"), raw)?;
    let mut leaves = Vec::new();
    leaf_parts(&parsed, &mut leaves);
    let html = match leaves.iter().find(|p| p.ctype.mimetype.eq_ignore_ascii_case("text/html")) {
        None => None,
        Some(part) => {
            let mut html = part.get_body().map_err(|e| e.to_string())?;
            for (k, image) in leaves.iter().filter(|p| p.ctype.mimetype.starts_with("image/")).enumerate() {
                let id = image.headers.get_first_value("Content-ID").unwrap_or_default();
                let id = id.trim().trim_start_matches('<').trim_end_matches('>');
                let extension = image.ctype.mimetype.trim_start_matches("image/");
                let name = format!("{stem}-{}.{extension}", k + 1);
                write(&name, &image.get_body_raw().map_err(|e| e.to_string())?)?;
                html = html.replace(&format!("cid:{id}"), &name);
            }
            Some(write(&format!("{stem}.html"), html.as_bytes())?)
        }
    };
    Ok(MailFiles { number, subject, text, html, sent })
}

/// The leaves of a mail's MIME tree, in order.
fn leaf_parts<'m, 'a>(part: &'m mailparse::ParsedMail<'a>, out: &mut Vec<&'m mailparse::ParsedMail<'a>>) {
    if part.subparts.is_empty() {
        out.push(part);
    }
    for sub in &part.subparts {
        leaf_parts(sub, out);
    }
}

/// The game as the referee holds it (the demo plays both sides, so it may look).
fn stored_game(service: &mut Service, id: i64) -> Result<Box<dyn crate::variants::VariantGame>, String> {
    let record = service
        .store()
        .read(|tx| tx.game(id))
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("there is no game #{id}"))?;
    let variant = crate::variants::by_id(&record.variant).ok_or("the demo's variant is unknown")?;
    variant.restore(&record.snapshot).map_err(|e| e.to_string())
}

/// What `player` answers to the variant's question before the first move, if it asks one:
/// the first of the offered answers for White, the last for Black (`crown king` and
/// `crown queen`), a word of the player's own where one is wanted (`seed alice`).
fn setup_answer(service: &mut Service, id: i64, player: &str) -> Result<Option<String>, String> {
    let color = if player == ALICE { Color::White } else { Color::Black };
    let game = stored_game(service, id)?;
    let Some(request) = game.setup_requests().into_iter().find(|r| r.player == color) else {
        return Ok(None);
    };
    // A prompt is "answer or answer", perhaps followed by a comment in brackets.
    let offered = request.prompt.split(" (").next().unwrap_or_default();
    let choices: Vec<&str> = offered.split(" or ").map(str::trim).collect();
    let choice = if color == Color::White { choices[0] } else { choices[choices.len() - 1] };
    let name = player.split('@').next().unwrap_or(player);
    Ok(Some(choice.replace("WORD", name)))
}

/// A legal move of the side to move, written from square to square (`e2-e4`), which every
/// variant reads: the first the referee's own game accepts, trying central files first and
/// the farthest square first, so that the demo's games open as players' do. A refused try
/// changes nothing (`VariantGame::play` checks before it plays).
fn some_legal_move(service: &mut Service, id: i64) -> Result<String, String> {
    let mut game = stored_game(service, id)?;
    let fen = game.fen();
    let board = fen.split(' ').next().unwrap_or_default();
    let board = board.split('[').next().unwrap_or(board);
    let ranks = board.split('/').count();
    let files = board_width(board.split('/').next().unwrap_or_default());
    let mut by_centre: Vec<usize> = (0..files).collect();
    by_centre.sort_by_key(|&f| (2 * f).abs_diff(files - 1));
    // The pawns' rank first, then the pieces' behind it, then the rest towards the enemy.
    let mut from_ranks: Vec<usize> = [2, 1].into_iter().chain(3..=ranks).collect();
    if game.turn() == Color::Black {
        from_ranks = from_ranks.iter().map(|r| ranks + 1 - r).collect();
    }
    let square = |file: usize, rank: usize| format!("{}{rank}", char::from(b'a' + file as u8));
    for &rank in &from_ranks {
        for &file in &by_centre {
            let mut targets: Vec<(usize, usize)> = (1..=ranks).flat_map(|r| (0..files).map(move |f| (f, r))).collect();
            targets.sort_by_key(|&(f, r)| std::cmp::Reverse(f.abs_diff(file) + r.abs_diff(rank)));
            for (to_file, to_rank) in targets {
                let text = format!("{}-{}", square(file, rank), square(to_file, to_rank));
                if let Ok(played) = game.play(&text) {
                    return Ok(played.notation);
                }
            }
        }
    }
    Err("the demo found no legal move".to_string())
}

/// Squares in one rank of a FEN board: digits count empty squares, a bracketed crowd one.
fn board_width(rank: &str) -> usize {
    let mut width = 0;
    let mut digits = String::new();
    let mut in_crowd = false;
    for c in rank.chars() {
        if c.is_ascii_digit() && !in_crowd {
            digits.push(c);
            continue;
        }
        width += digits.parse::<usize>().unwrap_or(0);
        digits.clear();
        match c {
            '[' => in_crowd = true,
            ']' => {
                in_crowd = false;
                width += 1;
            }
            _ if in_crowd => {}
            _ if c.is_ascii_alphabetic() => width += 1,
            _ => {}
        }
    }
    width + digits.parse::<usize>().unwrap_or(0)
}

/// The mails `player` received, in order.
fn mails(sink: &MaildirSink, player: &str) -> Result<Vec<Vec<u8>>, String> {
    let maildir = Maildir::create(&sink.maildir(player)).map_err(|e| e.to_string())?;
    maildir.all_mail().map_err(|e| e.to_string())?.iter().map(|p| std::fs::read(p).map_err(|e| e.to_string())).collect()
}

fn print_mail(out: &mut dyn Write, player: &str, n: usize, raw: &[u8]) -> Result<(), String> {
    let parsed = mailparse::parse_mail(raw).map_err(|e| e.to_string())?;
    let subject = parsed.headers.get_first_value("Subject").unwrap_or_default();
    let body = crate::mail::plain_part(&parsed).get_body().map_err(|e| e.to_string())?;
    let rule = "=".repeat(78);
    writeln!(out, "{rule}\nMail {n} to {player}\nSubject: {subject}\n{rule}\n{}", body.trim_end())
        .map_err(|e| e.to_string())?;
    writeln!(out).map_err(|e| e.to_string())
}
