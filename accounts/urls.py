from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("u/<str:username>/", views.profile, name="profile"),
    path("settings/", views.settings_page, name="settings"),
]
