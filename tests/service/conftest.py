from private_redis import private_redis  # noqa: F401  (a fixture for this folder's tests)
