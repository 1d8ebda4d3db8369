"""OPTIONS answers name, description and media types, without DRF's "actions": it builds
those from a serializer, which the action endpoints (leave, start...) have none of, and
asserted. The schema at /api/schema/ describes every body."""

from rest_framework.metadata import SimpleMetadata


class ApiMetadata(SimpleMetadata):
    def determine_actions(self, request, view):
        return {}
