"""Untrusted memory text renders inert and the preview makes no network request (SPEC 9)."""

from __future__ import annotations

import re
import socket
import struct
import threading
import urllib.request
import zlib
from collections.abc import Iterator
from html.parser import HTMLParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QObject, QSize, Qt, QUrl, Slot
from PySide6.QtGui import QColor, QDesktopServices, QImage, QTextCursor, QTextDocument
from PySide6.QtWidgets import QTextBrowser
from pytestqt.qtbot import QtBot

from ui.markdown_view import MarkdownView, render_memory_html

# The offscreen platform cannot propagate a window's size hints; harmless, and only there.

_EXTERNAL_SCHEMES = ("http", "https", "file", "ftp", "javascript", "data", "mailto", "qrc")


def _png() -> bytes:
    """A valid 1×1 PNG, so a client that did fetch it would get a real image."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00")
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


class _CountingServer(ThreadingHTTPServer):
    """Counts every accepted TCP connection and every request path."""

    daemon_threads = True

    def __init__(self) -> None:
        self.connections = 0
        self.paths: list[str] = []
        self._count_lock = threading.Lock()
        super().__init__(("127.0.0.1", 0), _Handler)

    def verify_request(self, request: object, client_address: object) -> bool:
        with self._count_lock:
            self.connections += 1
        return True

    @property
    def port(self) -> int:
        return int(self.server_address[1])


class _Handler(BaseHTTPRequestHandler):
    server: _CountingServer

    def do_GET(self) -> None:
        self.server.paths.append(self.path)
        body = _png()
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_HEAD = do_POST = do_GET

    def log_message(self, format: str, *args: object) -> None:  # quiet test output
        return


@pytest.fixture
def server() -> Iterator[_CountingServer]:
    httpd = _CountingServer()
    thread = threading.Thread(target=httpd.serve_forever, name="counting-http", daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


class _UrlSpy(QObject):
    """Receives every URL Qt would hand to the desktop (QDesktopServices.openUrl)."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[str] = []

    @Slot(QUrl)
    def handle(self, url: QUrl) -> None:
        self.opened.append(url.toString())


@pytest.fixture
def url_spy() -> Iterator[_UrlSpy]:
    spy = _UrlSpy()
    for scheme in _EXTERNAL_SCHEMES:
        # PySide6 wants the method name as str here (its stub says bytes, which it rejects).
        QDesktopServices.setUrlHandler(scheme, spy, "handle")  # type: ignore[arg-type]
    try:
        yield spy
    finally:
        for scheme in _EXTERNAL_SCHEMES:
            QDesktopServices.unsetUrlHandler(scheme)


def _hostile_text(port: int, local_png: Path | None = None) -> str:
    base = f"http://127.0.0.1:{port}"
    local = local_png.as_uri() if local_png else "file:///etc/hostname"
    return f"""# 记忆审计 {base}

用户偏好：简洁的回答。**重要**

<script>fetch("{base}/script")</script>
<iframe src="{base}/iframe"></iframe>
<img src={base}/x.png>
<img src="{local}">
<a href="{base}/raw-a">raw anchor</a>
<style>body {{ background: url({base}/css.png) }}</style>

![x]({base}/y.png) ![本地]({local}) ![pixel](data:image/png;base64,iVBORw0KGgo=)

[click](javascript:alert(1)) [site]({base}/z "title") [local file]({local})
[data](data:text/html,<script>alert(1)</script>) [mail](mailto:a@example.com)

[ref link][r1] and ![ref image][r2] and [collapsed][] and [shortcut]

<{base}/autolink> <a@example.com>

[![inner]({base}/inner.png)]({base}/outer) [jump](#section)

| 列 | link |
|----|------|
| 甲 | [cell]({base}/cell) ![cell]({base}/cell.png) |

[r1]: {base}/ref
[r2]: {base}/ref.png
[collapsed]: {base}/collapsed
[shortcut]: javascript:alert(2)
"""


