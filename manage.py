#!/usr/bin/env python
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ttr_site.settings")
    # A command (migrate, rebuild_ratings --check...) answers no request, so without
    # SECRET_KEY it may use the local key in var/; serving still requires SECRET_KEY.
    if sys.argv[1:2] != ["runserver"]:
        os.environ.setdefault("TTR_COMMAND_LINE", "1")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
