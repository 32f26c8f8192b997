"""Inert Markdown preview of memory text (SPEC 6, 9: memory text is untrusted, written by an LLM).

Rendering goes through markdown-it-py with raw HTML disabled and three renderer rules replaced:
an image becomes a visible placeholder (no ``<img>``, no ``src``), and a link keeps its text
but an ``href`` only for an in-page ``#fragment``; any other target is shown as plain text
after the link text so the person still sees where it pointed. The view on top never fetches
a resource and never navigates, whatever the document contains.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.common.utils import escapeHtml
from markdown_it.renderer import RendererHTML
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from PySide6.QtCore import QCoreApplication, Qt, QUrl, Slot
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QTextBrowser, QWidget

__all__ = ["MarkdownView", "render_memory_html"]

_STYLE_SHEET = """
.md-url { color: gray; }
.md-image { color: gray; font-style: italic; }
"""
# A data: URL can be megabytes of base64; the person needs its start, not all of it.
_MAX_SHOWN_URL = 200

translate = QCoreApplication.translate


class _InertRenderer(RendererHTML):
    """HTML renderer whose images and links cannot load or open anything."""

    def __init__(self, parser: Any = None) -> None:
        super().__init__(parser)
        self._md: MarkdownIt | None = parser

    def image(self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType) -> str:
        token = tokens[idx]
        alt = self.renderInlineAsText(token.children, options, env).strip()
        label = (
            translate("MarkdownView", "image: {alt}").format(alt=alt)
            if alt
            else translate("MarkdownView", "image")
        )
        src = self._display_url(token.attrGet("src"))
        where = f" ({src})" if src else ""
        return f'<span class="md-image">[{escapeHtml(label)} — {escapeHtml(translate("MarkdownView", "not loaded"))}{escapeHtml(where)}]</span>'

    def link_open(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        href = _href(tokens[idx])
        if href.startswith("#"):
            return f'<a href="{escapeHtml(href)}">'
        return '<span class="md-link">'

    def link_close(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        opening = _matching_link_open(tokens, idx)
        href = _href(opening) if opening is not None else ""
        if href.startswith("#"):
            return "</a>"
        # An autolink's text already is its URL; any other link shows where it pointed.
        if opening is None or opening.markup in ("autolink", "linkify") or not href:
            return "</span>"
        return f'</span> <span class="md-url">({escapeHtml(self._display_url(href))})</span>'

    # With options.html False these tokens do not occur; escape them should that ever change.
    def html_block(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        return f"<p>{escapeHtml(tokens[idx].content)}</p>\n"

    def html_inline(
        self, tokens: Sequence[Token], idx: int, options: OptionsDict, env: EnvType
    ) -> str:
        return escapeHtml(tokens[idx].content)

    def _display_url(self, url: str | int | float | None) -> str:
        """The URL as a person reads it (percent-escapes decoded, as browsers show it)."""
        text = "" if url is None else str(url)
        if self._md is not None:
            text = self._md.normalizeLinkText(text)
        return text if len(text) <= _MAX_SHOWN_URL else text[: _MAX_SHOWN_URL - 1] + "…"


def _href(token: Token) -> str:
    value = token.attrGet("href")
    return "" if value is None else str(value)


def _matching_link_open(tokens: Sequence[Token], close_idx: int) -> Token | None:
    # CommonMark links cannot contain links, so the nearest opening one is the match.
    for token in reversed(tokens[:close_idx]):
        if token.type == "link_open":
            return token
    return None


_MARKDOWN = MarkdownIt("commonmark", {"html": False}, renderer_cls=_InertRenderer).enable(
    ["table", "strikethrough"]
)


def render_memory_html(text: str) -> str:
    """Render untrusted memory Markdown to HTML that loads nothing and links nowhere outside."""
    return str(_MARKDOWN.render(text))


class _InertDocument(QTextDocument):
    """A document that loads no resource at all.

    Returning nothing from ``QTextBrowser.loadResource`` is not enough: the base
    ``QTextDocument.loadResource`` then reads ``file:`` and relative paths from disk and
    decodes ``data:`` URLs itself, and Qt's image handler loads an image path directly when its
    resource is null. So loading is cut off here, and every image gets a blank 1×1 stand-in.
    """

    def loadResource(self, resource_type: int, name: QUrl | str, /) -> Any:
        kind = getattr(resource_type, "value", resource_type)  # an int from Qt, an enum from Python
        if kind == QTextDocument.ResourceType.ImageResource.value:
            return _blank_image()
        return None


def _blank_image() -> QImage:
    image = QImage(1, 1, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    return image


class MarkdownView(QTextBrowser):
    """Read-only preview of memory text: fetches no resource, opens no link, never navigates."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("markdownPreview")
        document = _InertDocument(self)
        document.setDefaultStyleSheet(_STYLE_SHEET)
        self.setDocument(document)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.setSearchPaths([])
        self.anchorClicked.connect(self._on_anchor_clicked)

    def set_memory_text(self, text: str) -> None:
        # Qt turns the newline after the last block into a trailing space.
        self.setHtml(render_memory_html(text).rstrip())

    def loadResource(self, resource_type: int, name: QUrl | str, /) -> Any:
        """Nothing is ever loaded: not from the network, not from disk, not from qrc.

        (The view's document does not even ask; this guards direct callers.)
        """
        return None

    def doSetSource(
        self,
        name: QUrl | str,
        /,
        type: QTextDocument.ResourceType = QTextDocument.ResourceType.UnknownResource,
    ) -> None:
        """Navigation is disabled: the only content is what set_memory_text() rendered."""

    @Slot(QUrl)
    def _on_anchor_clicked(self, url: QUrl) -> None:
        # Only in-page fragments have an href at all; anything else is ignored.
        if url.hasFragment() and not url.scheme() and not url.host() and not url.path():
            self.scrollToAnchor(url.fragment())
