//! Mail in and out of the referee: reading what arrives, composing and sending what leaves,
//! Maildir folders. Nothing here knows the rules of a game.

pub mod compose;
pub mod inbox;
pub mod maildir;
pub mod oauth;
pub mod reader;
pub mod reply;
pub mod transport;

/// The part of `mail` that holds its plain text: the first `text/plain` part, depth first, of
/// a multipart mail (herald's own game mails carry an HTML alternative after it), or the mail
/// itself. For reading herald's own mail back (`herald demo`, a scripted reply's quote);
/// players' mail is read by [`reader`], which weighs every part.
pub fn plain_part<'a, 'm>(mail: &'m mailparse::ParsedMail<'a>) -> &'m mailparse::ParsedMail<'a> {
    fn find<'a, 'm>(part: &'m mailparse::ParsedMail<'a>) -> Option<&'m mailparse::ParsedMail<'a>> {
        if part.subparts.is_empty() {
            return part.ctype.mimetype.eq_ignore_ascii_case("text/plain").then_some(part);
        }
        part.subparts.iter().find_map(find)
    }
    find(mail).unwrap_or(mail)
}
