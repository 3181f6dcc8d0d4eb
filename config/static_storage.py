"""Production static files: hashed names, compressed copies, far-future caching (WhiteNoise),
with the pages' JavaScript modules importing each other by their hashed names too. Without it
a hashed table.js imported "./words.js" as written: a file cached a minute, not for good, so
each visit asked again for every module, and a browser holding a module from before a deploy
paired it with the new page's script (a missing export leaves the table blank)."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
