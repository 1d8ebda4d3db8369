from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("u/<str:username>/", views.profile, name="profile"),
    path("settings/", views.settings_page, name="settings"),
    path("language/", views.set_language, name="set_language"),
    path("settings/away/", views.vacation_set_view, name="vacation_set"),
    path("settings/away/end/", views.vacation_end_view, name="vacation_end"),
    path("settings/push/", views.push_subscribe, name="push_subscribe"),
    path("settings/push/off/", views.push_unsubscribe, name="push_unsubscribe"),
    path("settings/webhooks/", views.webhook_add_view, name="webhook_add"),
    path(
        "settings/webhooks/<int:webhook_id>/delete/",
        views.webhook_delete_view,
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
            ("test", views.delivery_test_view),
            ("resume", views.delivery_resume_view),
        )
    ),
    path("settings/calendar/new/", views.calendar_renew_view, name="calendar_renew"),
]
