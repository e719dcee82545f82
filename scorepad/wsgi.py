"""WSGI entry point (gunicorn scorepad.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorepad.settings")
application = get_wsgi_application()
