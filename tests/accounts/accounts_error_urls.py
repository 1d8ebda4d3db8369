"""The site's URLs plus one view that fails, to see the 500 page."""

from django.urls import path

from ttr_site.urls import handler403, handler404, handler500, urlpatterns  # noqa: F401


def broken_view(request):
    raise RuntimeError("a bug in a view")


urlpatterns = [path("broken/", broken_view), *urlpatterns]
