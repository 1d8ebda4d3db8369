"""Exit 0 when a Redis answers at the URL given, 1 otherwise."""

import sys

import redis

try:
    redis.Redis.from_url(sys.argv[1], socket_connect_timeout=1).ping()
except redis.exceptions.RedisError:
    sys.exit(1)
