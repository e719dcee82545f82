from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "scorepad.accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .takeover import take_over_on_login

        # Every way in (the sign-in page, sign-up, the admin) takes over the browser's matches.
        user_logged_in.connect(take_over_on_login, dispatch_uid="scorepad_take_over")
