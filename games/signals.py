"""Signals of live tables, so apps built on them react without games importing them."""

from __future__ import annotations

import django.dispatch

# Sent with `table_id` and `match_id` inside the transaction that stores a match's result,
# once its rows are saved: receivers may read them, and defer the rest with on_commit.
match_finished = django.dispatch.Signal()
# Sent with `table` by the table page: a receiver answers the (name, url) of the event the table
# is played in (a tournament), for the way back to it, or None.
table_event = django.dispatch.Signal()
