from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "scorepad.core"
