from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict[str, object]:
    return {"debug_inbox": settings.DEBUG, "site_url": settings.SITE_URL}
