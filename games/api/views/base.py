"""What every API view shares: token first (so a missing login answers 401 and says how
to authenticate), then the session; pages of 20; the site's anon/user throttles."""

from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.generics import GenericAPIView

from games.api.pagination import ApiPagination


class ApiView(GenericAPIView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    pagination_class = ApiPagination
