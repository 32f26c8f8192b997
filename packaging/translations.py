"""The Simplified Chinese catalog refreshed from the sources (`make translations`).

    .venv/bin/python packaging/translations.py

writes ui/core_catalog.py (the labels core hands the window), then runs pyside6-lupdate over
every source of ui/ and app/ into resources/i18n/memdesk_zh_CN.ts: translations kept, new
strings added unfinished, strings gone from the sources dropped. A message still unfinished
there takes the translation a colleague's part file (resources/i18n/part-*.ts) gives it, so
parts translated in parallel are merged by running this once; the part files can then go.

    .venv/bin/python packaging/translations.py --part NAME

also writes resources/i18n/part-NAME.ts holding every message the catalog still lacks (what a
translator fills in; translations already in that part file are kept).
"""

from __future__ import annotations

import argparse
import copy
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "resources" / "i18n"
CATALOG = I18N / "memdesk_zh_CN.ts"
LUPDATE = Path(sys.executable).with_name("pyside6-lupdate")


def sources(root: Path = ROOT) -> list[Path]:
    """Every Python file of the window and the app, in a stable order."""
    return sorted(p for top in ("ui", "app") for p in (root / top).rglob("*.py"))


def lupdate(ts: Path, *, keep_obsolete: bool = False, root: Path = ROOT) -> str:
    """Run pyside6-lupdate over `sources()` into `ts`; its report."""
    options = ["-target-language", "zh_CN", "-locations", "none"]
    options += [] if keep_obsolete else ["-no-obsolete"]
    files = [str(p) for p in sources(root)]
    done = subprocess.run(
        [str(LUPDATE), *files, *options, "-ts", str(ts)],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout


def fold_parts(ts: Path, parts: list[Path]) -> int:
    """Fill `ts`'s unfinished messages from the parts' finished ones; how many were filled."""
    known: dict[tuple[str, str], str] = {}
    for part in parts:
        for context, message in _messages(ET.parse(part)):
            text = _finished(message)
            if text is not None:
                known[(context, _source(message))] = text
    tree = ET.parse(ts)
    filled = 0
    for context, message in _messages(tree):
        translation = message.find("translation")
        key = (context, _source(message))
        if translation is not None and _finished(message) is None and key in known:
            translation.text = known[key]
            translation.attrib.pop("type", None)
            filled += 1
    if filled:
        tree.write(ts, encoding="utf-8", xml_declaration=True)
    return filled


def _messages(tree: ET.ElementTree) -> list[tuple[str, ET.Element]]:
    return [
        (context.findtext("name", ""), message)
        for context in tree.getroot().iter("context")
        for message in context.iter("message")
    ]


def _source(message: ET.Element) -> str:
    return message.findtext("source", "")


def _finished(message: ET.Element) -> str | None:
    translation = message.find("translation")
    if translation is None or translation.get("type") or not translation.text:
        return None
    return translation.text


def write_part(ts: Path, part: Path) -> int:
    """`part` holding `ts`'s unfinished messages and the ones `part` already translated (kept
    with their translations); how many still wait for a translation."""
    before = {
        (context, _source(message)): message
        for context, message in (_messages(ET.parse(part)) if part.exists() else [])
        if _finished(message) is not None
    }
    root = ET.Element("TS", {"version": "2.1", "language": "zh_CN"})
    waiting = 0
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name", "")
        wanted = [  # still to translate, or translated here (kept across runs)
            m
            for m in context.iter("message")
            if _finished(m) is None or (name, _source(m)) in before
        ]
        if not wanted:
            continue
        out = ET.SubElement(root, "context")
        ET.SubElement(out, "name").text = name
        for message in wanted:
            kept = before.get((name, _source(message)))
            out.append(copy.deepcopy(kept if kept is not None else message))
            waiting += kept is None
    ET.indent(root, space="    ")
    ET.ElementTree(root).write(part, encoding="utf-8", xml_declaration=True)
    return waiting


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Refresh the zh_CN catalog from the sources.")
    parser.add_argument("--part", help="also write resources/i18n/part-PART.ts to translate")
    args = parser.parse_args(argv)
    subprocess.run([sys.executable, "-m", "ui.core_labels"], check=True, cwd=ROOT)
    lupdate(CATALOG)
    filled = fold_parts(CATALOG, sorted(I18N.glob("part-*.ts")))
    print(lupdate(CATALOG).strip().splitlines()[-1], f"({filled} taken from part files)")
    if args.part:
        part = I18N / f"part-{args.part}.ts"
        print(f"{part.relative_to(ROOT)}: {write_part(CATALOG, part)} messages to translate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
