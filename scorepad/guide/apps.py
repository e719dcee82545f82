from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GuideConfig(AppConfig):
    name = "scorepad.guide"
    verbose_name = _("Rules and walkthroughs")
