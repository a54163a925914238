//! Reply tokens: who is speaking.
//!
//! Every mail to a player carries a Reply-To of the form `referee+TOKEN@domain`, and the
//! token in the Subject too (`[ref:TOKEN]`) for mail clients that drop the "+" part. The token
//! names the game and the player's colour and carries an HMAC-SHA256 of both under the
//! referee's secret (made by `herald init`), so nobody can make a valid token for a game or
//! colour not their own. A mail counts as a player's only when its token is valid and its
//! From address is that player's.
//!
//! Format: the game number, `w` or `b`, then the first 80 bits of
//! `HMAC-SHA256(secret, "herald-reply-token:v1:<game>:<colour>")` in lower-case hex, e.g.
//! `42w3f9a1c0d2e4b6a7c1d2e`. Lower case, so an MTA that folds the address's case does no
//! harm.

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::engine::Color;
use crate::hex::encode as hex;

/// Hex digits of the MAC in a token (80 bits).
const MAC_HEX: usize = 20;

/// How a return path token begins (see [`Tokens::bounce_token`]).
const BOUNCE_PREFIX: &str = "bounce-";

/// The referee's token secret.
#[derive(Clone)]
pub struct Tokens {
    secret: Vec<u8>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Tokens(<secret>)")
    }
}

impl Tokens {
    /// Tokens under `secret`.
    pub fn new(secret: &[u8]) -> Tokens {
        Tokens { secret: secret.to_vec() }
    }

