from app_processes import processes  # noqa: F401  (fixtures for this folder's tests)
from private_redis import private_redis  # noqa: F401
