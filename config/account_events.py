"""Signals about a person's account that the other apps answer, so accounts imports none of
them: closing an account asks each app first, then lets each let go of what it holds."""

from __future__ import annotations

import django.dispatch

# Sent with `user` before their account closes: a receiver returns a config.errors.ServiceError
# saying why it may not close yet (an event they play in or organize), or None.
account_closing = django.dispatch.Signal()
# Sent with `user` inside the transaction that closes it, before their name goes: receivers let
# go of what is theirs (a seat at a table in play passes to a computer player).
account_closed = django.dispatch.Signal()
# Sent with `guest` and `user` when a guest signs in to a person's account (`user`): receivers
# hand the person what was the guest's alone (the games they played against the computer).
guest_signed_in = django.dispatch.Signal()
