from .chat import ChatMessage, ChatReport
from .claim import Claim
from .clubs import (
    Club,
    ClubInvitation,
    ClubMember,
    ClubMessage,
    ClubRole,
    Follow,
    Season,
    SeasonBye,
    SeasonMember,
    SeasonStatus,
)
from .game import Game, GameStatus, MapChoice
from .invitation import Invitation, InvitationStatus
from .move import Move
from .note import PrivateNote
from .notification import Notification, NotificationKind
from .rating import Rating, RatingChange
from .seat import BotLevel, Seat

__all__ = [
    "BotLevel",
    "ChatMessage",
    "ChatReport",
    "Claim",
    "Club",
    "ClubInvitation",
    "ClubMember",
    "ClubMessage",
    "ClubRole",
    "Follow",
    "Game",
    "GameStatus",
    "MapChoice",
    "Invitation",
    "InvitationStatus",
    "Move",
    "Notification",
    "NotificationKind",
    "PrivateNote",
    "Rating",
    "RatingChange",
    "Seat",
    "Season",
    "SeasonBye",
    "SeasonMember",
    "SeasonStatus",
]
