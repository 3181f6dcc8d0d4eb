"""The statements every move of every table runs, written once instead of compiled each time.

Building a query through the ORM cost as much as the rest of a bot's move together (the lock
alone was 15% of a worker's CPU in bench/live_tables.py). The SQL here is made once per
model and columns; the values go through each field's own conversion for the database, as
the ORM would send them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from django.db import connection, models


def locked_version(model: type[models.Model], pk: int) -> int | None:
    """Lock a row for the transaction (SELECT ... FOR UPDATE) and return its version."""
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(model, connection.features.has_select_for_update), [pk])
        row = cursor.fetchone()
    return None if row is None else int(row[0])


def update_row(model: type[models.Model], pk: int, values: Mapping[str, Any]) -> None:
    """UPDATE one row's fields (by field name) to the given values."""
    names = tuple(values)
    fields = [_field(model, name) for name in names]
    params = [field.get_db_prep_save(values[field.name], connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(model, names), [*params, pk])


def insert_rows(objs: Sequence[models.Model]) -> None:
    """INSERT new rows of one model (their primary keys are left unset)."""
    if not objs:
        return
    model = type(objs[0])
    fields = _insert_fields(model)
    params = [
        f.get_db_prep_save(getattr(obj, f.attname), connection) for obj in objs for f in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(model, len(objs)), params)


@cache
def _insert_fields(model: type[models.Model]) -> list[models.Field[Any, Any]]:
    return [field for field in model._meta.concrete_fields if not field.primary_key]


@cache
def _insert_sql(model: type[models.Model], count: int) -> str:
    quote = connection.ops.quote_name
    fields = _insert_fields(model)
    columns = ", ".join(quote(_column(field)) for field in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    values = ", ".join([row] * count)
    table = quote(model._meta.db_table)
    return f"INSERT INTO {table} ({columns}) VALUES {values}"  # noqa: S608 (names from the model)


@cache
def _lock_sql(model: type[models.Model], for_update: bool) -> str:
    quote = connection.ops.quote_name
    meta = model._meta
    version = _column(_field(model, "version"))
    # Names from the model's own metadata, quoted; the value is a parameter.
    table, key = quote(meta.db_table), quote(_column(meta.pk))
    sql = f"SELECT {quote(version)} FROM {table} WHERE {key} = %s"  # noqa: S608
    return f"{sql} FOR UPDATE" if for_update else sql


@cache
def _update_sql(model: type[models.Model], names: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    meta = model._meta
    columns = ", ".join(f"{quote(_column(_field(model, name)))} = %s" for name in names)
    table, key = quote(meta.db_table), quote(_column(meta.pk))
    return f"UPDATE {table} SET {columns} WHERE {key} = %s"  # noqa: S608 (names from the model)


def _field(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    """A field of the model's own table (a reverse relation, also found by name, has none)."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field):
        raise TypeError(f"{model.__name__}.{name} is not a column of its table")
    return field


def _column(field: models.Field[Any, Any] | None) -> str:
    """The column a statement names (None: the model has no primary key)."""
    if field is None or field.column is None:
        raise TypeError(f"{field!r} has no column")
    return field.column
