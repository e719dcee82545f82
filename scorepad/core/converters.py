"""What a URL segment may hold before a view looks it up in the database.

A number that the database can hold (`id`): an id or a round's number. Django's `int`
converter takes any run of digits, and SQLite refuses a number past 64 bits with an
OverflowError (a 500) where the page does not exist (a 404). Eighteen digits always
fit, and no id or round number of ours comes near them.

A shared link's token (`token`): only what `share_token` makes. Django's `str` took
anything, and PostgreSQL refuses a NUL in a text it is asked to compare (a 500).
"""

from __future__ import annotations

from django.urls import register_converter


class DatabaseNumberConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(DatabaseNumberConverter, "id")


class ShareTokenConverter:
    # URL-safe base64: 32 characters; 22 or more (128 bits), and the column's 64 at most.
    regex = "[A-Za-z0-9_-]{22,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ShareTokenConverter, "token")
