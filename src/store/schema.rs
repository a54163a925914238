//! The database schema as a list of migrations. `PRAGMA user_version` records how many have
//! been applied; a migration is never edited once released, only followed by another.

/// Migration `i` brings the schema from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // 1: players, games, moves, inbox, outbox, events, and the referee's own settings.
    r#"
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );

    CREATE TABLE players (
        id    INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        name  TEXT
    );

    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        variant     TEXT NOT NULL,
        white_id    INTEGER NOT NULL REFERENCES players(id),
        black_id    INTEGER NOT NULL REFERENCES players(id),
        snapshot    TEXT NOT NULL,
        status      TEXT NOT NULL CHECK (status IN ('active', 'finished')),
        result      TEXT,
        reason      TEXT,
        white_points INTEGER,
        black_points INTEGER,
        draw_offer  TEXT CHECK (draw_offer IN ('white', 'black')),
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL,
        deadline    INTEGER,
        mail_seq    INTEGER NOT NULL DEFAULT 0
    );

    CREATE TABLE moves (
        game_id   INTEGER NOT NULL REFERENCES games(id),
        ply       INTEGER NOT NULL,
        color     TEXT NOT NULL CHECK (color IN ('white', 'black')),
        number    INTEGER NOT NULL,
        notation  TEXT NOT NULL,
        played_at INTEGER NOT NULL,
        inbox_id  INTEGER REFERENCES inbox(id),
        PRIMARY KEY (game_id, ply)
    );

    -- Every mail received, once: the dedupe key is the Message-ID, or a hash of the raw
    -- mail when it has none. Handling a mail and recording it here are one transaction.
    CREATE TABLE inbox (
        id          INTEGER PRIMARY KEY,
        dedupe_key  TEXT NOT NULL UNIQUE,
        received_at INTEGER NOT NULL,
        sender      TEXT,
        subject     TEXT,
        game_id     INTEGER REFERENCES games(id),
        outcome     TEXT NOT NULL
    );

    -- Every mail to send, written in the same transaction as the change that causes it.
    -- status: pending (to send at next_attempt_at), sent, or dead (a permanent failure or
    -- too many attempts). Only the holder of the send lock sends (see service.rs).
    CREATE TABLE outbox (
        id              INTEGER PRIMARY KEY,
        game_id         INTEGER REFERENCES games(id),
        message_id      TEXT NOT NULL UNIQUE,
        envelope_from   TEXT NOT NULL,
        recipient       TEXT NOT NULL,
        bytes           BLOB NOT NULL,
        status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'dead')),
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error      TEXT,
        created_at      INTEGER NOT NULL,
        sent_at         INTEGER
    );
    CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

    CREATE TABLE events (
        id      INTEGER PRIMARY KEY,
        at      INTEGER NOT NULL,
        game_id INTEGER REFERENCES games(id),
        kind    TEXT NOT NULL,
        detail  TEXT NOT NULL
    );
    "#,
    // 2: commitments to secrets, and the hash-chained move log.
    r#"
    CREATE TABLE commitments (
        game_id     INTEGER NOT NULL REFERENCES games(id),
        label       TEXT NOT NULL,
        hash        TEXT NOT NULL,
        value       TEXT NOT NULL,
        nonce       TEXT NOT NULL,
        revealed    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, label)
    );
    ALTER TABLE games ADD COLUMN genesis TEXT;
    ALTER TABLE games ADD COLUMN chain_head TEXT;
    ALTER TABLE moves ADD COLUMN prev_hash TEXT NOT NULL DEFAULT '';
    ALTER TABLE moves ADD COLUMN hash TEXT NOT NULL DEFAULT '';
    "#,
    // 3: moves of variants that hide them, as the opponent read them (what the chain links).
    r#"
    ALTER TABLE moves ADD COLUMN sealed TEXT;
    "#,
    // 4: which notices of the current deadline were mailed (1: the reminder, 2: time's up);
    // the mails answered outside any game (not verified, too large), by sender.
    r#"
    ALTER TABLE games ADD COLUMN deadline_notices INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_deadline ON games (status, deadline);
    CREATE INDEX inbox_answered_outside_games ON inbox (lower(sender), received_at)
        WHERE outcome IN ('unverified', 'too-large');
    "#,
    // 5: at which ply each secret was opened (for the archive); each inbox row's Message-ID
    // (the dedupe key is a delivery key now: a reused Message-ID is logged, never a reason to
    // drop a mail).
    r#"
    ALTER TABLE commitments ADD COLUMN revealed_ply INTEGER;
    ALTER TABLE inbox ADD COLUMN message_id TEXT;
    CREATE INDEX inbox_message_id ON inbox (message_id) WHERE message_id IS NOT NULL;
    "#,
    // 6: club tournaments: the tournament, its entrants (a join by mail waits for its
    // confirmation), every pairing of every round with its result (`annulled`, without points,
    // for a game a withdrawal annulled), pairs the TD forbids, when the last daily digest went
    // out (and how many results it counted), and each game's own time control; Glicko-2
    // ratings per player and variant.
    r#"
    CREATE TABLE tournaments (
        id             INTEGER PRIMARY KEY,
        name           TEXT NOT NULL,
        variant        TEXT NOT NULL,
        system         TEXT NOT NULL CHECK (system IN ('round-robin', 'double-round-robin', 'swiss')),
        rounds         INTEGER NOT NULL,
        days_per_move  INTEGER,
        status         TEXT NOT NULL CHECK (status IN ('new', 'open', 'running', 'finished')),
        tiebreaks      TEXT NOT NULL,
        bye_points     INTEGER NOT NULL,
        withdrawal     TEXT NOT NULL,
        initial_colour TEXT NOT NULL CHECK (initial_colour IN ('white', 'black')),
        rated          INTEGER NOT NULL,
        created_at     INTEGER NOT NULL,
        digest_at      INTEGER,
        digest_results INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE forbidden_pairs (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        player_a      INTEGER NOT NULL REFERENCES players(id),
        player_b      INTEGER NOT NULL REFERENCES players(id),
        PRIMARY KEY (tournament_id, player_a, player_b)
    );
    CREATE TABLE entrants (
        tournament_id   INTEGER NOT NULL REFERENCES tournaments(id),
        player_id       INTEGER NOT NULL REFERENCES players(id),
        number          INTEGER,
        rating          INTEGER,
        confirmed       INTEGER NOT NULL,
        withdrawn_after INTEGER,
        joined_at       INTEGER NOT NULL,
        PRIMARY KEY (tournament_id, player_id)
    );
    CREATE TABLE pairings (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round         INTEGER NOT NULL,
        board         INTEGER NOT NULL,
        white         INTEGER NOT NULL,
        black         INTEGER,
        game_id       INTEGER UNIQUE REFERENCES games(id),
        white_points  INTEGER,
        black_points  INTEGER,
        finish        TEXT CHECK (finish IN ('played', 'time', 'forfeit', 'annulled')),
        PRIMARY KEY (tournament_id, round, board)
    );
    CREATE TABLE ratings (
        player_id  INTEGER NOT NULL REFERENCES players(id),
        variant    TEXT NOT NULL,
        rating     REAL NOT NULL,
        deviation  REAL NOT NULL,
        volatility REAL NOT NULL,
        games      INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (player_id, variant)
    );
    ALTER TABLE games ADD COLUMN days_per_move INTEGER;
    "#,
    // 7: bounces. Every permanent failure of a mail to a player, once per mail (game, colour,
    // moves when written: what the mail's return path names); each player's count of them
    // since they last wrote, and since when they are unreachable; when each game's clock was
    // paused for an unreachable player (NULL: it runs).
    r#"
    CREATE TABLE bounces (
        game_id     INTEGER NOT NULL REFERENCES games(id),
        color       TEXT NOT NULL CHECK (color IN ('white', 'black')),
        moves       INTEGER NOT NULL,
        player_id   INTEGER NOT NULL REFERENCES players(id),
        received_at INTEGER NOT NULL,
        status      TEXT,
        diagnostic  TEXT,
        PRIMARY KEY (game_id, color, moves)
    );
    ALTER TABLE players ADD COLUMN permanent_bounces INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE players ADD COLUMN unreachable_since INTEGER;
    ALTER TABLE games ADD COLUMN clock_paused_at INTEGER;
    "#,
    // 8: after how many moves each secret was committed: 0 for the setup's (every commitment
    // stored before this version), N for a secret the N-th move decided.
    r#"
    ALTER TABLE commitments ADD COLUMN committed_ply INTEGER NOT NULL DEFAULT 0;
    "#,
    // 9: time controls and vacations. Each game's time control as written ("10 moves in 50
    // days"; NULL for a game from before: its days_per_move, or the club's) and, in a control
    // counted in days, each player's clock in days; a tournament's time control (NULL: its
    // days_per_move, or the club's); each player's vacations, whole days in the club's time
    // zone (YYYY-MM-DD, first and last counted); the vacation days the director granted a
    // player beyond the club's allowance, by calendar year.
    r#"
    ALTER TABLE games ADD COLUMN time_control TEXT;
    ALTER TABLE games ADD COLUMN white_clock INTEGER;
    ALTER TABLE games ADD COLUMN black_clock INTEGER;
    ALTER TABLE tournaments ADD COLUMN time_control TEXT;
    CREATE TABLE vacations (
        player_id    INTEGER NOT NULL REFERENCES players(id),
        first_day    TEXT NOT NULL,
        last_day     TEXT NOT NULL CHECK (last_day >= first_day),
        requested_at INTEGER NOT NULL,
        PRIMARY KEY (player_id, first_day)
    );
    CREATE TABLE leave_grants (
        id         INTEGER PRIMARY KEY,
        player_id  INTEGER NOT NULL REFERENCES players(id),
        year       INTEGER NOT NULL,
        days       INTEGER NOT NULL CHECK (days > 0),
        granted_at INTEGER NOT NULL
    );
    CREATE INDEX leave_grants_by_player ON leave_grants (player_id, year);
    "#,
    // 10: conditional moves. A player's pending conditional moves in a game, hidden from the
    // opponent: they wait for the opponent's move after `plies` moves; `tree` is the lines as
    // JSON (`[{"if": "Bg4", "play": "h3", "then": [...]}]`, moves as the variant writes them).
    // Written and removed with the game, in the transaction of the mail that left, used or
    // dropped them.
    r#"
    CREATE TABLE conditional_moves (
        game_id INTEGER NOT NULL REFERENCES games(id),
        color   TEXT NOT NULL CHECK (color IN ('white', 'black')),
        plies   INTEGER NOT NULL,
        tree    TEXT NOT NULL,
        PRIMARY KEY (game_id, color)
    );
    "#,
    // 11: a player's preferences by mail, for all their games: their own time zone (`zone
    // Europe/Berlin`), an IANA name, for the times their mails show, NULL: the club's; how they
    // read a chess-like game's moves (`notation long`: 'san', 'long' or 'iccf'), NULL: as the
    // variant writes them.
    r#"
    ALTER TABLE players ADD COLUMN time_zone TEXT;
    ALTER TABLE players ADD COLUMN notation TEXT CHECK (notation IN ('san', 'long', 'iccf'));
    "#,
    // 12: a player's choice of mails in plain text alone, without the HTML alternative and its
    // board picture (`format text`); 0: both.
    r#"
    ALTER TABLE players ADD COLUMN plain_text INTEGER NOT NULL DEFAULT 0 CHECK (plain_text IN (0, 1));
    "#,
    // 13: a stranger's `join` answered counts, like the other answers to strangers, towards
    // the one answer a day an address may get (the partial index repeats the WHERE of
    // `Tx::answered_outside_games_since`).
    r#"
    DROP INDEX inbox_answered_outside_games;
    CREATE INDEX inbox_answered_outside_games ON inbox (lower(sender), received_at)
        WHERE outcome IN ('unverified', 'too-large', 'join');
    "#,
    // 14: a Swiss's initial colour, drawn by lot at the start, is kept in `initial_colour`
    // (until now the column kept what the tournament was made with, White, and the lot was
    // used in round 1 only). A Swiss that herald started before keeps the colour its round 1
    // was paired with: in round 1 everyone has 0 points, so the higher-ranked player of a pair
    // is the lower number, who got the initial colour if odd and the other one if even (Art.
    // 5.2.5). Round 1 of an imported Swiss has no herald game (`game_id` NULL) and keeps the
    // colour its file said.
    r#"
    UPDATE tournaments SET initial_colour = (
        SELECT CASE WHEN (p.white < p.black) = (min(p.white, p.black) % 2 = 1) THEN 'white' ELSE 'black' END
        FROM pairings p
        WHERE p.tournament_id = tournaments.id AND p.round = 1 AND p.black IS NOT NULL AND p.game_id IS NOT NULL
        ORDER BY p.board LIMIT 1)
    WHERE system = 'swiss' AND status IN ('running', 'finished') AND EXISTS (
        SELECT 1 FROM pairings p
        WHERE p.tournament_id = tournaments.id AND p.round = 1 AND p.black IS NOT NULL AND p.game_id IS NOT NULL);
    "#,
    // 15: the nonces of the players' address commitments, which name White and Black in the
    // genesis of a game begun from this version on (`referee::chain::player`), so that its
    // archive can be published without the addresses; NULL for a game begun before, whose
    // genesis names the players by their addresses.
    r#"
    ALTER TABLE games ADD COLUMN white_address_nonce TEXT;
    ALTER TABLE games ADD COLUMN black_address_nonce TEXT;
    "#,
    // 16: a sent mail's body is kept `outgoing.keep_sent_days`, then dropped (`bytes` empty;
    // `Tx::drop_sent_bodies`): the sent mails that still hold one, by when they were sent, so
    // that each pass finds those due without reading the others.
    r#"
    CREATE INDEX outbox_sent_bodies ON outbox (sent_at) WHERE status = 'sent' AND length(bytes) > 0;
    "#,
    // 17: a game mail's board picture is drawn when the mail is sent, not in the transaction
    // that queues it: `bytes` holds the mail with `mail::compose::PICTURE_TO_COME` in the
    // picture's place, and `picture` what to draw there (a `picture::Drawing` as JSON); NULL: a
    // mail without a picture to come, as every mail queued before.
    r#"
    ALTER TABLE outbox ADD COLUMN picture TEXT;
    "#,
    // 18: the language a player reads herald in (`language CODE`; NULL: their tournament's,
    // else the club's), and a tournament's default for its players who chose none (NULL: the
    // club's).
    r#"
    ALTER TABLE players ADD COLUMN language TEXT;
    ALTER TABLE tournaments ADD COLUMN language TEXT;
    "#,
    // 19: a mail's body (`bytes`, and the `picture` to draw into it) is kept in a table of its
    // own, one row per outbox row that still holds one. SQLite writes a whole row again when
    // one field of it changes: with the body in the outbox row, recording a mail as sent wrote
    // its body again (five times the work, three times the log). A body dropped after
    // `outgoing.keep_sent_days` is a row deleted.
    r#"
    CREATE TABLE outbox_bodies (
        id      INTEGER PRIMARY KEY REFERENCES outbox(id),
        bytes   BLOB NOT NULL,
        picture TEXT
    );
    INSERT INTO outbox_bodies (id, bytes, picture)
        SELECT id, bytes, picture FROM outbox WHERE length(bytes) > 0 OR picture IS NOT NULL;
    DROP INDEX outbox_sent_bodies;
    ALTER TABLE outbox DROP COLUMN bytes;
    ALTER TABLE outbox DROP COLUMN picture;
    "#,
];

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    use super::MIGRATIONS;
    use crate::engine::Color;
    use crate::store::Store;

    /// A fresh database at schema `version`, as the herald of that version left it: its folder
    /// (for the test to remove), its path and a connection for the rows that herald wrote.
    fn database_at(version: usize) -> (std::path::PathBuf, std::path::PathBuf, Connection) {
        let dir = std::env::temp_dir().join(format!("herald-migration-{}-{}", version + 1, std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("herald.db");
        let _ = std::fs::remove_file(&path);
        let conn = Connection::open(&path).unwrap();
        for sql in &MIGRATIONS[..version] {
            conn.execute_batch(sql).unwrap();
        }
        conn.pragma_update(None, "user_version", version as i64).unwrap();
        (dir, path, conn)
    }

    /// A database left by the herald before migration 14 (schema version 13), whose Swiss
    /// tournaments kept White whatever the lot drew: a Swiss herald started gets the colour its
    /// round 1 was paired with (Art. 5.2.5: number 1 had Black there, so Black), an imported
    /// one (round 1 without herald games) and a round robin keep theirs.
    #[test]
    fn a_version_13_database_gets_the_colour_each_swiss_was_drawn() {
        let (dir, path, conn) = database_at(13);
        conn.execute_batch(
            "INSERT INTO players (id, email) VALUES (1, 'ann@players.test'), (2, 'di@players.test');
             INSERT INTO games (id, variant, white_id, black_id, snapshot, status, created_at, updated_at,
                                genesis, chain_head)
             VALUES (7, 'chess', 2, 1, 'snapshot', 'finished', 0, 0, 'g', 'g'),
                    (8, 'chess', 1, 2, 'snapshot', 'finished', 0, 0, 'g', 'g');
             INSERT INTO tournaments (id, name, variant, system, rounds, status, tiebreaks, bye_points, withdrawal,
                                      initial_colour, rated, created_at)
             VALUES (1, 'Drawn black', 'chess', 'swiss', 3, 'running', '', 1000, 'forfeit-remaining', 'white', 1, 0),
                    (2, 'Imported', 'chess', 'swiss', 3, 'running', '', 1000, 'forfeit-remaining', 'white', 1, 0),
                    (3, 'Berger', 'chess', 'round-robin', 3, 'running', '', 1000, 'forfeit-remaining', 'white', 1, 0),
                    (4, 'A bye on board 1', 'chess', 'swiss', 3, 'finished', '', 1000, 'forfeit-remaining',
                     'white', 1, 0);
             INSERT INTO pairings (tournament_id, round, board, white, black, game_id)
             VALUES (1, 1, 1, 4, 1, 7), (2, 1, 1, 4, 1, NULL), (3, 1, 1, 4, 1, NULL), (4, 1, 1, 1, NULL, NULL),
                    (4, 1, 2, 2, 5, 8);",
        )
        .unwrap();
        drop(conn);
        let mut store = Store::open(&path).unwrap();
        let colours: Vec<Color> =
            (1..=4).map(|id| store.read(|tx| tx.tournament(id)).unwrap().unwrap().initial_colour).collect();
        // Tournament 4: board 1 of round 1 is a bye; board 2 is 2-5 with number 2 White, and an
        // even number gets the colour other than the initial one: the lot drew Black.
        assert_eq!(colours, [Color::Black, Color::White, Color::White, Color::Black]);
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A database left by the herald before migration 19 (schema version 18), whose outbox
    /// rows held their bodies: a waiting mail keeps its body and its picture to come, a sent
    /// mail whose body was dropped (`bytes` empty) has none, and a mail sent from then on keeps
    /// its body until it is dropped.
    #[test]
    fn a_version_18_database_keeps_each_mail_s_body_in_a_table_of_its_own() {
        let (dir, path, conn) = database_at(18);
        conn.execute_batch(
            "INSERT INTO outbox (id, message_id, envelope_from, recipient, bytes, status, next_attempt_at,
                                 created_at, sent_at, picture)
             VALUES (1, '<one@herald.test>', 'referee@club.test', 'ann@players.test', X'', 'sent', 0, 0, 0, NULL),
                    (2, '<two@herald.test>', 'referee@club.test', 'di@players.test', CAST('Subject: two' AS BLOB),
                     'pending', 0, 0, NULL, '{\"to\":\"draw\"}');",
        )
        .unwrap();
        drop(conn);
        let mut store = Store::open(&path).unwrap();
        let row = |store: &mut Store, id| store.read(|tx| tx.outbox_row(id)).unwrap().unwrap();
        assert!(row(&mut store, 1).bytes.is_empty());
        assert_eq!(row(&mut store, 2).bytes, b"Subject: two");
        assert_eq!(row(&mut store, 2).picture.as_deref(), Some(r#"{"to":"draw"}"#));
        let at = jiff::Timestamp::from_second(100).unwrap();
        store.write(|tx| tx.mark_sent(2, "<two@herald.test>", at)).unwrap();
        assert_eq!(row(&mut store, 2).bytes, b"Subject: two", "a sent mail's body is kept until it is dropped");
        assert_eq!(store.write(|tx| tx.drop_sent_bodies(at)).unwrap(), 1);
        assert!(row(&mut store, 2).bytes.is_empty() && row(&mut store, 2).picture.is_none());
        assert_eq!(row(&mut store, 2).message_id, "<two@herald.test>", "the row stays");
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A database left by the herald before migration 8 (schema version 7, its commitments
    /// without `committed_ply`) opens: it is migrated, its commitments read as made before the
    /// first move, which is when every commitment of that herald was made, and a commitment
    /// made with a move is stored with its ply.
    #[test]
    fn a_version_7_database_is_migrated_and_its_commitments_were_made_before_the_first_move() {
        let (dir, path, conn) = database_at(7);
        {
            // Rows as herald at version 7 wrote them (its INSERT of a commitment, word for word).
            conn.execute_batch(
                "INSERT INTO players (id, email) VALUES (1, 'alice@players.test'), (2, 'bob@players.test');
                 INSERT INTO games (id, variant, white_id, black_id, snapshot, status, created_at, updated_at,
                                    genesis, chain_head)
                 VALUES (1, 'crown', 1, 2, 'snapshot', 'active', 0, 0, 'g', 'g');",
            )
            .unwrap();
            for (label, revealed, revealed_ply) in [("black.crown", true, Some(5)), ("white.crown", false, None)] {
                conn.execute(
                    "INSERT INTO commitments (game_id, label, hash, value, nonce, revealed, revealed_ply)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    rusqlite::params![1, label, "h", "king", "n", revealed, revealed_ply],
                )
                .unwrap();
            }
            drop(conn);
        }
        let mut store = Store::open(&path).unwrap();
        let version: i64 = store.conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(version as usize, MIGRATIONS.len());
        let mut game = store.read(|tx| tx.game(1)).unwrap().unwrap();
        let read: Vec<(&str, bool, Option<u32>, u32)> = game
            .commitments
            .iter()
            .map(|c| (c.commitment.label.as_str(), c.revealed, c.revealed_at_ply, c.committed_at_ply))
            .collect();
        assert_eq!(read, [("black.crown", true, Some(5), 0), ("white.crown", false, None, 0)]);

        // The game goes on: a secret its seventh move decided is stored with that ply, and
        // saving the game again changes no ply of a commitment already made.
        let mut stone = game.commitments[1].clone();
        stone.commitment.label = "white.stone1".into();
        stone.committed_at_ply = 7;
        game.commitments.push(stone);
        store.write(|tx| tx.save_game(&game)).unwrap();
        game.commitments[2].committed_at_ply = 9;
        store.write(|tx| tx.save_game(&game)).unwrap();
        let again = store.read(|tx| tx.game(1)).unwrap().unwrap();
        let plies: Vec<(&str, u32)> =
            again.commitments.iter().map(|c| (c.commitment.label.as_str(), c.committed_at_ply)).collect();
        assert_eq!(plies, [("black.crown", 0), ("white.crown", 0), ("white.stone1", 7)]);
        drop(store);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
