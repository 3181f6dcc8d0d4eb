"""Expired sessions go: Django's database store kept a row for every browser that ever signed
in or played as a guest, for ever (Django leaves the clearing to a scheduled job)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from accounts.tasks import sessions_clear
from config.celery import app
from tests.accounts.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def test_expired_sessions_go_and_live_ones_stay_signed_in() -> None:
    users = [make_user(name) for name in ("ann", "bob")]
    browsers = [Client() for _ in users]
    for browser, user in zip(browsers, users, strict=True):
        assert browser.login(username=user.username, password=PASSWORD)
    gone = Session.objects.get(session_key=browsers[0].session.session_key)
    gone.expire_date = timezone.now() - timedelta(seconds=1)
    gone.save()

    sessions_clear()

    assert not Session.objects.filter(pk=gone.pk).exists()
    assert browsers[1].get("/api/me/").status_code == 200


def test_beat_clears_them_daily() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["accounts-sessions-clear"]
    assert entry["task"] in app.tasks and entry["schedule"] == 86_400
