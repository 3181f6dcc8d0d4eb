"""Reading the committed message catalogs (.po sources, .mo compiled) without system gettext."""

from __future__ import annotations

import gettext
import re
import struct
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ("bg", "hr", "fr")
DOMAINS = ("django", "djangojs")
FIELD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$')


def _unquote(text: str) -> str:
    return re.sub(r'\\(["\\n])', lambda m: {"n": "\n"}.get(m.group(1), m.group(1)), text)


def read_po(path: Path) -> list[dict[str, str]]:
    """The entries of a .po file, each a dict of its fields (msgid, msgstr, msgstr[0], ...)."""
    entries, entry, field = [], {}, ""
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        found = FIELD.match(line)
        if found:
            field = found.group(1)
            entry[field] = _unquote(found.group(2))
        elif line.startswith('"') and field:
            entry[field] += _unquote(line[1:-1])
        elif not line.strip() and entry:
            entries.append(entry)
            entry, field = {}, ""
    return [e for e in entries if e.get("msgid")]


def po_catalog(path: Path) -> dict[object, str]:
    """A .po file as Python's gettext holds a compiled catalog (contexts joined by \\x04)."""
    catalog: dict[object, str] = {}
    for entry in read_po(path):
        msgid = entry["msgid"]
        if "msgctxt" in entry:
            msgid = f"{entry['msgctxt']}\x04{msgid}"
        if "msgid_plural" in entry:
            for key, value in entry.items():
                if key.startswith("msgstr["):
                    catalog[(msgid, int(key[7:-1]))] = value
        elif entry.get("msgstr"):
            catalog[msgid] = entry["msgstr"]
    return catalog


def mo_catalog(path: Path) -> dict[object, str]:
    """A compiled catalog's messages, without its header."""
    with path.open("rb") as compiled:
        messages = dict(gettext.GNUTranslations(compiled)._catalog)  # noqa: SLF001
    messages.pop("", None)
    return messages


def write_mo(path: Path, catalog: dict[str, str]) -> None:
    """A compiled catalog (GNU .mo format) of `catalog`, whose keys hold plurals as msgid\\0plural
    and values their forms joined by \\0."""
    keys = sorted(catalog)
    ids = [key.encode() for key in keys]
    strs = [catalog[key].encode() for key in keys]
    start = 7 * 4 + 16 * len(keys)
    offsets, blob = [], b""
    for text in ids:
        offsets.append((len(text), start + len(blob)))
        blob += text + b"\0"
    for text in strs:
        offsets.append((len(text), start + len(blob)))
        blob += text + b"\0"
    header = struct.pack("Iiiiiii", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    table = b"".join(struct.pack("ii", length, offset) for length, offset in offsets)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + table + blob)
