"""Rows stored before games/mail/message_ids.py keyed a mail by its Message-ID as written; a replay of one
of them re-cased must find its row, so each gets the key of its id's normal form. The functions are copied
here (a migration must not change when the module does). A row whose normal key another row holds
already (the replay happened before this fix) keeps its key: the first row stands."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from django.db import migrations

_BRACKETED = re.compile(r"<([^<>]*)>")


def _normal_id(message_id: str) -> str:
    found = _BRACKETED.search(message_id)
    inner = found.group(1) if found else message_id
    return "".join(inner.split()).lower()


def _key(seat_id: int, identity: str) -> str:
    return hashlib.sha256(f"{seat_id}\n{identity}".encode("utf-8", "surrogatepass")).hexdigest()


def normalise_keys(apps: Any, schema_editor: Any) -> None:
    InboundMail = apps.get_model("games", "InboundMail")
    rows = (InboundMail.objects.exclude(message_id="").exclude(seat_id=None).order_by("pk")
            .values_list("pk", "seat_id", "message_id", "key"))
    for pk, seat_id, message_id, key in rows.iterator(chunk_size=2000):
        identity = _normal_id(message_id)
        if not identity:  # an id empty between its brackets: a new mail like it is keyed by its content
            continue
        new = _key(seat_id, identity)
        if new != key and not InboundMail.objects.filter(key=new).exists():
            InboundMail.objects.filter(pk=pk).update(key=new)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0015_action_undone_index"),
    ]

    operations = [
        migrations.RunPython(normalise_keys, migrations.RunPython.noop),
    ]
