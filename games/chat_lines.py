"""The table chat's lines as sockets send them, and the recent ones a viewer may read: a page
opened (or a socket reconnected) mid-match shows what was said before it, not an empty box."""

from __future__ import annotations

from typing import Any

from games.models import ChatMessage, Table

# Lines a snapshot carries: the conversation so far at a table, not its whole history.
CHAT_HISTORY = 50


def chat_line(message: ChatMessage) -> dict[str, Any]:
    """A line of chat as a `chat` message; `id` lets a page show each line once."""
    return {
        "type": "chat",
        "id": message.pk,
        "channel": message.channel,
        "name": str(message.user),
        "guest": message.user.is_guest,  # its name in each viewer's language is the page's
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def chat_history(table: Table, *, seated: bool) -> list[dict[str, Any]]:
    """The table's latest lines this viewer may read, oldest first: players read the players'
    channel; onlookers read the spectators' too, and the players' unless a duplicate round's
    players talk among themselves (games.outbox.publish_chat sends the live ones alike)."""
    channels = [ChatMessage.Channel.PLAYERS]
    if not seated:
        channels = [ChatMessage.Channel.SPECTATORS]
        if not table.watch_group:
            channels.append(ChatMessage.Channel.PLAYERS)
    latest = (
        ChatMessage.objects.filter(table=table, channel__in=channels)
        .select_related("user")
        .order_by("-created_at", "-pk")[:CHAT_HISTORY]
    )
    return [chat_line(message) for message in reversed(latest)]
