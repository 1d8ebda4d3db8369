"""A player's own pages: their public profile, and their settings with time away, devices,
webhooks and the calendar feed's address."""

from django.urls import path

from . import profile, reach, settings_page

urlpatterns = [
    path("u/<str:username>/", profile.profile, name="profile"),
    path("settings/", settings_page.settings_page, name="settings"),
    path("settings/away/", settings_page.vacation_set_view, name="vacation_set"),
    path("settings/away/end/", settings_page.vacation_end_view, name="vacation_end"),
    path("settings/push/", reach.push_subscribe, name="push_subscribe"),
    path("settings/push/off/", reach.push_unsubscribe, name="push_unsubscribe"),
    path("settings/webhooks/", reach.webhook_add_view, name="webhook_add"),
    path(
        "settings/webhooks/<int:webhook_id>/delete/",
        reach.webhook_delete_view,
        name="webhook_delete",
    ),
    *(
        path(
            f"settings/{part}/<int:target_id>/{action}/",
            view,
            {"channel": channel},
            name=f"{channel}_{action}",
        )
        for part, channel in (("webhooks", "webhook"), ("push", "push"))
        for action, view in (
            ("test", reach.delivery_test_view),
            ("resume", reach.delivery_resume_view),
        )
    ),
    path("settings/calendar/new/", settings_page.calendar_renew_view, name="calendar_renew"),
]
