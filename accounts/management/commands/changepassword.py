"""Django's changepassword, then the user's sockets check their sign-in: a password set by hand
(the remedy for a stolen account) ends the account's other sessions, and their open tables and
notices must close with them, as the site's, the API's and the admin's own flows make them."""

from __future__ import annotations

import getpass
from typing import Any

from django.contrib.auth.management.commands import changepassword

from accounts.models import User
from accounts.notifications import recheck_sockets


class Command(changepassword.Command):
    def handle(self, *args: Any, **options: Any) -> str | None:
        changed = super().handle(*args, **options)
        username = options["username"] or getpass.getuser()
        user = User.objects.using(options["database"]).get(username=username)
        recheck_sockets(user.pk)
        return changed
