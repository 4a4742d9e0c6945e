"""written_text: what a player wrote in a mailed reply, from replies as real clients send them
(fixtures/*.eml: each answers a turn notice and quotes its board, so quote stripping is really exercised)."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from django.test import override_settings

from games.mail.replies import written_text

FIXTURES = Path(__file__).parent / "fixtures"
NOTICE_QUOTE = """On Sun, 22 Nov 2026 at 15:10, MetalTalon <play+12.abc@example.org> wrote:

> Hello Bob,
>
>       A   B   C   D   E   F   G   H   I   J   K   L   M   N   O   P   Q
>   7       .   .  8A   .   .   .   .   .   .   .   .   .   .   .   .
>
> Reply with your commands, one per line or separated by ';',
> for example: move D7 F8; end
>
> --=20
> Stop all game e-mails: https://example.org/unsubscribe/3.kQ2x9LpVw7/
"""


def parse(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    return message


def fixture(name: str) -> EmailMessage:
    return parse((FIXTURES / name).read_bytes())


def plain_reply(body: str, params: str = "charset=utf-8") -> EmailMessage:
    """A text/plain reply as a simple client sends it (quoted-printable, so "=20" keeps "-- " intact)."""
    head = f"From: bob@example.net\nSubject: Re: turn\nMIME-Version: 1.0\nContent-Type: text/plain; {params}"
    return parse(f"{head}\nContent-Transfer-Encoding: quoted-printable\n\n{body}".encode())


CLIENT_REPLIES = [
    # Gmail: commands on top, "On ... wrote:" and '>' quotes below (QP text/plain, div.gmail_quote HTML).
    ("gmail_top_posted.eml", "move D7 F8\nfire F8 G9\nend"),
    # Outlook: "Best, Bob", underscores, From:/Sent:/To:/Subject: block, the notice unquoted; windows-1252.
    ("outlook_top_posted.eml", "move D7 F8\nfire F8 G9\nend"),
    # iPhone: "Sent from my iPhone", then a '>'-quoted "On ... wrote:"; base64.
    ("apple_mail_iphone.eml", "move D7 F8\nfire F8 G9\nend"),
    # Thunderbird: quote first, commands below, a line the client wrapped (format=flowed), "-- " signature.
    ("thunderbird_bottom_posted.eml",
     "move D7 F8\nfire F8 G9\nend\nNice opening. I did not expect the Swarm to come round the north side "
     "this early, we will see how that goes."),
    # HTML only: commands in divs with br, the quote in a blockquote, the attribution line outside it.
    ("html_only.eml", "move D7 F8\nfire F8 G9\nend\nThanks for the game so far!"),
    # German Gmail: "Am ... schrieb ...:", a greeting after the commands, "Viele Grüße / Jörg" dropped.
    ("non_ascii_german.eml", "launch 3e 1w 1s\nend\nViel Glück!"),
    # K-9 Mail: one line of commands, a "-- " signature, then the quote.
    ("semicolons_one_line.eml", "move D7 F8; fire F8 G9; end"),
    # NeoMutt: bottom-posted under a quote that itself holds a "> -- " signature, with a PNG attached.
    ("with_attachment.eml",
     "move D7 F8\nfire F8 G9\nend\nScreenshot attached: the board looked odd in my client."),
]


@pytest.mark.parametrize(("name", "expected"), CLIENT_REPLIES, ids=[name for name, _ in CLIENT_REPLIES])
def test_each_clients_reply_gives_exactly_the_lines_the_player_wrote(name: str, expected: str) -> None:
    assert written_text(fixture(name)) == expected


HTML_ALTERNATIVES = ["gmail_top_posted.eml", "outlook_top_posted.eml", "apple_mail_iphone.eml",
                     "thunderbird_bottom_posted.eml", "non_ascii_german.eml"]


@pytest.mark.parametrize("name", HTML_ALTERNATIVES)
def test_a_clients_html_part_alone_gives_the_same_text_as_its_plain_part(name: str) -> None:
    # The client's own HTML (gmail_quote, divRplyFwdMsg, blockquote type=cite, moz-cite-prefix) as if it
    # had been sent without its text/plain alternative.
    html = fixture(name).get_body(preferencelist=("html",))
    assert html is not None
    assert written_text(parse(bytes(html))) == dict(CLIENT_REPLIES)[name]


def test_an_empty_reply_has_no_written_text() -> None:
    assert written_text(plain_reply("")) == ""
    assert written_text(plain_reply("\n \n\xa0\n")) == ""


def test_a_reply_that_only_quotes_the_notice_has_no_written_text() -> None:
    assert written_text(plain_reply(NOTICE_QUOTE)) == ""


@pytest.mark.parametrize("signature", ["--=20\nBob Example\nbob.example.net", "Sent from my iPhone",
                                       "Get Outlook for iOS<https://aka.ms/o0ukef>"])
def test_a_reply_of_only_a_signature_has_no_written_text(signature: str) -> None:
    assert written_text(plain_reply(f"{signature}\n\n{NOTICE_QUOTE}")) == ""


def test_a_hyphen_list_of_commands_is_not_taken_for_a_signature() -> None:
    # mail-parser-reply's default reads "- move" like an "-Bob" sign-off and cuts from there.
    assert written_text(plain_reply(f"- move D7 F8\n- end\n\n{NOTICE_QUOTE}")) == "- move D7 F8\n- end"


def test_spacing_and_invisible_characters_are_normalised() -> None:
    body = "move=C2=A0D7 F8=E2=80=8B  \r\n\r\n\r\n  end=EF=BB=BF\r\n"
    assert written_text(plain_reply(body)) == "move D7 F8\nend"


@pytest.mark.parametrize(("params", "body"), [
    ("charset=utf-8; format=flowed", "move D7 F8; fire F8 G9; launch=20\n3e 1w 1s; end\n"),
    ("charset=utf-8; format=flowed; delsp=yes", "move D7 F8; fire F8 G9; laun=20\nch 3e 1w 1s; end\n"),
])
def test_a_line_the_client_wrapped_with_format_flowed_is_one_line_again(params: str, body: str) -> None:
    # The flowed soft break is the space ("=20" in quoted-printable) at the end of the line; with
    # DelSp=yes it was added by the client and goes, else it is the space between two words.
    assert written_text(plain_reply(body, params)) == "move D7 F8; fire F8 G9; launch 3e 1w 1s; end"


def test_a_charset_python_does_not_know_is_read_as_utf8() -> None:
    assert written_text(plain_reply("move D7 F8\nViel Gl=C3=BCck!\n", "charset=x-unknown-8bit")) == (
        "move D7 F8\nViel Glück!")


def test_a_text_attachment_is_never_read_as_the_reply() -> None:
    message = EmailMessage()
    message["Subject"] = "Re: turn"
    message.set_content("<div>end</div><blockquote>Reply with your commands</blockquote>", subtype="html")
    message.add_attachment("resign\n", filename="orders.txt")
    assert written_text(message) == "end"


def test_a_message_without_any_text_part_has_no_written_text() -> None:
    message = EmailMessage()
    message.set_content(b"\x89PNG\r\n", maintype="image", subtype="png", filename="board.png")
    assert written_text(message) == ""


def test_the_languages_setting_decides_which_attribution_lines_are_known() -> None:
    body = (f"keep\n\nAm So., 22. Nov. 2026 um 15:10 Uhr schrieb MetalTalon <play+12.abc@example.org>:\n\n"
            f"{NOTICE_QUOTE.split(chr(10), 2)[2]}")
    assert written_text(plain_reply(body)) == "keep"
    with override_settings(MAIL_REPLY_LANGUAGES=["en"]):
        assert written_text(plain_reply(body)) == (
            "keep\nAm So., 22. Nov. 2026 um 15:10 Uhr schrieb MetalTalon <play+12.abc@example.org>:")