    fn mac(&self, game: i64, color: Color) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.secret).expect("HMAC takes any key length");
        mac.update(format!("herald-reply-token:v1:{game}:{}", color.name()).as_bytes());
        mac
    }

    /// The token for `color` in game `game`.
    pub fn token(&self, game: i64, color: Color) -> String {
        let tag = hex(&self.mac(game, color).finalize().into_bytes());
        format!("{game}{}{}", if color.is_white() { 'w' } else { 'b' }, &tag[..MAC_HEX])
    }

    /// A short keyed tag of `text` (16 hex digits of HMAC-SHA256 under the secret): names
    /// that nobody without the secret can predict or count, such as Message-IDs.
    pub fn tag(&self, text: &str) -> String {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.secret).expect("HMAC takes any key length");
        mac.update(b"herald-tag:v1:");
        mac.update(text.as_bytes());
        hex(&mac.finalize().into_bytes()[..8])
    }

    /// The game and colour a token names, if its MAC is right (compared in constant time).
    pub fn verify(&self, token: &str) -> Option<(i64, Color)> {
        let token = token.trim().to_ascii_lowercase();
        let digits = token.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 18 {
            return None;
        }
        let game: i64 = token[..digits].parse().ok()?;
        let color = match token.as_bytes().get(digits)? {
            b'w' => Color::White,
            b'b' => Color::Black,
            _ => return None,
        };
        let hex = &token[digits + 1..];
        if hex.len() != MAC_HEX || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let bytes: Vec<u8> =
            (0..MAC_HEX / 2).filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect();
        self.mac(game, color).verify_truncated_left(&bytes).ok().map(|()| (game, color))
    }

    /// The token of `email`'s entry to tournament `tournament`, for the mail that asks them to
    /// confirm it: `t<tournament>e` and 80 bits of
    /// `HMAC-SHA256(secret, "herald-entry-token:v1:<tournament>:<email in lower case>")`. Only
    /// the address the confirmation went to can answer it: the token is valid with that From
    /// alone.
    pub fn entry_token(&self, tournament: i64, email: &str) -> String {
        let tag = hex(&self.entry_mac(tournament, email).finalize().into_bytes());
        format!("t{tournament}e{}", &tag[..MAC_HEX])
    }

    fn entry_mac(&self, tournament: i64, email: &str) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.secret).expect("HMAC takes any key length");
        mac.update(format!("herald-entry-token:v1:{tournament}:{}", email.to_ascii_lowercase()).as_bytes());
        mac
    }

    /// The tournament an entry token names, if it is `email`'s (compared in constant time).
    pub fn verify_entry(&self, token: &str, email: &str) -> Option<i64> {
        let token = token.trim().to_ascii_lowercase();
        let rest = token.strip_prefix('t')?;
        let (number, hex) = rest.split_once('e')?;
        if number.is_empty() || number.len() > 18 || !number.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if hex.len() != MAC_HEX || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let tournament: i64 = number.parse().ok()?;
        let bytes: Vec<u8> =
            (0..MAC_HEX / 2).filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect();
        self.entry_mac(tournament, email).verify_truncated_left(&bytes).ok().map(|()| tournament)
    }

    /// The code that confirms `action` (`resign`, ...) by `color` in game `game` after
    /// `plies` moves, for the Subject of the mail that asks for the confirmation
    /// (`[confirm:CODE]`): 80 bits of
    /// `HMAC-SHA256(secret, "herald-confirm:v1:<game>:<colour>:<action>:<plies>")` in hex. It
    /// names no game of its own (the reply's token does), and is stale after any move.
    pub fn confirmation(&self, game: i64, color: Color, action: &str, plies: usize) -> String {
        let tag = hex(&self.confirmation_mac(game, color, action, plies).finalize().into_bytes());
        tag[..MAC_HEX].to_string()
    }

    fn confirmation_mac(&self, game: i64, color: Color, action: &str, plies: usize) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.secret).expect("HMAC takes any key length");
        mac.update(format!("herald-confirm:v1:{game}:{}:{action}:{plies}", color.name()).as_bytes());
        mac
    }

    /// Whether `subject` carries a `[confirm:CODE]` with the code of
    /// [`Tokens::confirmation`] for these values (compared in constant time).
    pub fn confirms(&self, subject: &str, game: i64, color: Color, action: &str, plies: usize) -> bool {
        confirmation_codes(subject)
            .any(|code| self.confirmation_mac(game, color, action, plies).verify_truncated_left(&code).is_ok())
    }

    /// The code that confirms `action` (`withdraw`) by `email`'s entry to tournament
    /// `tournament`, for the Subject of the mail that asks for the confirmation
    /// (`[confirm:CODE]`): 80 bits of
    /// `HMAC-SHA256(secret, "herald-entry-confirm:v1:<tournament>:<email in lower case>:<action>")`
    /// in hex. It is bound to the entrant's address, so one entrant's code confirms nothing of
    /// another's.
    pub fn entry_confirmation(&self, tournament: i64, email: &str, action: &str) -> String {
        let tag = hex(&self.entry_confirmation_mac(tournament, email, action).finalize().into_bytes());
        tag[..MAC_HEX].to_string()
    }

    fn entry_confirmation_mac(&self, tournament: i64, email: &str, action: &str) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.secret).expect("HMAC takes any key length");
        let email = email.to_ascii_lowercase();
        mac.update(format!("herald-entry-confirm:v1:{tournament}:{email}:{action}").as_bytes());
        mac
    }

    /// Whether `subject` carries a `[confirm:CODE]` with the code of
    /// [`Tokens::entry_confirmation`] for these values (compared in constant time).
    pub fn confirms_entry(&self, subject: &str, tournament: i64, email: &str, action: &str) -> bool {
        confirmation_codes(subject)
            .any(|code| self.entry_confirmation_mac(tournament, email, action).verify_truncated_left(&code).is_ok())
    }

    /// Finds `email`'s entry token in a recipient address or a Subject, as [`Tokens::find`]
    /// finds a game's.
    pub fn find_entry<'a>(
        &self,
        local_part: &str,
        recipients: impl IntoIterator<Item = &'a str>,
        subject: &str,
        email: &str,
    ) -> Option<i64> {
        let from_address = recipients.into_iter().find_map(|addr| {
            let (local, _) = addr.rsplit_once('@')?;
            let (base, extension) = local.split_once('+')?;
            base.eq_ignore_ascii_case(local_part).then(|| self.verify_entry(extension, email)).flatten()
        });
        from_address.or_else(|| {
            let start = subject.find("[ref:")? + "[ref:".len();
            let end = subject[start..].find(']')? + start;
            self.verify_entry(&subject[start..end], email)
        })
    }

    /// The return path token of a mail to `color` in game `game`, written after `moves` moves:
    /// `bounce-<game><w|b><moves>-` and 80 bits of
    /// `HMAC-SHA256(secret, "herald-bounce-token:v1:<game>:<colour>:<moves>")` in lower-case
    /// hex. A bounce sent to `local+TOKEN@domain` names the player and the mail it belongs to,
    /// and nobody without the secret can make one that does. It says nothing the mail's
    /// Message-ID does not say already (the number of moves, not the game's mail counter).
    pub fn bounce_token(&self, game: i64, color: Color, moves: usize) -> String {
        let tag = hex(&self.bounce_mac(game, color, moves).finalize().into_bytes());
        format!("{BOUNCE_PREFIX}{game}{}{moves}-{}", if color.is_white() { 'w' } else { 'b' }, &tag[..MAC_HEX])
    }

    fn bounce_mac(&self, game: i64, color: Color, moves: usize) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.secret).expect("HMAC takes any key length");
        mac.update(format!("herald-bounce-token:v1:{game}:{}:{moves}", color.name()).as_bytes());
        mac
    }

    /// What a return path token names, if it is one: `Some(Ok((game, colour, moves)))` when
    /// its MAC is right (compared in constant time), `Some(Err(()))` for anything else that
    /// begins with `bounce-` (a forgery, or a token of another secret), `None` when `token`
    /// is no return path token at all.
    #[allow(clippy::result_unit_err)]
    pub fn verify_bounce(&self, token: &str) -> Option<Result<(i64, Color, usize), ()>> {
        let token = token.trim().to_ascii_lowercase();
        let rest = token.strip_prefix(BOUNCE_PREFIX)?;
        Some(self.parse_bounce(rest).ok_or(()))
    }

    fn parse_bounce(&self, rest: &str) -> Option<(i64, Color, usize)> {
        let (named, hex) = rest.split_once('-')?;
        let digits = named.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 18 {
            return None;
        }
        let game: i64 = named[..digits].parse().ok()?;
        let color = match named.as_bytes().get(digits)? {
            b'w' => Color::White,
            b'b' => Color::Black,
            _ => return None,
        };
        let moves = &named[digits + 1..];
        if moves.is_empty() || moves.len() > 9 || !moves.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let moves: usize = moves.parse().ok()?;
        if hex.len() != MAC_HEX || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let bytes: Vec<u8> =
            (0..MAC_HEX / 2).filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect();
        self.bounce_mac(game, color, moves).verify_truncated_left(&bytes).ok().map(|()| (game, color, moves))
    }

    /// Finds a return path token in a recipient address (`local+bounce-...@domain`) for the
    /// referee's local part; see [`Tokens::verify_bounce`].
    #[allow(clippy::result_unit_err)]
    pub fn find_bounce<'a>(
        &self,
        local_part: &str,
        recipients: impl IntoIterator<Item = &'a str>,
    ) -> Option<Result<(i64, Color, usize), ()>> {
        recipients.into_iter().find_map(|addr| {
            let (local, _) = addr.rsplit_once('@')?;
            let (base, extension) = local.split_once('+')?;
            base.eq_ignore_ascii_case(local_part).then(|| self.verify_bounce(extension)).flatten()
        })
    }

    /// Finds a token in a recipient address (`local+TOKEN@domain`) for the referee's local
    /// part, or in a Subject (`[ref:TOKEN]`).
    pub fn find<'a>(
        &self,
        local_part: &str,
        recipients: impl IntoIterator<Item = &'a str>,
        subject: &str,
    ) -> Option<(i64, Color)> {
        let from_address = recipients.into_iter().find_map(|addr| {
            let (local, _) = addr.rsplit_once('@')?;
            let (base, extension) = local.split_once('+')?;
            base.eq_ignore_ascii_case(local_part).then(|| self.verify(extension)).flatten()
        });
        from_address.or_else(|| {
            let start = subject.find("[ref:")? + "[ref:".len();
            let end = subject[start..].find(']')? + start;
            self.verify(&subject[start..end])
        })
    }
}

