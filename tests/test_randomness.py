"""CSRF secrets and masks drawn from one read of the system's randomness."""

from __future__ import annotations

import collections
import os
import string
from unittest import mock

import pytest
from django.middleware import csrf
from django.test import Client, RequestFactory

from scorepad.core.randomness import random_string


def test_a_random_string_has_its_length_and_only_the_allowed_characters():
    for length in (0, 1, 32, 100):
        drawn = random_string(length, "abc")
        assert len(drawn) == length
        assert set(drawn) <= set("abc")
    assert set(random_string(500)) <= set(string.ascii_letters + string.digits)


def test_a_random_string_refuses_an_alphabet_it_cannot_draw_from():
    with pytest.raises(ValueError):
        random_string(4, "")
    with pytest.raises(ValueError):
        random_string(4, "x" * 257)


def test_bytes_past_the_last_whole_alphabet_are_thrown_away_not_folded():
    # 62 characters: bytes 248 to 255 would favour the first 8 characters if folded.
    reads = iter([bytes([248, 255, 0, 61, 62]) + bytes(40), bytes(64)])
    with mock.patch("os.urandom", side_effect=lambda n: next(reads)[:n]):
        drawn = random_string(4, string.ascii_letters + string.digits)
    letters = string.ascii_letters + string.digits
    assert drawn == letters[0] + letters[61] + letters[0] + letters[0]


def test_every_byte_value_read_gives_each_character_equally_often():
    letters = string.ascii_letters + string.digits
    every_byte = bytes(range(256)) * 100
    reads = iter([every_byte])
    with mock.patch("os.urandom", side_effect=lambda n: next(reads)[:n]):
        drawn = random_string(248 * 10, letters)  # the first 2,560 bytes, 80 thrown away
    assert collections.Counter(drawn) == dict.fromkeys(letters, 40)


def test_djangos_csrf_secret_and_mask_come_from_one_read_each():
    request = RequestFactory().get("/")
    real = os.urandom
    with mock.patch("os.urandom", side_effect=real) as urandom:
        token = csrf.get_token(request)  # a new secret, and its mask
    assert urandom.call_count == 2
    assert len(token) == csrf.CSRF_TOKEN_LENGTH
    assert set(token) <= set(csrf.CSRF_ALLOWED_CHARS)
    assert csrf._unmask_cipher_token(token) == request.META["CSRF_COOKIE"]


@pytest.mark.django_db
def test_a_token_made_so_is_accepted_by_the_csrf_check():
    browser = Client(enforce_csrf_checks=True)
    page = browser.get("/")
    assert page.status_code == 200
    secret = browser.cookies["csrftoken"].value
    assert len(secret) == csrf.CSRF_SECRET_LENGTH
    token = csrf._mask_cipher_secret(secret)
    answer = browser.post("/i18n/setlang/", {"language": "fr"}, headers={"X-CSRFToken": token})
    assert answer.status_code == 302
    refused = browser.post("/i18n/setlang/", {"language": "fr"}, headers={"X-CSRFToken": "x" * 64})
    assert refused.status_code == 403
