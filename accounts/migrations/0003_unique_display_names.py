"""Every profile gets a name of its own before the unique key is enforced (0004).

Profiles are taken oldest account first (date joined, then id), so the player who had a name first keeps
it; a later profile whose name is taken, or too like a taken one, gets the first free numbered form of it
("Alice" -> "Alice2"). A profile with no name gets the neutral default, "Player 123" from its account's
number (accounts.names.neutral_base): the first version of this migration took the start of the e-mail
address, which is private; databases it ran on keep the names it gave (a player renames on the profile
page), and it gives none from an address on any later run. Run twice, it changes nothing more.
"""

from django.db import migrations

from accounts import names


def give_every_profile_its_own_name(apps, schema_editor):
    Profile = apps.get_model("accounts", "Profile")
    taken: set[str] = set()
    for profile in Profile.objects.select_related("user").order_by("user__date_joined", "user_id"):
        wanted = names.tidy(profile.display_name)
        if not wanted or names.shape_problem(wanted):
            wanted = names.neutral_base(profile.user_id)
        name = names.first_free(wanted, taken)
        key = names.name_key(name)
        taken.add(key)
        if (profile.display_name, profile.name_key) != (name, key):
            profile.display_name, profile.name_key = name, key
            profile.save(update_fields=["display_name", "name_key"])


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_profile_name_key"),
    ]

    operations = [
        migrations.RunPython(give_every_profile_its_own_name, migrations.RunPython.noop, elidable=True),
    ]
