"""The admin as the moderators' desk (docs/moderation.md). Games change only through games.actions, so
game state, seats and the logs are read-only here; every moderator action is a form asking for a reason,
then an action called as the moderator's Actor. One module per desk: games, chat, reports and the record,
the other rows, the dashboard."""

from django.contrib import admin

from games.admin import chat, games, records, reports  # noqa: F401  (registers the model admins)

# The index links the dashboard for moderators (templates/admin/site_index.html).
admin.site.index_template = "admin/site_index.html"
admin.site.site_header = "MetalTalon moderation"
