"""Pages written for people, read back as a browser reads them: which elements they hold and
what text each cell shows, so that a test can say a hostile name is shown as text."""

from __future__ import annotations

from html.parser import HTMLParser

HOSTILE_PAGE_NAMES = [
    "<script>alert(1)</script>",
    "{{7*7}}",
    "{% raw %}x{{ page_mark }}",
    'O\'Brien & "Sons" <b>',
    "</td></tr></table><img src=x>",
]
"""Names a contestant may choose: a script, Jinja2 expressions and tags (the pages are Jinja2
templates: a name must never be evaluated, ``{{7*7}}`` shown as itself and not as 49), quotes
and ``&`` (an attribute or an entity broken open), and closing tags that would end a table."""


class Page(HTMLParser):
    """The page as a browser reads it: its elements, its links, and the text of each table
    cell and list item."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.links: list[str] = []
        self.cells: list[str] = []
        self.items: list[str] = []
        self._into: list[str] | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag in ("td", "li"):
            self._into = self.cells if tag == "td" else self.items
            self._into.append("")
        if tag == "a":
            self.links.append(dict(attrs).get("href") or "")

    def handle_data(self, data: str) -> None:
        if self._into is not None:
            self._into[-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "li"):
            self._into = None