class _TagCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    collector = _TagCollector()
    collector.feed(html)
    collector.close()
    return collector.tags


_SAFE_TAGS = {
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "em", "strong", "s", "code", "pre",
    "blockquote", "ul", "ol", "li", "a", "span", "table", "thead", "tbody", "tr", "th", "td",
}  # fmt: skip


def _assert_inert(html: str) -> None:
    for tag, attrs in _tags(html):
        assert tag in _SAFE_TAGS, f"unexpected <{tag}> in {html!r}"
        for name, value in attrs.items():
            if name == "href":
                assert value is not None and value.startswith("#"), value
            elif name == "style":
                assert value is not None and re.fullmatch(r"text-align:(left|right|center)", value)
            else:
                assert name in {"class", "start"}, f"unexpected attribute {name}={value!r}"


# --- render_memory_html -------------------------------------------------------------------


def test_raw_html_is_escaped_not_rendered() -> None:
    html = render_memory_html(_hostile_text(8080))
    _assert_inert(html)
    assert "&lt;script&gt;" in html
    assert "&lt;iframe src=" in html
    assert "&lt;img src=" in html
    assert not re.search(r"<img\b", html)
    assert not re.search(r"<[^>]*\ssrc=", html)  # "src=" appears only as escaped text


def test_images_become_visible_placeholders() -> None:
    html = render_memory_html(_hostile_text(8080))
    assert "[image: x — not loaded (http://127.0.0.1:8080/y.png)]" in html
    assert "![本地](file:///etc/hostname)" in html  # markdown-it refuses file: targets outright
    assert "[image: pixel — not loaded (data:image/png;base64,iVBORw0KGgo=)]" in html
    assert "[image: ref image — not loaded (http://127.0.0.1:8080/ref.png)]" in html
    assert "[image: inner — not loaded" in html
    assert render_memory_html("![](http://h/p.png)") == (
        '<p><span class="md-image">[image — not loaded (http://h/p.png)]</span></p>\n'
    )


def test_links_keep_text_and_show_the_url_but_have_no_href() -> None:
    html = render_memory_html(_hostile_text(8080))
    assert (
        '<span class="md-link">site</span> <span class="md-url">(http://127.0.0.1:8080/z)</span>'
        in html
    )
    assert 'ref link</span> <span class="md-url">(http://127.0.0.1:8080/ref)' in html
    assert 'collapsed</span> <span class="md-url">(http://127.0.0.1:8080/collapsed)' in html
    assert "(mailto:a@example.com)" in html
    # An autolink's text is its URL already; it is shown once, without an href.
    assert '<span class="md-link">http://127.0.0.1:8080/autolink</span>' in html
    assert "(http://127.0.0.1:8080/autolink)" not in html
    assert re.findall(r'href="([^"]*)"', html) == ["#section"]


def test_dangerous_schemes_are_not_links_at_all() -> None:
    # markdown-it refuses javascript:, file: and non-image data: links; they stay literal text.
    html = render_memory_html("[click](javascript:alert(1)) [d](data:text/html,x) [f](file:///etc)")
    _assert_inert(html)
    assert html == "<p>[click](javascript:alert(1)) [d](data:text/html,x) [f](file:///etc)</p>\n"
    shortcut = render_memory_html("[s]\n\n[s]: javascript:alert(2)")
    assert shortcut == "<p>[s]</p>\n<p>[s]: javascript:alert(2)</p>\n"


def test_the_url_shown_is_escaped_and_shortened() -> None:
    html = render_memory_html('[x](http://h/"><b>x</b>)')
    _assert_inert(html)
    long_data = "![big](data:image/png;base64," + "A" * 5000 + ")"
    shown = render_memory_html(long_data)
    assert len(shown) < 400
    assert "…" in shown


def test_chinese_text_and_tables_render() -> None:
    html = render_memory_html(_hostile_text(8080))
    assert "<h1>记忆审计" in html
    assert "用户偏好：简洁的回答。<strong>重要</strong>" in html
    assert "<td>甲</td>" in html
    assert render_memory_html("~~旧的~~") == "<p><s>旧的</s></p>\n"


