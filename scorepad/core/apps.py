from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "scorepad.core"

    def ready(self) -> None:
        # CSRF secrets and masks from one read of os.urandom each (see randomness.py).
        from django.middleware import csrf

        from .randomness import random_string

        csrf.get_random_string = random_string

        from . import converters  # noqa: F401 (the URLs' `id` and `token`, registered first)
