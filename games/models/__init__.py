from .analysis import AnalysisStatus, GameAnalysis
from .chat import ChatMessage, ChatReport
from .claim import Claim
from .game import Game, GameStatus, MapChoice
from .invitation import Invitation, InvitationStatus
from .move import Move
from .note import PrivateNote
from .notification import Notification, NotificationKind
from .rating import Rating, RatingChange
from .seat import BotLevel, Seat

__all__ = [
    "AnalysisStatus",
    "BotLevel",
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
    "Rating",
    "RatingChange",
    "Seat",
]
