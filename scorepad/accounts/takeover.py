"""An account takes over the matches its browser kept before signing in.

The browser's anonymous owner (its token in the session) either becomes the account's
owner, or, when the account already has one (from another device), hands it everything
and is deleted, in one transaction. Django keeps the session's data through the key
cycling of `login()`, so the token is still there when `user_logged_in` is sent.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import ngettext

from scorepad.matches.access import SESSION_KEY, forget_owner, session_token
from scorepad.matches.changes import owner_changed
from scorepad.matches.models import HouseRule, Match, Owner, RoundChange, Submission
from scorepad.records.exchange import copies_held

NAME_LENGTH = HouseRule._meta.get_field("name").max_length


def take_over_on_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """`user_logged_in` receiver: the browser's matches now belong to the account."""
    if request is None or not hasattr(request, "session"):
        return
    token = session_token(request)
    if token is not None:
        brought = Match.objects.listed().filter(owner__token=token, owner__user=None).count()
        _, copies = take_over(token, user)
        del request.session[SESSION_KEY]
        brought -= copies
        # A sign-in without the messages middleware (a test client's) says nothing.
        if brought:
            text = ngettext(
                "The match of this browser is now kept in your account.",
                "The %(count)s matches of this browser are now kept in your account.",
                brought,
            )
            messages.info(request, text % {"count": brought}, fail_silently=True)
        if copies:
            text = ngettext(
                "%(count)s match of this browser was in your account already (a match"
                " file brought it here): it is kept once.",
                "%(count)s matches of this browser were in your account already (a match"
                " file brought them here): each is kept once.",
                copies,
            )
            messages.info(request, text % {"count": copies}, fail_silently=True)
    # The owner looked up earlier in this request, or read with the session, was the
    # browser's.
    forget_owner(request)


def take_over(token, user) -> tuple[Owner | None, int]:
    """Give the anonymous owner of `token` to `user`: the account's owner afterwards
    (None when the browser kept nothing), and how many of the browser's matches the
    account held already (`move_everything`)."""
    with transaction.atomic():
        visitor = Owner.objects.select_for_update().filter(token=token, user=None).first()
        if visitor is None:
            return None, 0
        owner = account_owner(user)
        if owner is None:
            try:
                with transaction.atomic():
                    visitor.user = user
                    visitor.save(update_fields=["user"])
                return visitor, 0
            except IntegrityError:  # another page of the account made its owner meanwhile
                visitor.user = None
                owner = Owner.objects.get(user=user)
        copies = move_everything(visitor, owner)
        visitor.delete()
        return owner, copies


def account_owner(user) -> Owner | None:
    return Owner.objects.select_for_update().filter(user=user).first()


def move_everything(source: Owner, target: Owner) -> int:
    """Everything keyed on `source` moves to `target` (tests/accounts check that every
    relation of `Owner` is listed here). House rules keep unique names per game; one
    the account has already, under the same name and with the same rules, stays once.
    So does a match: one the account holds as it is (a match file imported on this
    browser, exported from another of the account's) comes along deleted, so that the
    history and its statistics count it once. How many did."""
    for rule in HouseRule.objects.filter(owner=source).order_by("created", "id"):
        same = HouseRule.objects.filter(owner=target, game=rule.game, key=rule.key)
        if same.filter(name__iexact=rule.name).exists():
            rule.delete()
            continue
        rule.owner = target
        rule.name = free_name(target, rule.game, rule.name)
        rule.save(update_fields=["owner", "name"])
    # A one-time key used on both sides stays once: both posts were done already.
    taken = Submission.objects.filter(owner=target).values("key")
    Submission.objects.filter(owner=source, key__in=taken).delete()
    Submission.objects.filter(owner=source).update(owner=target)
    copies = copies_held(target, list(Match.objects.listed().filter(owner=source)))
    Match.objects.filter(pk__in=[copy.pk for copy in copies]).update(deleted_at=timezone.now())
    Match.objects.filter(owner=source).update(owner=target)
    RoundChange.objects.filter(owner=source).update(owner=target)
    # No signal for `update()`: the account's kept pages (history, statistics) must see
    # the matches that came (`scorepad.matches.changes`).
    owner_changed(target.pk)
    return len(copies)


def free_name(owner: Owner, game: str, name: str) -> str:
    """`name`, or "name (2)", "name (3)"… : the first not among `owner`'s house rules of
    `game` (ignoring case, as their constraint does), cut to fit the name's length."""
    taken = set(
        HouseRule.objects.filter(owner=owner, game=game)
        .annotate(lower=Lower("name"))
        .values_list("lower", flat=True)
    )
    candidate, number = name, 1
    while candidate.lower() in taken:
        number += 1
        suffix = f" ({number})"
        candidate = name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
    return candidate
