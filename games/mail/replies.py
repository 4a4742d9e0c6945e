"""What a player wrote in a mailed reply, without the quoted notice, the client's attribution line or
Outlook's From:/Sent: block, and without signatures.

Game-agnostic: the caller decides which of the returned lines are commands. Quote and signature
stripping is mail-parser-reply's job; this module finds and decodes the body, tidies it for the library
and works around what the library gets wrong for replies to our notices (see `_strip`).
"""

from __future__ import annotations

import re
from email.message import EmailMessage, MIMEPart

from bs4 import BeautifulSoup
from bs4.element import NavigableString
from django.conf import settings
from mailparser_reply import EmailMessage as ParsedReply
from mailparser_reply import EmailReplyParser

# Supported by mail-parser-reply 1.36 (it also knows cs, da, it, ja, ko, pl, sv, zh). Each language adds
# header patterns, and some are loose: with "it", two consecutive lines starting "A:" (Italian "To:") or
# "Da:" ("From:") read as an Outlook header block and are dropped, with everything below them when
# something was written above them, so Italian is left out (settings.MAIL_REPLY_LANGUAGES adds it).
DEFAULT_LANGUAGES = ("en", "de", "fr", "es", "nl")

# Invisible characters clients put in replies (iOS Mail starts its quote with a BOM, HTML editors leave
# zero-width spaces), which would keep a line from matching a header or a command.
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"))
_SPACES = dict.fromkeys(map(ord, "\xa0\u202f\u2007"), " ")

# HTML containers that hold the quoted mail: any blockquote (Apple Mail's type=cite, Thunderbird's,
# webmails'), Gmail's quote with its attribution, Thunderbird's attribution line, Yahoo's quote.
_HTML_QUOTES = "blockquote, .gmail_quote, .moz-cite-prefix, .yahoo_quoted"
_HTML_INVISIBLE = ["head", "style", "script", "title", "template"]
_HTML_BLOCKS = ["p", "div", "li", "tr", "table", "ul", "ol", "pre", "hr", "h1", "h2", "h3", "h4", "h5", "h6"]


# Bounds on what is read, far past any reply a person writes: the library's patterns and the HTML walk are
# superlinear (a 16 kB line starting "On " took seconds; so did thousands of nested HTML blocks), and a
# reply that ties up a worker would be a way to stall the game for everyone.
MAX_LINE = 1000
MAX_TEXT_LINES = 400
MAX_HTML_TAGS = 3000


def written_text(message: EmailMessage) -> str:
    """The lines the sender wrote in this reply, stripped, blank lines dropped (clients differ in how many
    they put: Outlook doubles paragraph breaks, HTML blocks add their own), joined by "\\n"; "" when
    nothing was written. `message` is parsed with `email.policy.default`.

    What the library takes for a signature goes with everything after it: a "-- " line, "Sent from my
    ...", "Get Outlook for ...", and below the first line a line starting "Thanks," "Best," "Regards,"
    (or the enabled languages' sign-offs, such as "Viele Grüße"). Text written both above and below
    the quote gives only the part above."""
    part = message.get_body(preferencelist=("plain", "html"))  # never an attachment part
    if part is None:
        return ""
    text = _decoded(part)
    if part.get_content_subtype() == "html":
        if text.count("<") > MAX_HTML_TAGS:
            return ""
        text = _html_text(text)
    elif str(part.get_param("format", "")).lower() == "flowed":
        text = _unflowed(text, delsp=str(part.get_param("delsp", "")).lower() == "yes")
    lines = _normalized(text).split("\n")[:MAX_TEXT_LINES]
    return _strip("\n".join(line[:MAX_LINE] for line in lines))


def _languages() -> list[str]:
    return list(settings.MAIL_REPLY_LANGUAGES or DEFAULT_LANGUAGES)


def _strip(text: str) -> str:
    """Quotes and signatures off, by the library, after dropping '>' lines (RFC 3676 quoting) first.

    mail-parser-reply splits the text at attribution lines ("On ... wrote:", From:/Sent: blocks) and
    keeps the first part, but it never drops '>' lines: in a bottom-posted reply (header at the top,
    quote, then the commands) the commands share a part with the quote. And its signature pattern also
    matches inside quotes: a quoted '> -- ' or '> - item' cuts everything after it, the commands too.
    With the '>' lines gone first, that part is the attribution line plus what was written below it,
    and the library drops the line as the part's header. Hyphen lists are kept: by default the library
    takes a line like "- move D7 F8" for an "-Name" signature and cuts from there."""
    unquoted = "\n".join(line for line in text.split("\n") if not line.lstrip().startswith(">"))
    languages = EmailReplyParser(languages=_languages()).languages  # the supported ones, else English
    parsed = ParsedReply(text=unquoted, languages=list(languages), keep_hyphen_lists=True).read()
    body = parsed.replies[0].body if parsed.replies else ""
    return "\n".join(line.strip() for line in body.split("\n") if line.strip())


def _decoded(part: MIMEPart) -> str:
    """The part's text, its transfer encoding and charset undone by the email package."""
    try:
        content = part.get_content()
    except LookupError:  # a charset Python does not know: read it as UTF-8 rather than lose the reply
        payload = part.get_payload(decode=True)
        content = payload.decode("utf-8", errors="replace") if isinstance(payload, bytes) else ""
    return content if isinstance(content, str) else ""


def _normalized(text: str) -> str:
    """Unix line ends, plain spaces, no invisible characters, no trailing whitespace: as the library's
    patterns and the caller's line-by-line reading expect."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").translate(_INVISIBLE).translate(_SPACES)
    return "\n".join(line.rstrip() for line in text.split("\n"))


def _unflowed(text: str, *, delsp: bool) -> str:
    """RFC 3676 format=flowed undone (Thunderbird, K-9): a line ending in a space continues on the next
    line of the same quote depth, so a long line of commands the client wrapped is one line again."""
    lines: list[str] = []
    continues, last_depth = False, 0
    for raw in text.replace("\r\n", "\n").split("\n"):
        depth = len(raw) - len(raw.lstrip(">"))
        line = raw[depth:]
        line = line.removeprefix(" ")  # space-stuffing
        flowed = line.endswith(" ") and line != "-- "  # the signature separator is never flowed
        if flowed and delsp:
            line = line[:-1]
        if continues and depth == last_depth:
            lines[-1] += line
        else:
            lines.append(">" * depth + " " + line if depth else line)
        continues, last_depth = flowed, depth
    return "\n".join(lines)


def _html_text(html: str) -> str:
    """An HTML-only reply as the text it shows, with the quote containers removed and a line break at
    each br and block, as a browser would lay it out."""
    soup = BeautifulSoup(html, "html.parser")
    for tag in soup.find_all(_HTML_INVISIBLE) + soup.select(_HTML_QUOTES):
        tag.decompose()
    # Outlook (web and new): the quoted mail follows its From:/Sent: block, not inside any container.
    reply_header = soup.find(id="divRplyFwdMsg")
    node = reply_header
    while node is not None and node.name not in ("body", "html", "[document]"):
        for later in list(node.next_siblings):
            later.extract()
        node = node.parent
    if reply_header is not None:
        reply_header.decompose()
    for string in soup.find_all(string=True):
        if type(string) is NavigableString and string.find_parent("pre") is None:
            string.replace_with(re.sub(r"\s+", " ", string))  # source line breaks are spaces in HTML
    for br in soup.find_all("br"):
        br.replace_with("\n")
    for block in soup.find_all(_HTML_BLOCKS):
        block.insert_before("\n")
        block.insert_after("\n")
    return soup.get_text()
