"""A number in a URL that the database can hold: an id or a round's number.

Django's `int` converter takes any run of digits, and SQLite refuses a number past 64
bits with an OverflowError (a 500) where the page does not exist (a 404). Eighteen
digits always fit, and no id or round number of ours comes near them.
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
