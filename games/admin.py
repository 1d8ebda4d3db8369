import rest_framework.authtoken.admin  # noqa: F401 (registers TokenProxy first: unregistered below)
from django.contrib import admin
from django.contrib.admin.models import LogEntry
from rest_framework.authtoken.models import TokenProxy

from .models import (
    ChatMessage,
    ChatReport,
    Claim,
    Game,
    Move,
    Notification,
    Rating,
    RatingChange,
    Seat,
)
from .services.chat import chat_hide


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


@admin.action(description="Hide the selected messages")
def hide_messages(modeladmin, request, queryset):
    chat_hide(message_ids=queryset.values_list("pk", flat=True), hidden=True)


@admin.action(description="Show the selected messages again")
def show_messages(modeladmin, request, queryset):
    chat_hide(message_ids=queryset.values_list("pk", flat=True), hidden=False)


@admin.action(description="Hide the reported messages")
def hide_reported(modeladmin, request, queryset):
    chat_hide(message_ids=queryset.values_list("message_id", flat=True), hidden=True)


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "seat", "text", "created_at", "hidden")
    list_filter = ("hidden",)
    search_fields = ("text", "seat__user__username")
    readonly_fields = ("game", "seat", "text", "created_at", "hidden")
    actions = [hide_messages, show_messages]


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    """The moderators' list: every report, newest first, with the message it is about."""

    list_display = ("id", "message_text", "author", "game", "reporter", "created_at", "hidden")
    list_select_related = ("message__seat__user", "message__game", "reporter")
    readonly_fields = ("message", "reporter", "created_at")
    actions = [hide_reported]

    @admin.display(description="message")
    def message_text(self, report):
        return report.message.text

    @admin.display(description="author")
    def author(self, report):
        return report.message.seat.user.username

    @admin.display(description="game")
    def game(self, report):
        return report.message.game_id

    @admin.display(description="hidden", boolean=True)
    def hidden(self, report):
        return report.message.hidden


@admin.register(LogEntry)
class LogEntryAdmin(admin.ModelAdmin):
    """The admin's log, read only, for every staff member: who did what, among it the
    players staff seated at a position without their acceptance."""

    list_display = ("action_time", "user", "object_repr", "change_message")
    list_filter = ("action_flag", "content_type")
    search_fields = ("change_message", "object_repr", "user__username")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
