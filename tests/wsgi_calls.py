"""A request made straight to the site's WSGI application (ttr_site.wsgi), as the production
server makes it: no test client, no session unless a header brings one."""

import io
from urllib.parse import urlencode

from ttr_site.wsgi import application


def wsgi_call(path: str, query: dict | str = "", method: str = "GET", **headers):
    """Status line, headers and body of the WSGI application's answer."""
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "SCRIPT_NAME": "",
        "QUERY_STRING": query if isinstance(query, str) else urlencode(query),
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": io.StringIO(),
        **{"HTTP_" + name.upper(): value for name, value in headers.items()},
    }
    answer = {}

    def start_response(status, response_headers, exc_info=None):
        answer["status"], answer["headers"] = status, dict(response_headers)

    body = b"".join(application(environ, start_response))
    return answer["status"], answer["headers"], body
