"""WSGI entry point (gunicorn metaltalon.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "metaltalon.settings")

application = get_wsgi_application()
