from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GuideConfig(AppConfig):
    name = "scorepad.guide"
    verbose_name = _("Rules and walkthroughs")

    def readable_pages(self) -> list[str]:
        """The guide's pages a phone keeps to read with no signal (`core.pwa` asks the
        app, which it may not import): each game's, whichever the engine holds."""
        from scorepad.guide.pages import readable_pages

        return readable_pages()
