from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "scorepad.core"

    def ready(self) -> None:
        # CSRF secrets and masks from one read of os.urandom each (see randomness.py).
        from django.middleware import csrf

        from .randomness import random_string

        csrf.get_random_string = random_string

        # Registered as imported: the project's checks, and the URLs' `id` and `token`
        # (before the URLs are read).
        from . import checks, converters  # noqa: F401
