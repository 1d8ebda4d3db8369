from .analysis import AnalysisStatus, GameAnalysis
from .chat import ChatMessage, ChatReport
from .claim import Claim
from .game import Game, GameStatus, MapChoice
from .invitation import Invitation, InvitationStatus
from .move import Move
from .note import PrivateNote
from .notification import Channel, Notification, NotificationKind
from .rating import Rating, RatingChange
from .reach import PushSubscription, Webhook, WebhookFlavour
from .seat import BotLevel, Seat

__all__ = [
    "AnalysisStatus",
    "BotLevel",
    "Channel",
    "ChatMessage",
    "ChatReport",
    "Claim",
    "Game",
    "GameAnalysis",
    "GameStatus",
    "MapChoice",
    "Invitation",
    "InvitationStatus",
    "Move",
    "Notification",
    "NotificationKind",
    "PrivateNote",
    "PushSubscription",
    "Rating",
    "RatingChange",
    "Seat",
    "Webhook",
    "WebhookFlavour",
]