/// The codes of every well-formed `[confirm:CODE]` in `subject` (in any case), as bytes.
fn confirmation_codes(subject: &str) -> impl Iterator<Item = Vec<u8>> {
    let lower = subject.to_ascii_lowercase();
    let codes: Vec<Vec<u8>> = lower
        .match_indices("[confirm:")
        .filter_map(|(start, tag)| {
            let rest = &lower[start + tag.len()..];
            let code = rest.split(']').next().unwrap_or("").trim();
            if code.len() != MAC_HEX || !code.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            Some((0..MAC_HEX / 2).filter_map(|i| u8::from_str_radix(&code[2 * i..2 * i + 2], 16).ok()).collect())
        })
        .collect();
    codes.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_token_is_valid_only_with_the_address_it_was_made_for() {
        let tokens = Tokens::new(b"secret");
        let t = tokens.entry_token(7, "Ann@Club.test");
        assert!(t.starts_with("t7e"));
        assert_eq!(tokens.verify_entry(&t, "ann@club.test"), Some(7));
        assert_eq!(tokens.verify_entry(&t.to_uppercase(), "ann@club.test"), Some(7));
        assert_eq!(tokens.verify_entry(&t, "mallory@club.test"), None);
        assert_eq!(tokens.verify_entry(&t.replacen("t7e", "t8e", 1), "ann@club.test"), None);
        assert_eq!(Tokens::new(b"other").verify_entry(&t, "ann@club.test"), None);
        assert_eq!(tokens.verify(&t), None, "an entry token names no game");
    }

    #[test]
    fn a_confirmation_code_confirms_only_its_action_at_its_move() {
        let tokens = Tokens::new(b"secret");
        let code = tokens.confirmation(7, Color::Black, "resign", 12);
        assert_eq!(code.len(), MAC_HEX);
        let subject = format!("Re: [herald #7] chess: please confirm [confirm:{code}] [ref:x]");
        assert!(tokens.confirms(&subject, 7, Color::Black, "resign", 12));
        assert!(tokens.confirms(&subject.to_uppercase(), 7, Color::Black, "resign", 12));
        assert!(!tokens.confirms(&subject, 7, Color::Black, "resign", 13), "stale after a move");
        assert!(!tokens.confirms(&subject, 7, Color::White, "resign", 12));
        assert!(!tokens.confirms(&subject, 8, Color::Black, "resign", 12));
        assert!(!tokens.confirms(&subject, 7, Color::Black, "accept-draw", 12));
        assert!(!Tokens::new(b"other").confirms(&subject, 7, Color::Black, "resign", 12));
        assert!(!tokens.confirms("Re: [herald #7] chess", 7, Color::Black, "resign", 12));
        assert!(!tokens.confirms(&subject.replace(&code, &code[..MAC_HEX - 1]), 7, Color::Black, "resign", 12));
    }

    #[test]
    fn a_token_verifies_and_names_its_game_and_colour() {
        let tokens = Tokens::new(b"secret");
        let t = tokens.token(42, Color::Black);
        assert!(t.starts_with("42b"));
        assert_eq!(t.len(), 3 + MAC_HEX);
        assert_eq!(tokens.verify(&t), Some((42, Color::Black)));
        assert_eq!(tokens.verify(&t.to_uppercase()), Some((42, Color::Black)));
    }

    #[test]
    fn a_changed_game_colour_or_mac_fails() {
        let tokens = Tokens::new(b"secret");
        let t = tokens.token(42, Color::White);
        assert_eq!(tokens.verify(&t.replacen("42w", "43w", 1)), None);
        assert_eq!(tokens.verify(&t.replacen("42w", "42b", 1)), None);
        let mut flipped = t.clone().into_bytes();
        let last = flipped.len() - 1;
        flipped[last] = if flipped[last] == b'0' { b'1' } else { b'0' };
        assert_eq!(tokens.verify(std::str::from_utf8(&flipped).unwrap()), None);
        assert_eq!(Tokens::new(b"other secret").verify(&t), None);
        for junk in ["", "w", "42w", "42x0000", "99999999999999999999w00000000000000000000"] {
            assert_eq!(tokens.verify(junk), None, "{junk}");
        }
    }

    #[test]
    fn tokens_are_found_in_the_address_or_the_subject() {
        let tokens = Tokens::new(b"secret");
        let t = tokens.token(7, Color::White);
        let addr = format!("referee+{t}@club.test");
        assert_eq!(tokens.find("referee", [addr.as_str()], ""), Some((7, Color::White)));
        assert_eq!(tokens.find("other", [addr.as_str()], ""), None);
        let subject = format!("Re: [herald #7] chess: your move (3.) [ref:{t}]");
        assert_eq!(tokens.find("referee", ["referee@club.test"], &subject), Some((7, Color::White)));
        assert_eq!(tokens.find("referee", ["referee@club.test"], "Re: hello"), None);
    }

    #[test]
    fn a_bounce_token_names_game_colour_and_moves_and_a_forgery_is_told_apart() {
        let tokens = Tokens::new(b"secret");
        let t = tokens.bounce_token(42, Color::Black, 7);
        assert!(t.starts_with("bounce-42b7-"), "{t}");
        assert_eq!(t.len(), "bounce-42b7-".len() + MAC_HEX);
        assert_eq!(tokens.verify_bounce(&t), Some(Ok((42, Color::Black, 7))));
        assert_eq!(tokens.verify_bounce(&t.to_uppercase()), Some(Ok((42, Color::Black, 7))));
        assert_eq!(tokens.verify_bounce(&t.replacen("42b7", "42b8", 1)), Some(Err(())));
        assert_eq!(tokens.verify_bounce(&t.replacen("42b7", "42w7", 1)), Some(Err(())));
        assert_eq!(Tokens::new(b"other").verify_bounce(&t), Some(Err(())));
        assert_eq!(tokens.verify_bounce("bounce-"), Some(Err(())));
        assert_eq!(tokens.verify_bounce(&tokens.token(42, Color::Black)), None, "a reply token is no bounce token");
        assert_eq!(tokens.verify(&t), None, "a bounce token is no reply token");
        let addr = format!("referee+{t}@club.test");
        assert_eq!(
            tokens.find_bounce("referee", ["referee@club.test", addr.as_str()]),
            Some(Ok((42, Color::Black, 7)))
        );
        assert_eq!(tokens.find_bounce("other", [addr.as_str()]), None);
        assert!(format!("referee+{t}").len() <= 64, "fits an address's local part");
    }
}
