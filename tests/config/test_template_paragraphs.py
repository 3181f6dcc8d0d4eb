"""No paragraph in a template holds a block: the browser would close the paragraph there, and
what followed would fall out of its box (the organizer's actions did, each on its own line)."""

from __future__ import annotations

from html.parser import HTMLParser

from tests.config.templates import templates_failing

BLOCKS = {
    "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "nav", "ol",
    "p", "pre", "section", "table", "ul",
}  # fmt: skip


class ParagraphBlocks(HTMLParser):
    """Each block tag opened inside an open paragraph, with its line."""

    def __init__(self) -> None:
        super().__init__()
        self.open_paragraph = False
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in BLOCKS and self.open_paragraph:
            self.found.append(f"<{tag}> at line {self.getpos()[0]}")
        if tag == "p":
            self.open_paragraph = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "p":
            self.open_paragraph = False


def blocks_in_paragraphs(html: str) -> list[str]:
    parser = ParagraphBlocks()
    parser.feed(html)
    return parser.found


def test_the_check_finds_a_form_inside_a_paragraph() -> None:
    assert blocks_in_paragraphs('<p class="controls"><a>x</a>\n<form></form></p>') == [
        "<form> at line 2"
    ]
    assert blocks_in_paragraphs("<p>a <strong>b</strong></p><form></form>") == []


def test_no_template_opens_a_block_inside_a_paragraph() -> None:
    assert templates_failing(blocks_in_paragraphs) == {}
