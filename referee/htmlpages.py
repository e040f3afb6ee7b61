"""The HTML pages that commands write to files (the ladder's standings, a tournament's report),
rendered by Jinja2 with autoescape on.

Such a page shows contestants' names, which are hostile text: with autoescape every value put
into a template is escaped unless the template marks it as our own markup, so a page never
depends on each of its lines remembering to escape. Jinja2 fills a template and never
evaluates what it fills in, so a name such as ``{{7*7}}`` is shown as those seven characters.
Names also pass ``shown`` (``referee.safetext.for_terminal``, cut to ``NAME_LIMIT``): a control
character or a right-to-left override appears as its visible escape, as in every table the
referee prints. The contest server's pages have their own environment
(referee/web/templating.py), over their own folder and its layout.

Each package keeps its pages in its own ``templates`` folder, shipped as package data (the
``referee = ["**/*.html", ...]`` line of pyproject.toml).
"""

from __future__ import annotations

import functools
from typing import Any

import jinja2
from markupsafe import Markup

from referee import csp
from referee.outputs import PAGE_MARK
from referee.safetext import NAME_LIMIT, for_terminal


def shown(value: Any, limit: int = NAME_LIMIT) -> str:
    """A contestant's text as a page shows it (HTML escaping follows, by autoescape)."""
    return for_terminal(value, limit)


def visible(value: Any) -> str:
    """Text from the command line or a file (a rules label, a seed) as a page shows it: whole,
    its control characters made visible."""
    return for_terminal(value)


def number(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def signed(value: float) -> str:
    """A rating difference in whole Elo points, its sign always written."""
    return f"{value:+.0f}"


def content_security_policy(*, inline_styles: bool = False, data_images: bool = False) -> Markup:
    """The page's policy (referee/csp.py), for its ``<meta http-equiv>``: our own words (fixed
    keywords, no quote mark of the attribute's kind), so not escaped. A page in a file has no
    server of its own to load files from: what it may use is inline, or nothing."""
    return Markup(csp.policy(inline_styles=inline_styles, data_images=data_images, meta=True))


@functools.cache
def _environment(package: str) -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader(package, "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    environment.filters.update(shown=shown, visible=visible, number=number, signed=signed)
    environment.globals.update(
        page_mark=Markup(PAGE_MARK), content_security_policy=content_security_policy
    )
    return environment


def render(package: str, template: str, **values: Any) -> str:
    """The page ``template`` of ``package`` (in its ``templates`` folder) filled with
    ``values``."""
    return _environment(package).get_template(template).render(**values)


__all__ = ["number", "render", "shown", "signed", "visible"]
