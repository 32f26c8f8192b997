"""The CLAUDE.md files Claude Code loads in full at session start, before MEMORY.md (spec/
claude-code.md 4), shown read-only: managed, the user's (`<config home>/CLAUDE.md` and its
rules/), then for each folder from the filesystem root down to the project's: `CLAUDE.md`,
`.claude/CLAUDE.md`, `.claude/rules/**/*.md`, `CLAUDE.local.md`.

The project's folder is the one its session transcripts record (`project.project_path`); the
`@` imports a file names are listed, never followed. Every read is confined to the folder the
file is in (no link out of it) and capped."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from core.agents.claude_code.discover import config_home
from core.agents.claude_code.project import project_path
from core.messages import N_, say
from core.store.files import read_head

SHOWN_BYTES = 256 * 1024  # more than any CLAUDE.md a person keeps; the rest is said to be cut
MANAGED = Path("/etc/claude-code/CLAUDE.md")  # Linux [B:pr]
_IMPORT = re.compile(r"(?:^|\s)@((?:[^\s\\]|\\ )+)")
_ACCEPTED = re.compile(r"^(?:\./|~/|/.|[A-Za-z0-9._-])")
_FENCED = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
_SPAN = re.compile(r"`[^`\n]*`")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
# The levels a CLAUDE.md file is loaded at, as a file's label names them.
LEVELS = {
    "managed": N_("Managed"),
    "user": N_("User"),
    "project": N_("Project"),
    "local": N_("Local"),
}


@dataclass(frozen=True, slots=True)
class Instructions:
    """One CLAUDE.md-type file: its level (managed, user, project, local), where it is, its
    text when it is there (None: not there or not readable, `why` says which)."""

    level: str
    path: Path
    text: str | None
    why: str = ""
    cut: bool = False

    @property
    def imports(self) -> list[str]:
        """The `@` paths it names, as the agent reads them (none in code or comments)."""
        if self.text is None:
            return []
        text = _COMMENT.sub(" ", _SPAN.sub(" ", _FENCED.sub(" ", self.text)))
        found = [m.replace("\\ ", " ").split("#", 1)[0] for m in _IMPORT.findall(text)]
        return [f for f in found if _ACCEPTED.match(f)]

    @property
    def conditional(self) -> bool:
        """A rule with `paths:` in its frontmatter: applied only when Claude works on a file
        those globs match."""
        text = self.text or ""
        end = text.find("\n---", 3)
        return text.startswith("---") and end > 0 and "\npaths:" in text[:end]

    @property
    def label(self) -> str:
        return f"{LEVELS[self.level]} · {self.path}"


def hierarchy(root: Path) -> tuple[list[Instructions], str]:
    """The CLAUDE.md files of the project folder `root` (`<home>/projects/<folder>/`) in the
    order the agent loads them, each whether there or not; and a note when the project's own
    files cannot be found (its path is not known)."""
    home = root.parent.parent if root.parent.name == "projects" else config_home()
    found = [_read("managed", MANAGED), _read("user", home / "CLAUDE.md")]
    found += [_read("user", p) for p in _rules(home / "rules")]
    project = project_path(root)
    if project is None:
        return found, N_(
            "the project's own CLAUDE.md files are not shown: its path is not known (no session "
            "transcript in this folder names it)"
        )
    folder = Path(project)
    for level in [*reversed(folder.parents), folder]:
        here = level == folder
        for level_name, path in _in_folder(level):
            read = _read(level_name, path)
            if read.text is not None or here:
                found.append(read)
    return [f for f in found if f.text is not None or f.level != "managed"], ""


def _in_folder(folder: Path) -> list[tuple[str, Path]]:
    files = [("project", folder / "CLAUDE.md"), ("project", folder / ".claude" / "CLAUDE.md")]
    files += [("project", p) for p in _rules(folder / ".claude" / "rules")]
    return [*files, ("local", folder / "CLAUDE.local.md")]


def _rules(folder: Path) -> list[Path]:
    if not folder.is_dir() or folder.is_symlink():
        return []
    return sorted(p for p in folder.rglob("*.md") if p.is_file() and not p.is_symlink())


def _read(level: str, path: Path) -> Instructions:
    if path.is_symlink():
        return Instructions(level, path, None, N_("a link: not read"))
    if not path.exists():
        return Instructions(level, path, None, N_("not there"))
    data = read_head(path, SHOWN_BYTES + 1, root=path.parent)
    if data is None:
        return Instructions(level, path, None, N_("not readable"))
    text = data[:SHOWN_BYTES].decode("utf-8", "replace").replace("\r\n", "\n")
    return Instructions(level, path, text, cut=len(data) > SHOWN_BYTES)


def notes(f: Instructions) -> list[str]:
    """What to know of a file the agent loads: that it loads it whole, the rule's condition,
    the imports it names."""
    out = [N_("loaded in full; MemDesk shows it, never writes it")]
    if f.conditional:
        out[0] = N_("a conditional rule: loaded when Claude works on a file its paths: match")
    if f.imports:
        named = ", ".join(f"@{i}" for i in f.imports)
        out.append(
            say(
                "imports {files} (the agent loads them too; MemDesk names them, does not open "
                "them)",
                files=named,
            )
        )
    return out


def instruction_lines(root: Path, said: Callable[[str], str] = str) -> list[str]:
    """The hierarchy as plain text: each file, whether it is there, the imports it names (not
    followed), its text; what the desk's CLAUDE.md page shows. `said` words MemDesk's own
    lines (the window's says them in its language); the files' text is left as it is."""
    files, note = hierarchy(root)
    head = N_("CLAUDE.md files loaded in full at session start, before MEMORY.md (read-only):")
    lines = [said(head)]
    lines += [f"  ({said(note)})"] if note else []
    for f in files:
        label = f"{said(LEVELS[f.level])} · {f.path}"
        lines += ["", f"== {label}" + ("" if f.text is not None else f" ({said(f.why)})")]
        if f.text is None:
            continue
        lines += [f"   {said(note)}" for note in notes(f)[1:]]
        lines += f.text.rstrip("\n").split("\n")
        lines += [f"   {said(N_('… (cut: the file is longer)'))}"] if f.cut else []
    return lines
