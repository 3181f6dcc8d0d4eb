"""A page with a script module names every module it imports, to be fetched at once with it:
found one import after another, they cost a phone on a slow line a round trip more
(`python bench/page_load.py`: 2.6 s from the click to the dealt cards on a 3G line, 2.1 s
with them preloaded)."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from tests.games.factories import bot_table, play_bots_to_end

pytestmark = pytest.mark.django_db

# A module's static imports of the site's modules: `import { a } from "./words.js";` or "../x.js".
IMPORT = re.compile(r"""^import\b[^"']*["'](\.\.?/[^"']+)["']""", re.MULTILINE)
MODULE_ENTRY = re.compile(r'<script type="module" src="([^"]+)"')
PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)"')


def static_name(url: str) -> str:
    assert url.startswith(settings.STATIC_URL), url
    return url.removeprefix(settings.STATIC_URL)


def import_closure(entry: str) -> set[str]:
    """The module and every module it imports, and they import, by static name."""
    found, waiting = {entry}, [entry]
    while waiting:
        name = waiting.pop()
        source = Path(str(finders.find(name))).read_text(encoding="utf-8")
        for relative in IMPORT.findall(source):
            imported = posixpath.normpath(posixpath.join(posixpath.dirname(name), relative))
            if imported not in found:
                found.add(imported)
                waiting.append(imported)
    return found


def test_the_table_replay_and_deals_pages_preload_every_module_they_import(client: Client) -> None:
    table = play_bots_to_end(bot_table("belote", target=501))
    for path in (
        f"/tables/{table.pk}/",
        f"/tables/{table.pk}/hands/1/",
        f"/tables/{table.pk}/deals/",
    ):
        page = client.get(path).content.decode()
        entries = [static_name(url) for url in MODULE_ENTRY.findall(page)]
        assert len(entries) == 1, path
        preloaded = {static_name(url) for url in PRELOAD.findall(page)}
        assert preloaded == import_closure(entries[0]), path