_MARKDOWN_CHARS = st.sampled_from(list("[]()!<>:/#\"' \nabcjsx:=&;记忆-*`|\\"))


@given(st.text(alphabet=_MARKDOWN_CHARS) | st.text())
def test_any_text_renders_inert(text: str) -> None:
    _assert_inert(render_memory_html(text))


# --- MarkdownView -------------------------------------------------------------------------


def _show(qtbot: QtBot, text: str) -> MarkdownView:
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(900, 1400)
    view.set_memory_text(text)
    view.show()
    qtbot.waitExposed(view)
    return view


def _anchors(view: MarkdownView) -> dict[str, int]:
    """Every anchor href in the view's document and a position inside it."""
    doc = view.document()
    cursor = QTextCursor(doc)
    found: dict[str, int] = {}
    for pos in range(1, doc.characterCount()):
        cursor.setPosition(pos)
        fmt = cursor.charFormat()
        if fmt.isAnchor() and fmt.anchorHref() not in found:
            found[fmt.anchorHref()] = pos
    return found


def _click_at(qtbot: QtBot, view: MarkdownView, pos: int) -> None:
    cursor = QTextCursor(view.document())
    cursor.setPosition(pos)
    view.setTextCursor(cursor)
    view.ensureCursorVisible()
    point = view.cursorRect(cursor).center()
    point.setX(point.x() + 2)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def _position_of(view: MarkdownView, text: str) -> int:
    found = view.document().find(text)
    assert not found.isNull(), text
    return found.selectionStart() + 1


# A read-only browser does not consume a click on plain text; QTest reports that.
@pytest.mark.qt_log_ignore(r'Mouse event "MouseRelease" not accepted by receiving widget')
def test_view_makes_no_request_and_opens_nothing(
    qtbot: QtBot, server: _CountingServer, url_spy: _UrlSpy, tmp_path: Path
) -> None:
    local_png = tmp_path / "local.png"
    local_png.write_bytes(_png())
    view = _show(qtbot, _hostile_text(server.port, local_png))
    html_before = view.toHtml()
    qtbot.wait(300)

    assert _anchors(view) == {"#section": _anchors(view)["#section"]}
    plain = view.toPlainText()
    assert "用户偏好：简洁的回答。" in plain
    assert f'<script>fetch("http://127.0.0.1:{server.port}/script")</script>' in plain
    assert f"[image: x — not loaded (http://127.0.0.1:{server.port}/y.png)]" in plain

    # A click on a link whose target was external: it is plain text now, nothing fires.
    with qtbot.assertNotEmitted(view.anchorClicked, wait=100):
        _click_at(qtbot, view, _position_of(view, "site"))
        _click_at(qtbot, view, _position_of(view, "/autolink"))
        _click_at(qtbot, view, _position_of(view, "ref link"))

    # The one real link is an in-page fragment: clicking it emits and navigates nowhere.
    with qtbot.waitSignal(view.anchorClicked) as clicked:
        _click_at(qtbot, view, _anchors(view)["#section"])
    assert clicked.args == [QUrl("#section")]

    # Even an external URL pushed through the anchorClicked path or setSource goes nowhere.
    view.anchorClicked.emit(QUrl(f"http://127.0.0.1:{server.port}/emitted"))
    view.setSource(QUrl(f"http://127.0.0.1:{server.port}/source"))
    view.setSource(QUrl.fromLocalFile(str(local_png)))
    qtbot.wait(300)

    assert view.source() == QUrl()
    assert view.toHtml() == html_before
    assert url_spy.opened == []
    assert (server.connections, server.paths) == (0, [])

    # The server is live: a real client reaches it (so zero above means something).
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/probe", timeout=5) as response:
        assert response.status == 200
    assert server.paths == ["/probe"]


