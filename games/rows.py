"""Model instances from a hand-written SELECT, built as Django's own queries build them.

For the few reads on a hot path whose statement never changes (the notice sender's claim, a mail's seats:
games/actions/notify.py, games/mail/position.py): Django compiling such a query (select_related over
several tables, an annotation) took several times as long as the database's answer (bench/README.md,
"Notices: 10,000 a minute through two workers"). The SQL is written once per process; each row's values
go through Model.from_db and each field's converter (a JSON column comes back as text), as a queryset's
would.
"""

from __future__ import annotations

from typing import Any

from django.db import connection


class Columns:
    """A model's concrete columns under a table alias in a SELECT (`sql`), and the instance built back
    from that slice of a row (`build`)."""

    def __init__(self, model: Any, alias: str) -> None:
        self.model = model
        fields = model._meta.concrete_fields
        quote = connection.ops.quote_name
        self.sql = ", ".join(f"{alias}.{quote(field.column)}" for field in fields)
        self.names = [field.attname for field in fields]
        self.width = len(fields)
        # The backend's converters, then the field's, as Django's compiler applies them (SQLite's answers
        # datetimes and booleans as text and integers; PostgreSQL's driver types them itself).
        self._convert = [(i, col, converters) for i, field in enumerate(fields)
                         if (converters := [*connection.ops.get_db_converters(col := field.get_col(alias)),
                                            *field.get_db_converters(connection)])]

    def build(self, values: tuple[Any, ...] | list[Any]) -> Any:
        """The instance, or None when the slice is all NULL (nothing joined: a LEFT JOIN's empty side)."""
        if values[0] is None:
            return None
        row = list(values)
        for i, col, converters in self._convert:
            for converter in converters:
                row[i] = converter(row[i], col, connection)
        return self.model.from_db(connection.alias, self.names, row)


def split(values: tuple[Any, ...], parts: list[Columns]) -> list[Any]:
    """A row of several models' columns, in `parts`' order, as their instances."""
    built, at = [], 0
    for part in parts:
        built.append(part.build(values[at:at + part.width]))
        at += part.width
    return built
