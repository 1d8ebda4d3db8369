from django.contrib import admin

from .models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "timezone", "email_your_turn", "daily_digest", "digest_hour"]
    search_fields = ["user__username", "user__email"]
    list_select_related = ["user"]