def test_keyboard_activation_of_a_link_navigates_nowhere(
    qtbot: QtBot, server: _CountingServer, url_spy: _UrlSpy
) -> None:
    view = _show(qtbot, f"[jump](#top) then [site](http://127.0.0.1:{server.port}/k)")
    view.setFocus()
    assert view.focusNextPrevChild(True)  # Tab: select the next link, as a keyboard user would
    with qtbot.waitSignal(view.anchorClicked) as activated:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert activated.args == [QUrl("#top")]
    qtbot.wait(100)
    assert view.source() == QUrl()
    assert url_spy.opened == []
    assert server.connections == 0


def _red_png(path: Path) -> Path:
    image = QImage(40, 40, QImage.Format.Format_RGB32)
    image.fill(QColor(255, 0, 0))
    assert image.save(str(path))
    return path


def _red_pixels(view: QTextBrowser) -> int:
    shot = view.viewport().grab().toImage()
    red = QColor(255, 0, 0)
    return sum(
        shot.pixelColor(x, y) == red for x in range(shot.width()) for y in range(shot.height())
    )


def test_view_loads_no_resource_even_from_raw_html(
    qtbot: QtBot, server: _CountingServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Defence in depth: HTML that bypassed the renderer still loads nothing.

    Qt itself reads local image files (a path, a file: URL, a path relative to the working
    folder) when the browser's loadResource() returns nothing; the view's document stops that.
    """
    red = _red_png(tmp_path / "red.png")
    monkeypatch.chdir(tmp_path)
    base = f"http://127.0.0.1:{server.port}"
    sources = [str(red), red.as_uri(), "red.png", f"{base}/direct.png"]
    view = MarkdownView()
    qtbot.addWidget(view)
    view.resize(600, 400)
    view.setHtml(
        "".join(f'<img src="{src}" width="40" height="40">' for src in sources)
        + f'<table background="{base}/bg.png"><tr><td>x</td></tr></table>'
        + f'<link rel="stylesheet" href="{base}/s.css"><link rel="stylesheet" href="{red}">'
    )
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(300)

    assert _red_pixels(view) == 0
    assert server.connections == 0
    image_kind = QTextDocument.ResourceType.ImageResource
    for src in [*sources, "qrc:/x.png", "data:image/png;base64,iVBORw0KGgo="]:
        url = QUrl(src)
        assert view.loadResource(image_kind, url) is None
        stand_in = view.document().resource(image_kind, url)
        assert isinstance(stand_in, QImage)
        assert stand_in.size() == QSize(1, 1)  # the blank stand-in, not the 40×40 file
    style_kind = QTextDocument.ResourceType.StyleSheetResource
    assert view.document().resource(style_kind, QUrl.fromLocalFile(str(red))) is None
    assert server.connections == 0


def test_the_red_image_check_would_see_a_loaded_image(qtbot: QtBot, tmp_path: Path) -> None:
    """Control for the test above: a plain QTextBrowser does load the local file."""
    red = _red_png(tmp_path / "red.png")
    browser = QTextBrowser()
    qtbot.addWidget(browser)
    browser.resize(600, 400)
    browser.setHtml(f'<img src="{red}" width="40" height="40">')
    browser.show()
    qtbot.waitExposed(browser)
    assert _red_pixels(browser) > 0


def test_set_memory_text_replaces_the_content(qtbot: QtBot) -> None:
    view = MarkdownView()
    qtbot.addWidget(view)
    assert not view.openLinks() and not view.openExternalLinks()
    view.set_memory_text("第一条记忆")
    view.set_memory_text("**第二条**")
    assert view.toPlainText() == "第二条"


def test_no_socket_is_opened_by_rendering(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """Python-side guard: rendering and showing never create a socket."""
    opened: list[object] = []

    class _Spy(socket.socket):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            opened.append(args)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(socket, "socket", _Spy)
    view = _show(qtbot, _hostile_text(9))
    qtbot.wait(100)
    assert view.toPlainText()
    assert opened == []
