"""Errors the engine raises, split as python-chess does: unreadable versus against the rules."""


class RulesError(Exception):
    """Base of every engine error, so callers can catch them all at once."""

    code = "rules_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MalformedActionError(RulesError):
    """An action that cannot be read, or a word the variant does not have."""

    code = "malformed"


class IllegalActionError(RulesError):
    """A readable action that breaks a rule; `code` says which kind of rule."""

    CODES = frozenset({"hand_over", "wrong_phase", "out_of_turn", "illegal_bid", "illegal_play"})

    def __init__(self, code: str, message: str) -> None:
        if code not in self.CODES:
            raise ValueError(f"unknown illegal-action code {code!r}")
        super().__init__(message)
        self.code = code


class InvalidInputError(RulesError):
    """A scenario, deal or saved state that is not well formed (not a rules question)."""

    code = "invalid"
