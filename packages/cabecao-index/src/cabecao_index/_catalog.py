"""The catalogue behind `index.md`: every live note, grouped by type folder, with its title and one line.

It is rendered from the index in one query (titles and summaries are kept per note at scan time), so
rewriting `index.md` after each write costs one read, not one parse per note. Links use the note's path
without `.md`, so they resolve to exactly one note in Obsidian too.
"""

from __future__ import annotations

from cabecao_schema import TYPE_FOLDERS, NoteType

from . import _messages as messages
from ._database import Database
from ._terms import fast_fold

#: Types whose notes are dated records, listed newest first.
DATED_TYPES = (NoteType.HANDOFF.value, NoteType.EPISODE.value)


def _group(path: str, note_type: str | None) -> str:
    """The type folder a note belongs to, or else its own folder."""
    if note_type is not None:
        folder = TYPE_FOLDERS.get(NoteType(note_type))
        if folder is not None and path.startswith(folder + "/"):
            return folder
    return path.rsplit("/", 1)[0] if "/" in path else ""


def _escape(text: str) -> str:
    """A title as a wikilink label: `|` and brackets would end the link early."""
    return text.replace("|", "¦").replace("[", "(").replace("]", ")")


def render_catalog(db: Database) -> str:
    """The text of `index.md` for the notes as indexed now."""
    rows = db.query("SELECT path, type, title, summary FROM notes WHERE archived = 0")
    archived = int(db.scalar("SELECT count(*) FROM notes WHERE archived = 1") or 0)
    groups: dict[str, list[tuple[str, str | None, str, str]]] = {}
    for row in rows:
        groups.setdefault(_group(row["path"], row["type"]), []).append(
            (row["path"], row["type"], row["title"], row["summary"])
        )
    order = {folder: i for i, folder in enumerate(TYPE_FOLDERS.values())}
    lines = [f"# {messages.catalog_title()}", "", messages.catalog_intro(notes=len(rows), archived=archived), ""]
    for folder in sorted(groups, key=lambda f: (order.get(f, len(order)), f)):
        members = groups[folder]
        note_type = next((t for t in TYPE_FOLDERS if TYPE_FOLDERS[t] == folder), None)
        if note_type is not None and note_type.value in DATED_TYPES:
            members.sort(key=lambda m: m[0], reverse=True)
        else:
            members.sort(key=lambda m: (fast_fold(m[2]), m[0]))
        heading = messages.catalog_group(folder=folder or ".", note_type=note_type.value if note_type else None)
        lines += [f"## {heading}", ""]
        for path, _type, title, summary in members:
            link = f"[[{path[:-3]}|{_escape(title)}]]"
            lines.append(f"- {link} — {summary}" if summary else f"- {link}")
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"
