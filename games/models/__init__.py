from .analysis import AnalysisStatus, GameAnalysis
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
from .notification import Channel, Notification, NotificationKind
from .orders import OrdersStatus, StandingOrders
from .rating import Rating, RatingChange
from .reach import DeliveryOutcome, PushSubscription, Webhook, WebhookFlavour
from .seat import BotLevel, Seat
from .vacation import Vacation

__all__ = [
    "AnalysisStatus",
    "BotLevel",
    "Channel",
    "ChatMessage",
    "ChatReport",
    "Claim",
    "DeliveryOutcome",
    "Club",
    "ClubInvitation",
    "ClubMember",
    "ClubMessage",
    "ClubRole",
    "Follow",
    "Game",
    "GameAnalysis",
    "GameStatus",
    "MapChoice",
    "Invitation",
    "InvitationStatus",
    "Move",
    "Notification",
    "OrdersStatus",
    "StandingOrders",
    "NotificationKind",
    "PrivateNote",
    "PushSubscription",
    "Rating",
    "RatingChange",
    "Seat",
    "Vacation",
    "Webhook",
    "WebhookFlavour",
    "Season",
    "SeasonBye",
    "SeasonMember",
    "SeasonStatus",
]
