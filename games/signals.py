"""Signals of live tables, so apps built on them react without games importing them."""

from __future__ import annotations

import django.dispatch

# Sent with `table_id` inside the transaction that stores a match's result: receivers
# defer their work with transaction.on_commit.
match_finished = django.dispatch.Signal()
