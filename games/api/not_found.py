"""Any other address under /api/ answers in the API's error shape, not the site's HTML page."""

from django.http import JsonResponse
from django.views.decorators.csrf import csrf_exempt

from .errors import NOTHING_HERE, error_body


# Exempt: it changes nothing, and a POST to a wrong address deserves the same JSON 404.
@csrf_exempt
def api_not_found(request, *args, **kwargs):
    return JsonResponse(error_body("not_found", NOTHING_HERE), status=404)
