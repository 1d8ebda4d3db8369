"""API views, one resource per module: HTTP only. Parse, call a selector or service, serialize."""
