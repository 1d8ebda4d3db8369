"""Querysets built and compiled once per process and database, run with each request's values.

Building an annotated queryset (the game with its viewer's count, its seats with karma,
vacations and the viewer's note) and compiling it to SQL costs Django far more than the
database takes to answer it, and it is the same SQL each time but for a few values. A
Prepared query is built once with stand-in values, compiled once per database, and each
run hands the database that SQL with the stand-ins replaced; the rows become model
instances (with their select_related objects and annotations) by Django's own iterable.
"""

from __future__ import annotations

import copy
import threading

from django.db import connections, router

_lock = threading.Lock()


class Prepared:
    """`build(**stand_ins)` makes a queryset of `model` (no prefetch: each is a query of its
    own); `stand_ins` are values no real query holds (negative ids), each its own, found
    again among the compiled SQL's parameters."""

    def __init__(self, model, build, *, for_write: bool = False, **stand_ins):
        self.model = model
        self.for_write = for_write  # a writer's query (a lock): run on the database it writes
        self.build = build
        self.stand_ins = stand_ins
        self._compiled: dict[str, tuple] = {}  # by database alias

    def _compile(self, alias: str) -> tuple:
        found = self._compiled.get(alias)
        if found is None:
            with _lock:
                found = self._compiled.get(alias)
                if found is None:
                    queryset = self.build(**self.stand_ins)
                    compiler = queryset.query.get_compiler(using=alias)
                    sql, params = compiler.as_sql()  # sets the compiler's select and maps
                    by_value = {value: name for name, value in self.stand_ins.items()}
                    slots = [by_value.get(param) for param in params]
                    missing = set(self.stand_ins) - set(slots)
                    if missing:
                        raise ValueError(f"not in the compiled query: {sorted(missing)}")
                    found = (queryset, compiler, sql, list(params), slots)
                    self._compiled[alias] = found
        return found

    def run(self, **values) -> list:
        """The query's rows as model instances, for these values of the stand-ins."""
        route = router.db_for_write if self.for_write else router.db_for_read
        alias = route(self.model)
        queryset, compiler, sql, params, slots = self._compile(alias)
        given = [values[slot] if slot else param for slot, param in zip(slots, params, strict=True)]
        mine = copy.copy(compiler)
        mine.connection = connections[alias]
        mine.as_sql = lambda *args, **kwargs: (sql, given)
        chained = queryset.all()
        chained.query.get_compiler = lambda *args, **kwargs: mine
        return list(chained)


def related_prefetched(*, instance, name: str, objects: list, back: str) -> None:
    """Hand `instance` its related `name` as prefetch_related would (`instance.<name>.all()`
    reads no row), each object's `back` pointing at it."""
    for obj in objects:
        setattr(obj, back, instance)
    held = getattr(instance, name).model.objects.all()
    held._result_cache = objects
    held._prefetch_done = True
    instance._prefetched_objects_cache = {
        **getattr(instance, "_prefetched_objects_cache", {}),
        name: held,
    }
