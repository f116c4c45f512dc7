"""Local Discord emulator (REST v10 + gateway) for end-to-end tests.  See README.md."""

from .botproc import BotProcess
from .models import (
    Attachment,
    Button,
    Channel,
    Guild,
    InteractionResult,
    Member,
    Message,
    Modal,
    RequestRecord,
    Role,
    SelectMenu,
    User,
    Violation,
)
from .server import DiscordEmulator, EmulatorError, Intents, Perm

__all__ = [
    "Attachment",
    "BotProcess",
    "Button",
    "Channel",
    "DiscordEmulator",
    "EmulatorError",
    "Guild",
    "Intents",
    "InteractionResult",
    "Member",
    "Message",
    "Modal",
    "Perm",
    "RequestRecord",
    "Role",
    "SelectMenu",
    "User",
    "Violation",
]
