"""Pages and API answers that carry something only their viewer may see (a hand, tickets, a
note, a secret address, an invitation link) are marked with @private_to_viewer: no shared
cache keeps them and no browser cache stores them, so the back button asks again."""

from django.utils.cache import patch_cache_control

MARK = "private_to_viewer"


def private_to_viewer(view):
    """Mark a view function or an API view class."""
    setattr(view, MARK, True)
    return view


def _marked(view_func) -> bool:
    return getattr(view_func, MARK, False) or getattr(
        getattr(view_func, "view_class", None), MARK, False
    )


class PrivateToViewerMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if getattr(request, MARK, False):
            patch_cache_control(response, private=True, no_store=True)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        setattr(request, MARK, _marked(view_func))
