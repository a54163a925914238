//! `Authentication-Results` (RFC 8601): what a receiving mail server found when it checked a
//! mail's sender (DKIM, SPF, DMARC), and what herald may conclude from it.
//!
//! Anyone can write this field into a mail, so the reader keeps every one in header order
//! ([`AuthenticationResults`], with the number of `Received` fields above it) and judges them
//! only against the authserv-id the club names as its own server's ([`judge`]): a field with
//! any other id says nothing. The club's server must remove incoming fields that carry its id
//! (RFC 8601 §5 requires it of a server that adds them; Postfix with OpenDKIM: `header_checks`
//! that drop them, see README). Where it does not, a field the sender wrote with the club's id
//! sits below the server's own, so herald believes only the server's own: the topmost field
//! with the trusted id, and those with it right below it, written at the same hop (no
//! `Received` field between them) and with no field of another id, or one that does not
//! parse, between them. Of those, a method counts only as a pass; every other result (`fail`,
//! `neutral`, `temperror`, `none`, ...) is treated as no result.
//!
//! Alignment with the From domain (the domain of [`super::IncomingMail::from`]) is DMARC's
//! relaxed alignment without the public suffix list: the authenticated domain must be the
//! From domain or a parent of it with at least two labels (`d=example.org` aligns with
//! `From: ann@mail.example.org`; `d=org` aligns with nothing). A parent with two labels that
//! is itself a public suffix (`co.uk`) could only sign if its registry published a DKIM key,
//! which registries do not; the other direction of relaxed alignment (`d=mail.example.org`
//! for `From: ann@example.org`) is not accepted, since telling `example.org` from `co.uk`
//! needs the list.

/// Most `Authentication-Results` fields kept from one mail, and most results kept from one
/// field: a server adds one or two; the caps bound what a hostile header block can cost.
const MAX_FIELDS: usize = 16;
const MAX_RESULTS: usize = 16;
/// Most properties kept of one result (OpenDKIM writes four).
const MAX_PROPERTIES: usize = 16;

/// One `Authentication-Results` field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthenticationResults {
    /// The server that wrote the field (its authserv-id), as written; empty for a field that
    /// does not follow RFC 8601's grammar (kept, with no results, since it still separates the
    /// fields above it from those below).
    pub authserv_id: String,
    /// How many `Received` fields stand above it: the fields one server adds while it receives
    /// a mail share this number, and every hop after it adds a `Received` field on top.
    pub hop: usize,
    /// Its results, in order; empty for `authserv-id; none`.
    pub results: Vec<MethodResult>,
}

/// One method's result in an `Authentication-Results` field: `dkim=pass header.d=example.org`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodResult {
    /// The method, lower-cased (`dkim`, `spf`, `dmarc`, ...), without its version.
    pub method: String,
    /// The result, lower-cased (`pass`, `fail`, `none`, ...).
    pub result: String,
    /// The properties as `(ptype.property lower-cased, value as written)`, in order:
    /// `("header.d", "example.org")`, `("smtp.mailfrom", "ann@example.org")`.
    pub properties: Vec<(String, String)>,
}

impl MethodResult {
    /// The first value of `name` (`header.d`), if the result has it.
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// What the club's own server vouched for about one mail's From domain.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Authenticated {
    /// A DKIM signature passed whose signing domain (`header.d`, else the domain of
    /// `header.i`) is aligned with the From domain.
    pub dkim: bool,
    /// SPF passed for an envelope sender (`smtp.mailfrom`, else `smtp.helo` is not used)
    /// whose domain is aligned with the From domain.
    pub spf: bool,
    /// DMARC passed for the From domain (`header.from` equal to it).
    pub dmarc: bool,
}

impl Authenticated {
    /// Whether the From domain is authenticated by any of DKIM, SPF or DMARC.
    pub fn any(self) -> bool {
        self.dkim || self.spf || self.dmarc
    }
}

