"""House rules: a preset and its option values kept under a name ("Chez Marie").

A match is not linked to a house rule by a foreign key: it *uses* one when its game,
preset and complete options are the ones saved, so a match never needs changing when
a house rule is saved, renamed or deleted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from django.db import models
from django.utils.translation import gettext_lazy as _

from scorepad.matches.models import GAME_CHOICES, Match, Owner, random_id_field


def options_key(preset: str, options: Mapping[str, object]) -> str:
    """One canonical string for a preset and its options, equal whatever the key order."""
    return json.dumps([preset, dict(options)], sort_keys=True, separators=(",", ":"))


class HouseRule(models.Model):
    id = random_id_field()
    owner = models.ForeignKey(Owner, on_delete=models.CASCADE, related_name="house_rules")
    game = models.CharField(_("game"), max_length=16, choices=GAME_CHOICES)
    name = models.CharField(_("name"), max_length=40)
    preset = models.CharField(_("preset"), max_length=32)
    # The complete option values, as a match stores them.
    options = models.JSONField(_("options"), default=dict)
    # `options_key(preset, options)`, so a match's rules are found by one comparison.
    key = models.CharField(max_length=2000, editable=False)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("house rule")
        verbose_name_plural = _("house rules")
        ordering = ["game", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "game", "name"], name="one_house_rule_name_per_game"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_game_display()})"

    def save(self, *args, **kwargs) -> None:
        """Keep the comparison key in step with the options it stands for."""
        self.key = options_key(self.preset, self.options)
        super().save(*args, **kwargs)

    def used_by(self, match: Match) -> bool:
        return match.game == self.game and options_key(match.preset, match.options) == self.key
