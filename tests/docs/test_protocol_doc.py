"""docs/protocol.md lists exactly the error codes the table socket can send, and the close
codes of both sockets: a new refusal without its line in the document fails here.

The codes are read from the code itself: the consumer's own `ServiceError("code", ...)`s, and
every `ServiceError("code", ...)` the services it calls can reach, followed function by
function through games' modules (as python-chess's docs are checked against its code)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from games.rules import IllegalActionError
from tests.helpers import ROOT

CONSUMER = ROOT / "games" / "consumers.py"
CONSUMERS = (CONSUMER, ROOT / "accounts" / "consumers.py")
PROTOCOL = ROOT / "docs" / "protocol.md"
Function = tuple[str, str]  # (module, function name)


def module_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


class Module:
    """One games module's top-level functions and what its names stand for."""

    def __init__(self, path: Path) -> None:
        self.name = module_of(path)
        tree = ast.parse(path.read_text())
        self.functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
        self.modules: dict[str, str] = {}  # local name -> module
        self.imported: dict[str, Function] = {}  # local name -> (module, function)
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    local = alias.asname or alias.name
                    self.modules[local] = f"{node.module}.{alias.name}"
                    self.imported[local] = (node.module, alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    self.modules[alias.asname or alias.name] = alias.name

    def callee(self, func: ast.expr) -> Function | None:
        """The function a call names: local, imported, or `module.function`."""
        if isinstance(func, ast.Name):
            if func.id in self.functions:
                return (self.name, func.id)
            return self.imported.get(func.id)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
            module = self.modules.get(func.value.id)
            return (module, func.attr) if module else None
        return None


def games_modules() -> dict[str, Module]:
    paths = [p for p in (ROOT / "games").rglob("*.py") if "migrations" not in p.parts]
    return {m.name: m for m in map(Module, paths)}


def refusal_codes(node: ast.AST) -> tuple[set[str], list[str]]:
    """Codes of the `ServiceError(...)`s raised in a function; and any not written literally."""
    codes: set[str] = set()
    passed_on: list[str] = []
    for call in ast.walk(node):
        if not (isinstance(call, ast.Call) and getattr(call.func, "id", "") == "ServiceError"):
            continue
        code = call.args[0]
        if isinstance(code, ast.Constant):
            codes.add(code.value)
        else:
            passed_on.append(ast.unparse(code))
    return codes, passed_on


def reachable_codes(entry_points: list[Function]) -> set[str]:
    """Every refusal code the functions can raise, through every games function they call."""
    modules = games_modules()
    seen: set[Function] = set()
    todo = list(entry_points)
    codes: set[str] = set()
    while todo:
        module_name, name = todo.pop()
        module = modules.get(module_name)
        if (module_name, name) in seen or module is None or name not in module.functions:
            continue
        seen.add((module_name, name))
        function = module.functions[name]
        found, passed_on = refusal_codes(function)
        codes |= found
        for expression in passed_on:
            # The engine's own refusal, passed on with its code (games.unit_of_work.apply).
            assert expression == "error.code", f"{module_name}.{name}: a code from {expression}"
            codes |= IllegalActionError.CODES
        todo += [
            c for n in ast.walk(function) if isinstance(n, ast.Call) if (c := module.callee(n.func))
        ]
    return codes


def consumer_calls() -> tuple[set[str], list[Function]]:
    """The table consumer's own error codes, and the services it turns messages into."""
    tree = ast.parse(CONSUMER.read_text())
    own, passed_on = refusal_codes(tree)
    assert passed_on == [], f"the consumer refuses with a code from {passed_on}"
    services: list[Function] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr == "_call":
            service = node.args[0]
            assert isinstance(service, ast.Attribute) and ast.unparse(service.value) == "services"
            services.append(("games.services", service.attr))
    return own, services


def socket_error_codes() -> set[str]:
    own, services = consumer_calls()
    return own | reachable_codes(services)


def documented(section: str) -> list[str]:
    """The backticked first-column entries of a table in one section of the document."""
    text = PROTOCOL.read_text().split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    return [re.findall(r"`([^`]+)`", row.split("|")[1])[0] for row in rows]


def close_codes() -> set[str]:
    """Every CLOSE_* constant of the consumers, the routing and the sockets' sign-in."""
    codes: set[str] = set()
    signed_in = ROOT / "accounts" / "authentication.py"
    for path in (*CONSUMERS, ROOT / "config" / "routing.py", signed_in):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "").startswith(
                "CLOSE_"
            ):
                codes.add(str(ast.literal_eval(node.value)))
    return codes


def test_the_reader_follows_the_services_into_the_unit_of_work_and_the_engine() -> None:
    codes = socket_error_codes()
    assert {"too_large", "malformed_json", "unknown_type", "watch_refused"} <= codes  # consumer
    assert {"stale_version", "rate_limited", "malformed"} <= codes  # services
    assert {"not_found", "illegal_play", "out_of_turn"} <= codes  # unit of work, engine


def test_the_protocol_lists_exactly_the_error_codes_the_table_socket_can_send() -> None:
    listed = documented("Error codes")
    assert len(listed) == len(set(listed)), "a code listed twice"
    sent = socket_error_codes()
    assert sorted(sent - set(listed)) == [], "sent but not in docs/protocol.md"
    assert sorted(set(listed) - sent) == [], "in docs/protocol.md but never sent"


def test_the_protocol_lists_exactly_the_close_codes() -> None:
    assert set(documented("Close codes")) == close_codes()
