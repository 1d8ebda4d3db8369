"""What every API view shares: token first (so a missing login answers 401 and says how
to authenticate), then the session; pages of 20; the site's anon/user throttles."""

from rest_framework.authentication import SessionAuthentication
from rest_framework.generics import GenericAPIView

from games.api.authentication import ApiTokenAuthentication
from games.api.pagination import ApiPagination


class ApiView(GenericAPIView):
    authentication_classes = [ApiTokenAuthentication, SessionAuthentication]
    pagination_class = ApiPagination
