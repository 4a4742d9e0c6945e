from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import Profile, User


class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False


@admin.register(User)
class SiteUserAdmin(UserAdmin):
    inlines = [ProfileInline]
    list_display = ("email", "username", "is_staff", "is_active", "date_joined")
    search_fields = ("email", "username", "profile__display_name")
