"""What an account adds to the matches: the seats its player says are theirs."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from scorepad.matches.models import Match


class Claim(models.Model):
    """ "That Ana is me": an account says which seat of a match was its player.

    Only the account itself makes a claim (its owner's match, or a match it follows by
    the scorer's link), so a player's statistics follow them across scorers only where
    they agreed. A seat, not a name: a name can be corrected, a seat stays. One claim per
    account and match, one account per seat.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="claims"
    )
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="claims")
    position = models.PositiveSmallIntegerField(_("seat"))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("claimed seat")
        verbose_name_plural = _("claimed seats")
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "match"], name="one_claim_per_match"),
            models.UniqueConstraint(fields=["match", "position"], name="one_account_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.user} is seat {self.position} of {self.match_id}"

    @property
    def name(self) -> str:
        """The seat's name as the match has it now."""
        players = self.match.players
        return players[self.position] if self.position < len(players) else ""


class Attempt(models.Model):
    """One account made, one reset link asked for or one new password set, by one key (a
    network address, an email address, a name) under a keyed hash (`throttle`): recent
    ones are counted, older ones removed."""

    scope = models.CharField(max_length=20)
    key = models.CharField(max_length=64)
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["scope", "key", "at"], name="attempt_recent")]

    def __str__(self) -> str:
        return f"{self.scope} at {self.at:%Y-%m-%d %H:%M}"