/// What the fields written by `trusted_authserv_id` (compared without regard to case) say
/// about `from_domain`: the club's server's own fields, the topmost one with that id and
/// those right below it at the same hop (see the module's comment). No trusted field, a mail
/// without a From domain, or an empty trusted id is no authentication at all.
pub fn judge(fields: &[AuthenticationResults], trusted_authserv_id: &str, from_domain: Option<&str>) -> Authenticated {
    let mut found = Authenticated::default();
    let trusted = trusted_authserv_id.trim();
    let Some(from_domain) = from_domain.map(normalize_domain).filter(|d| !d.is_empty()) else { return found };
    if trusted.is_empty() {
        return found;
    }
    let is_trusted = |f: &AuthenticationResults| f.authserv_id.eq_ignore_ascii_case(trusted);
    let Some(top) = fields.iter().position(is_trusted) else { return found };
    let hop = fields[top].hop;
    let passes = fields[top..]
        .iter()
        .take_while(|f| is_trusted(f) && f.hop == hop)
        .flat_map(|f| &f.results)
        .filter(|r| r.result == "pass");
    for r in passes {
        match r.method.as_str() {
            "dkim" => {
                let signer = r.property("header.d").or_else(|| r.property("header.i").map(domain_of));
                found.dkim |= signer.is_some_and(|d| aligned(d, &from_domain));
            }
            "spf" => {
                let sender = r.property("smtp.mailfrom").map(domain_of);
                found.spf |= sender.is_some_and(|d| aligned(d, &from_domain));
            }
            "dmarc" => {
                found.dmarc |= r.property("header.from").is_some_and(|d| normalize_domain(d) == from_domain);
            }
            _ => {}
        }
    }
    found
}

/// The domain of an address or identity (`ann@example.org`, `@example.org`); a bare domain
/// is its own.
fn domain_of(value: &str) -> &str {
    value.rsplit_once('@').map_or(value, |(_, domain)| domain)
}

/// A domain as compared: trimmed, lower-cased, without a final dot.
fn normalize_domain(domain: &str) -> String {
    domain.trim().trim_end_matches('.').to_ascii_lowercase()
}

/// Whether an authenticated domain is aligned with the From domain: equal, or a parent of it
/// with at least two labels (see the module's notes).
fn aligned(authenticated: &str, from_domain: &str) -> bool {
    let authenticated = normalize_domain(authenticated);
    if authenticated.is_empty() {
        return false;
    }
    authenticated == from_domain
        || (authenticated.contains('.')
            && from_domain.strip_suffix(&authenticated).is_some_and(|rest| rest.ends_with('.')))
}

