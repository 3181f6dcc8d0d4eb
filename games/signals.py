"""Signals of live tables, so apps built on them react without games importing them."""

from __future__ import annotations

import django.dispatch

# Sent with `table_id` once a match has ended and its result is committed.
match_finished = django.dispatch.Signal()
