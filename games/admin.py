from django.contrib import admin
from rest_framework.authtoken.admin import TokenProxy

from .models import Claim, Game, Move, Notification, Rating, RatingChange, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "map_id", "status", "creator", "version", "deadline", "created_at")
    list_filter = ("status", "map_id", "rated", "is_private")
    search_fields = ("id", "creator__username")
    readonly_fields = ("version", "state", "seed", "invite_token")
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "user", "order", "color", "forfeited_at", "final_score", "place")
    search_fields = ("user__username",)


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "number", "seat", "created_at")
    list_filter = ("game",)
    readonly_fields = ("game", "number", "seat", "action", "events", "created_at")

    def has_change_permission(self, request, obj=None):
        return False  # the log is append-only


@admin.register(Claim)
class ClaimAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "seat", "map_id", "route_id", "city", "length", "tunnel_extra")
    list_filter = ("map_id", ("city", admin.EmptyFieldListFilter))
    search_fields = ("route_id", "city", "seat__user__username")
    list_select_related = ("game", "seat__user")
    readonly_fields = (
        "game",
        "seat",
        "move",
        "map_id",
        "route_id",
        "length",
        "city",
        "cards",
        "tunnel_extra",
        "created_at",
    )

    def has_add_permission(self, request):
        return False  # written by the moves only

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "kind",
        "user",
        "game",
        "created_at",
        "sent_at",
        "attempts",
        "last_attempt_at",
        "skipped",
    )
    list_filter = ("kind", "skipped", ("sent_at", admin.EmptyFieldListFilter))
    readonly_fields = ("last_error",)


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("user", "board", "shown", "mu", "sigma", "games")
    list_filter = ("board",)


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "board", "place", "shown_before", "shown_after", "created_at")
    list_filter = ("board",)


# The plain-text tokens of rest_framework.authtoken were migrated to knox digests; a token
# made there would log no one in, so its admin page is not offered.
admin.site.unregister(TokenProxy)