/// Every `Authentication-Results` field of a header block, in order, at most [`MAX_FIELDS`]
/// from the top, each with the number of `Received` fields above it. A field that does not
/// parse, or declares a version other than 1, says nothing (RFC 8601 §2.2: such a field is
/// ignored) and is kept with an empty authserv-id, as a field of another server.
pub(super) fn fields(headers: &[mailparse::MailHeader<'_>]) -> Vec<AuthenticationResults> {
    let mut received = 0;
    let mut fields = Vec::new();
    for header in headers {
        let key = header.get_key_ref();
        let key = key.trim();
        if key.eq_ignore_ascii_case("Received") {
            received += 1;
        } else if key.eq_ignore_ascii_case("Authentication-Results") {
            let unreadable = AuthenticationResults { authserv_id: String::new(), hop: received, results: Vec::new() };
            fields
                .push(parse(&header.get_value()).map_or(unreadable, |f| AuthenticationResults { hop: received, ..f }));
            if fields.len() == MAX_FIELDS {
                break;
            }
        }
    }
    fields
}

/// Parses the value of one `Authentication-Results` field (after the colon, unfolded or not).
/// `None` when it does not follow RFC 8601's grammar.
pub fn parse(value: &str) -> Option<AuthenticationResults> {
    let mut p = Cursor { s: value.as_bytes(), at: 0 };
    p.cfws()?;
    let authserv_id = p.value()?;
    if authserv_id.is_empty() {
        return None;
    }
    p.cfws()?;
    if p.peek().is_some_and(|b| b.is_ascii_digit()) {
        let version = p.while_matching(|b| b.is_ascii_digit());
        if version != "1" {
            return None;
        }
        p.cfws()?;
    }
    let mut results = Vec::new();
    let mut first = true;
    loop {
        p.cfws()?;
        let Some(b';') = p.peek() else {
            // Nothing more: a field with no result at all is read as `none`.
            return p.at_end().then_some(AuthenticationResults { authserv_id, hop: 0, results });
        };
        p.at += 1;
        p.cfws()?;
        let method = p.keyword().to_ascii_lowercase();
        if method.is_empty() {
            return None;
        }
        p.cfws()?;
        if first && method == "none" && p.at_end() {
            return Some(AuthenticationResults { authserv_id, hop: 0, results });
        }
        first = false;
        if p.eat(b'/') {
            p.cfws()?;
            if p.while_matching(|b| b.is_ascii_digit()).is_empty() {
                return None;
            }
            p.cfws()?;
        }
        p.expect(b'=')?;
        p.cfws()?;
        let result = p.keyword().to_ascii_lowercase();
        if result.is_empty() {
            return None;
        }
        let mut properties = Vec::new();
        loop {
            p.cfws()?;
            if p.at_end() || p.peek() == Some(b';') {
                break;
            }
            let ptype = p.keyword().to_ascii_lowercase();
            if ptype.is_empty() {
                return None;
            }
            p.cfws()?;
            if ptype == "reason" {
                p.expect(b'=')?;
                p.cfws()?;
                p.value()?;
                continue;
            }
            p.expect(b'.')?;
            p.cfws()?;
            let property = p.keyword().to_ascii_lowercase();
            if property.is_empty() {
                return None;
            }
            p.cfws()?;
            p.expect(b'=')?;
            p.cfws()?;
            let value = p.pvalue()?;
            if properties.len() < MAX_PROPERTIES {
                properties.push((format!("{ptype}.{property}"), value));
            }
        }
        if results.len() < MAX_RESULTS {
            results.push(MethodResult { method, result, properties });
        }
    }
}

/// A position in a field's value, for the recursive-descent reading above.
struct Cursor<'a> {
    s: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn at_end(&self) -> bool {
        self.at >= self.s.len()
    }

    fn eat(&mut self, b: u8) -> bool {
        let hit = self.peek() == Some(b);
        self.at += usize::from(hit);
        hit
    }

    fn expect(&mut self, b: u8) -> Option<()> {
        self.eat(b).then_some(())
    }

    fn while_matching(&mut self, keep: impl Fn(u8) -> bool) -> String {
        let start = self.at;
        while self.peek().is_some_and(&keep) {
            self.at += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.at]).into_owned()
    }

    /// Skips white space (folding included) and comments, which nest and may hold quoted
    /// pairs (RFC 5322 §3.2.2). `None` for a comment that is never closed.
    fn cfws(&mut self) -> Option<()> {
        loop {
            match self.peek() {
                Some(b' ' | b'\t' | b'\r' | b'\n') => self.at += 1,
                Some(b'(') => {
                    let mut depth = 0usize;
                    loop {
                        match self.peek()? {
                            b'\\' => self.at += 1,
                            b'(' => depth += 1,
                            b')' => {
                                depth -= 1;
                                if depth == 0 {
                                    self.at += 1;
                                    break;
                                }
                            }
                            _ => {}
                        }
                        self.at += 1;
                    }
                }
                _ => return Some(()),
            }
        }
    }

    /// A keyword (RFC 8601's `Keyword`: letters, digits, `-` and `_`).
    fn keyword(&mut self) -> String {
        self.while_matching(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    }

    /// A quoted string's content, the cursor on its opening quote. `None` if never closed.
    fn quoted(&mut self) -> Option<String> {
        self.expect(b'"')?;
        let mut out = Vec::new();
        loop {
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    return Some(String::from_utf8_lossy(&out).into_owned());
                }
                b'\\' => {
                    self.at += 1;
                    out.push(self.peek()?);
                }
                b'\r' | b'\n' => {}
                b => out.push(b),
            }
            self.at += 1;
        }
    }

    /// A `value` (RFC 2045: a token or a quoted string).
    fn value(&mut self) -> Option<String> {
        if self.peek() == Some(b'"') {
            return self.quoted();
        }
        Some(self.while_matching(|b| b > b' ' && b < 0x7f && !b"()<>@,;:\\\"/[]?=".contains(&b) || b >= 0x80))
    }

    /// A property's value: a `value`, or an address or domain (`ann@example.org`,
    /// `@example.org`, `"a b"@example.org`), or a base64 prefix (`header.b=aB+/c=`): every
    /// character up to white space, a comment or the next `;`.
    fn pvalue(&mut self) -> Option<String> {
        let mut out = String::new();
        if self.peek() == Some(b'"') {
            out.push_str(&self.quoted()?);
        }
        out.push_str(&self.while_matching(|b| b > b' ' && b != b'(' && b != b';' && b != b'"' && b != 0x7f));
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn props(r: &MethodResult) -> Vec<(&str, &str)> {
        r.properties.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect()
    }

    // The examples of RFC 8601 Appendix B, as written there.

    #[test]
    fn b2_nothing_done() {
        let f = parse(" example.org 1; none").unwrap();
        assert_eq!(f.authserv_id, "example.org");
        assert!(f.results.is_empty());
        assert_eq!(parse("example.com; none").unwrap().results, vec![]);
    }

    #[test]
    fn b3_spf() {
        let f = parse(" example.com;\r\n                  spf=pass smtp.mailfrom=example.net").unwrap();
        assert_eq!(f.authserv_id, "example.com");
        assert_eq!(f.results.len(), 1);
        assert_eq!((f.results[0].method.as_str(), f.results[0].result.as_str()), ("spf", "pass"));
        assert_eq!(props(&f.results[0]), vec![("smtp.mailfrom", "example.net")]);
    }

    #[test]
    fn b4_smtp_auth_and_spf_with_comments() {
        let f = parse(
            " example.com;\r\n                  auth=pass (cram-md5) smtp.auth=sender@example.net;\r\n                  \
             spf=pass smtp.mailfrom=example.net",
        )
        .unwrap();
        assert_eq!(f.results.len(), 2);
        assert_eq!(props(&f.results[0]), vec![("smtp.auth", "sender@example.net")]);
        assert_eq!(f.results[1].method, "spf");
        let received_from = parse(" example.com; iprev=pass\r\n                  policy.iprev=192.0.2.200").unwrap();
        assert_eq!(props(&received_from.results[0]), vec![("policy.iprev", "192.0.2.200")]);
    }

    #[test]
    fn b5_several_dkim_signatures_with_comments_and_reasons() {
        let f = parse(
            " example.com;\r\n              dkim=pass (good signature) header.d=example.com;\r\n              \
             dkim=fail (bad signature) header.d=example.com",
        )
        .unwrap();
        assert_eq!(f.results.len(), 2);
        assert_eq!(f.results[0].result, "pass");
        assert_eq!(f.results[1].result, "fail");
        assert_eq!(props(&f.results[1]), vec![("header.d", "example.com")]);
        let g = parse(
            " example.com;\r\n      sender-id=fail header.from=example.com;\r\n      \
             dkim=pass (good signature) header.d=example.com",
        )
        .unwrap();
        assert_eq!(g.results[0].method, "sender-id");
    }

    #[test]
    fn b6_multiple_servers_with_reasons_and_versions() {
        let f = parse(
            " example.com;\r\n          dkim=pass reason=\"good signature\"\r\n            \
             header.i=@mail-router.example.net;\r\n          dkim=fail reason=\"bad signature\"\r\n            \
             header.i=@newyork.example.com",
        )
        .unwrap();
        assert_eq!(props(&f.results[0]), vec![("header.i", "@mail-router.example.net")]);
        assert_eq!(f.results[1].result, "fail");
        let versioned = parse(" example.net 1; dkim/1=pass (good signature) header.i=@newyork.example.com").unwrap();
        assert_eq!(versioned.results[0].method, "dkim");
        assert!(parse(" example.net 2; dkim=pass header.d=x.org").is_none(), "an unknown version is ignored");
    }

    #[test]
    fn b7_comments_and_quotes_anywhere() {
        let f = parse(
            " foo.example.net (foobar) 1 (baz);\r\n    dkim (Because I like it) / 1 (One yay) = (wait for it) fail\r\n      \
             policy (A dot can go here) . (like that) expired\r\n      (this surprised me) = (as I wasn't expecting it) \
             1362471462",
        )
        .unwrap();
        assert_eq!(f.authserv_id, "foo.example.net");
        assert_eq!((f.results[0].method.as_str(), f.results[0].result.as_str()), ("dkim", "fail"));
        assert_eq!(props(&f.results[0]), vec![("policy.expired", "1362471462")]);
    }

    #[test]
    fn opendkim_and_large_providers_as_they_write_it() {
        let f = parse(
            " mx.game.test; dkim=pass (2048-bit key; unprotected) header.d=players.test\r\n\t\
             header.i=@players.test header.a=rsa-sha256 header.s=s1 header.b=\"aB+/c9=\"",
        )
        .unwrap();
        let r = &f.results[0];
        assert_eq!(r.property("header.d"), Some("players.test"));
        assert_eq!(r.property("header.b"), Some("aB+/c9="));
        assert_eq!(r.property("header.s"), Some("s1"));
        let gmail = parse(
            " mx.google.com;\r\n       dkim=pass header.i=@example.org header.s=s1 header.b=Ab/C+d=;\r\n       \
             spf=pass (google.com: domain of ann@example.org designates 192.0.2.1 as permitted sender) \
             smtp.mailfrom=ann@example.org;\r\n       dmarc=pass (p=NONE sp=NONE dis=NONE) header.from=example.org",
        )
        .unwrap();
        assert_eq!(gmail.results.len(), 3);
        assert_eq!(gmail.results[1].property("smtp.mailfrom"), Some("ann@example.org"));
        assert_eq!(gmail.results[2].property("header.from"), Some("example.org"));
    }

    #[test]
    fn malformed_fields_are_none() {
        for bad in [
            "",
            "   ",
            "; dkim=pass",
            "x.org; dkim",
            "x.org; dkim=",
            "x.org; =pass",
            "x.org (open",
            "x.org; dkim=pass header",
            "x.org; dkim=pass header.d",
            "x.org junk",
        ] {
            assert!(parse(bad).is_none(), "{bad:?}");
        }
    }

    fn field(id: &str, value: &str) -> AuthenticationResults {
        parse(&format!("{id}; {value}")).unwrap()
    }

    #[test]
    fn only_the_trusted_servers_passes_count_and_only_aligned() {
        let trusted = "mx.game.test";
        let pass = [field(trusted, "dkim=pass header.d=players.test")];
        assert_eq!(judge(&pass, trusted, Some("players.test")), Authenticated { dkim: true, ..Default::default() });
        assert!(judge(&pass, "MX.Game.Test", Some("Players.Test")).dkim);
        assert!(!judge(&pass, "mx.other.test", Some("players.test")).any(), "another server's field says nothing");
        assert!(!judge(&pass, "", Some("players.test")).any());
        assert!(!judge(&pass, trusted, None).any());
        let forged = [field("players.test", "dkim=pass header.d=players.test")];
        assert!(!judge(&forged, trusted, Some("players.test")).any());
        for result in ["fail", "neutral", "none", "temperror", "policy"] {
            let f = [field(trusted, &format!("dkim={result} header.d=players.test"))];
            assert!(!judge(&f, trusted, Some("players.test")).any(), "{result}");
        }
        // Alignment: the From domain or a parent of it with two labels at least.
        let signed_by = |d: &str, from: &str| {
            judge(&[field(trusted, &format!("dkim=pass header.d={d}"))], trusted, Some(from)).dkim
        };
        assert!(signed_by("players.test", "mail.players.test"));
        assert!(signed_by("players.test.", "players.test"));
        assert!(!signed_by("test", "players.test"), "a top-level domain aligns with nothing");
        assert!(!signed_by("mail.players.test", "players.test"));
        assert!(!signed_by("evilplayers.test", "players.test"));
        assert!(!signed_by("other.test", "players.test"));
        let by_i = [field(trusted, "dkim=pass header.i=ann@players.test")];
        assert!(judge(&by_i, trusted, Some("players.test")).dkim);
        let spf = [field(trusted, "spf=pass smtp.mailfrom=ann@players.test")];
        assert_eq!(judge(&spf, trusted, Some("players.test")), Authenticated { spf: true, ..Default::default() });
        let spf_other = [field(trusted, "spf=pass smtp.mailfrom=bounce@list.test")];
        assert!(!judge(&spf_other, trusted, Some("players.test")).any());
        let dmarc = [field(trusted, "dmarc=pass header.from=players.test")];
        assert!(judge(&dmarc, trusted, Some("players.test")).dmarc);
        assert!(!judge(&dmarc, trusted, Some("mail.players.test")).dmarc);
    }

    /// The fields of a header block as the reader keeps them.
    fn fields_of(head: &str) -> Vec<AuthenticationResults> {
        let raw = format!("{head}From: ann@players.test\r\n\r\nbody\r\n").replace('\n', "\r\n").replace("\r\r", "\r");
        fields(&mailparse::parse_headers(raw.as_bytes()).unwrap().0)
    }

    #[test]
    fn only_the_servers_own_fields_count_not_a_senders_below_them() {
        let trusted = "mx.game.test";
        let judged = |head: &str| judge(&fields_of(head), trusted, Some("players.test")).dkim;
        // The server's own field, at the top of what it received.
        assert!(judged(
            "Received: by mx.game.test\nAuthentication-Results: mx.game.test; dkim=pass header.d=players.test\nReceived: from a\n"
        ));
        // Two fields of the server's at one hop (a DKIM and an SPF milter) are read together.
        assert!(judged(
            "Authentication-Results: mx.game.test; spf=none smtp.mailfrom=players.test\nAuthentication-Results: mx.game.test; dkim=pass header.d=players.test\nReceived: from a\n"
        ));
        // The server failed the signature; a pass with its id that came in the mail (below the
        // server's Received field) is the sender's own writing.
        assert!(!judged(
            "Authentication-Results: mx.game.test; dkim=fail header.d=players.test\nReceived: from a by mx.game.test\nAuthentication-Results: mx.game.test; dkim=pass header.d=players.test\n"
        ));
        // Nor below a field of another server, or one that does not parse.
        assert!(!judged(
            "Authentication-Results: mx.game.test; dkim=fail header.d=players.test\nAuthentication-Results: relay.test; none\nAuthentication-Results: mx.game.test; dkim=pass header.d=players.test\n"
        ));
        assert!(!judged(
            "Authentication-Results: mx.game.test; dkim=fail header.d=players.test\nAuthentication-Results: (junk\nAuthentication-Results: mx.game.test; dkim=pass header.d=players.test\n"
        ));
        // A later hop's own field above the server's does not hide it.
        assert!(judged(
            "Received: by imap.game.test\nAuthentication-Results: filter.test; none\nAuthentication-Results: mx.game.test; dkim=pass header.d=players.test\n"
        ));
    }
}
