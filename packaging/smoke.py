"""`make dist-smoke`: start MemDesk (the bundle, or any `memdesk` command given) offscreen on an
EverBot and a Hermes demo workspace that it writes itself, and check what a person would see:
the window came up with the memories, the memory it edited (`MEMDESK_SMOKE=1 memdesk open
DIR`, app/smoke.py) is in the file on disk, the file as it was is in a new backup, and the window
closed with exit 0. Prints a line per workspace; exits 1 with the reason when a check fails.

    python packaging/smoke.py [MEMDESK ...]     (default: dist/memdesk/memdesk)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "memdesk" / "memdesk"
# Each demo, and the language its person's desktop speaks (the window follows it).
LAYOUTS = {"everbot": "en_US.UTF-8", "hermes": "zh_CN.UTF-8"}
TIMEOUT_S = 180


class SmokeFailed(Exception):
    pass


def main(argv: list[str]) -> int:
    command = argv or [str(BUNDLE)]
    if not argv and not BUNDLE.exists():
        print(f"smoke: no bundle at {BUNDLE}: build it with `make dist`", file=sys.stderr)
        return 1
    try:
        for layout, language in LAYOUTS.items():
            print(smoke(command, layout, language), flush=True)
    except SmokeFailed as exc:
        print(f"smoke: {exc}", file=sys.stderr)
        return 1
    return 0


def smoke(command: list[str], layout: str, language: str) -> str:
    """One demo workspace of `layout` opened, edited, saved and closed by `command` on a
    desktop in `language`; what happened, in a line."""
    with tempfile.TemporaryDirectory(prefix=f"memdesk-smoke-{layout}-") as tmp:
        env = _isolated_env(Path(tmp)) | {"LC_ALL": language, "LANG": language}
        ws = Path(tmp) / "workspace"
        _run([*command, "demo", str(ws), "--layout", layout], env, "writing the demo")
        before = {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()}
        backups_before = _backups(command, ws, env)
        started = time.monotonic()
        smoke_env = env | {"MEMDESK_SMOKE": "1"}
        out = _run([*command, "open", str(ws)], smoke_env, "the window's smoke run")
        took = time.monotonic() - started
        report = _report(out)
        edited = Path(report["root"]) / report["file"]
        _check_saved(edited, before.get(edited), report["edited"])
        new = [b for b in _backups(command, ws, env) if b not in backups_before]
        kept = [b for b in new if (ws / b).read_bytes() == before[edited]]
        if not kept:
            raise SmokeFailed(f"{layout}: no new backup holds {report['file']} as it was: {new}")
        return (
            f"{layout}: window shown ({language}: {report['file_menu']} menu) with "
            f"{report['memories']} memories; edited {report['id']} "
            f"in {report['file']}, saved (backup {kept[0]}), closed with exit 0 in {took:.1f} s"
        )


def _isolated_env(tmp: Path) -> dict[str, str]:
    """Offscreen, with a home of its own: the person's settings and agents' homes untouched."""
    home = tmp / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.endswith("_HOME")}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local/share"),
        QT_QPA_PLATFORM="offscreen",
    )
    return env


def _run(args: list[str], env: dict[str, str], what: str) -> str:
    try:
        done = subprocess.run(
            args, env=env, cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S, check=False
        )
    except subprocess.TimeoutExpired as exc:
        raise SmokeFailed(f"{what}: still running after {TIMEOUT_S} s") from exc
    if done.returncode != 0:
        said = (done.stdout + done.stderr).strip().splitlines()[-5:]
        raise SmokeFailed(f"{what}: exit {done.returncode}: " + " | ".join(said))
    return done.stdout


def _report(out: str) -> dict[str, Any]:
    lines = [line for line in out.splitlines() if line.startswith("{")]
    if not lines:
        raise SmokeFailed(f"the smoke run printed no report: {out!r}")
    report: dict[str, Any] = json.loads(lines[-1])
    if not (report.get("ok") and report.get("shown") and report.get("memories")):
        raise SmokeFailed(f"the window did not come up with memories: {report}")
    if not report.get("icons"):
        raise SmokeFailed("the window shows no icons: resources/ is not beside the code")
    return report


def _check_saved(edited: Path, was: bytes | None, text: str) -> None:
    now = edited.read_bytes()
    if was is None or now == was:
        raise SmokeFailed(f"{edited}: unchanged on disk after the save")
    if text not in now.decode("utf-8"):
        raise SmokeFailed(f"{edited}: the edited memory is not in the file: {text!r}")


def _backups(command: list[str], ws: Path, env: dict[str, str]) -> list[str]:
    out = _run([*command, "backups", str(ws), "--json"], env, "listing the backups")
    return [b["path"] for b in json.loads(out)]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
