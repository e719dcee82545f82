from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    name = "scorepad.matches"
    verbose_name = _("Matches")

    def ready(self) -> None:
        from . import changes  # noqa: F401  (connects the owner's version to its data)
