"""The harness gives a plugin the engine's text of HTML, DOCX and email.

The engine's text of each fixture is checked in beside it
(``packages/server/test/parsing/fixtures/<file>.txt``), and of each of the corpus's emails under
``fixtures/email-text/``; both are written and checked by the engine's ``sdk-text.test.ts``. The
SDK must give the same, character for character.
"""

from pathlib import Path

import pytest

from service_sdk.documents import DocumentParseError, parse_document, parse_with_engine
from service_sdk.html_text import html_to_text

REPO = Path(__file__).resolve().parents[3]
FIXTURES = REPO / "packages" / "server" / "test" / "parsing" / "fixtures"
EMAILS = REPO.parent / "shared" / "corpus" / "email"


@pytest.mark.parametrize("name", ["layout.html", "standard-terms.html", "cover-page.html",
                                  "cover-page.docx", "mutual-nda.docx"])
def test_the_text_is_the_engines(name: str) -> None:
    parsed = parse_document((FIXTURES / name).read_bytes(), name)
    assert parsed.text == (FIXTURES / f"{name}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(str(p.relative_to(EMAILS)) for p in EMAILS.glob("*/*.eml")))
def test_the_text_of_an_email_is_the_engines(name: str) -> None:
    # plain parts joined, HTML as text when there is none, else the subject; ISO-8859-1 read as
    # windows-1252 (WHATWG), as mailparser reads it
    parsed = parse_document((EMAILS / name).read_bytes(), Path(name).name)
    engine = (FIXTURES / "email-text" / f"{name}.txt").read_text(encoding="utf-8")
    assert parsed.text == engine


def test_inline_elements_stay_in_their_sentence() -> None:
    # Beautiful Soup's get_text("\n") broke the sentence at every tag
    text = html_to_text("<p>This Agreement is made on <b>June 1, 2025</b> between\n"
                        "<i>Acme Inc.</i>and Beta LLC.</p>")
    assert text == "This Agreement is made on June 1, 2025 between Acme Inc.and Beta LLC."


def test_neighbouring_blocks_are_separated_by_the_larger_of_their_breaks() -> None:
    text = html_to_text("<h2>1. Term</h2><p>Three years.</p><div>Signed</div><div>Acme</div>"
                        "<h3>Notices</h3>")
    assert text == "1. Term\n\nThree years.\n\nSigned\nAcme\n\n\nNotices"


def test_lists_quotes_and_preformatted_text() -> None:
    text = html_to_text('<ol start="9"><li>nine</li><li>ten<br>more</li></ol>'
                        "<blockquote><p>a</p><p>b</p></blockquote><pre>  kept\n   as is</pre>")
    assert text == "9.  nine\n 10. ten\n     more\n\n> a\n> \n> b\n\n  kept\n   as is"


def test_a_definition_list_is_rows_as_a_table() -> None:
    text = html_to_text("<dl><dt>Effective Date</dt><dd>June 1, 2025</dd>"
                        "<dt>Governing Law</dt><dd>New York</dd></dl>")
    assert text == "| Effective Date | June 1, 2025 |\n| Governing Law | New York |"


def test_scripts_images_comments_and_the_title_are_no_text() -> None:
    text = html_to_text("<html><head><title>T</title><style>p{}</style></head><body>"
                        "<!-- note --><p>Amount&nbsp;due<img src=x alt=logo><script>x()</script>"
                        "</p></body></html>")
    assert text == "Amount\u00a0due"


ENGINE = str(REPO / "node_modules" / ".bin" / "service-server")


def test_the_engines_own_parser_gives_a_pdfs_pages() -> None:
    # `service plugin run --parser engine`: the exact text, a PDF's line breaks included
    pdf = REPO.parent / "shared" / "corpus" / "kleister-nda" / "pdf" / \
        "2f9077637a572fb939dfc6e8b08c4ad8.pdf"
    parsed = parse_with_engine(str(pdf), command=ENGINE)
    assert parsed.kind == "pdf"
    assert parsed.text == "\n\n".join(parsed.pages)
    assert parsed.text.startswith("EX-10.30 6 tazoteascontract1030.txt DISTRIBUTION AGREEMENT")
    layout = parse_with_engine(str(FIXTURES / "layout.html"), command=ENGINE)
    assert layout.text == (FIXTURES / "layout.html.txt").read_text(encoding="utf-8")


def test_the_engines_parser_says_why_it_cannot_parse(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(DocumentParseError, match="empty"):
        parse_with_engine(str(empty), command=ENGINE)
    with pytest.raises(DocumentParseError, match="not on PATH"):
        parse_with_engine(str(empty), command="no-such-service-server")
