"""cabecao-store: the brain on disk, where every write is one git commit with trailers and can be undone."""

from importlib.metadata import version as _version

from . import messages
from .archive import ArchivePlan, apply_archive, plan_archive
from .history import approved_changes, human_commits_since_last_op, operations, sync_state
from .init import InitResult, init_brain
from .inventory import NoteCounts, count_notes, note_files
from .layout import AGENTS_MD, FOLDERS
from .locking import DEFAULT_TIMEOUT, LOCK_FILE, brain_lock, is_locked
from .oplog import LOG_ARCHIVE_DIR, is_log_path
from .records import UNCHECKED, FileChange, OperationRecord, OperationStatus, UndoPlan
from .restore import RESTORE_PREFIX, RestorePoint, create_restore_point, restore_points
from .store import Clock, Store, utc_now
from .tokens import (
    KEY_FILE,
    TOKEN_PREFIX,
    TOKEN_TTL,
    ConfirmationSubject,
    digest,
    issue_token,
    load_or_create_key,
    verify_token,
)
from .trailers import APPROVED, CLIENT, HUMAN_CLIENT, OP, SESSION, UNDOES, Trailers, format_message, parse_trailers
from .undo import apply_undo, plan_undo

__version__ = _version("cabecao-store")

__all__ = [
    "__version__",
    # the store and its writes
    "Store",
    "Clock",
    "utc_now",
    "FileChange",
    "UNCHECKED",
    "OperationRecord",
    "OperationStatus",
    # creating a brain
    "init_brain",
    "InitResult",
    "FOLDERS",
    "AGENTS_MD",
    # inventory
    "NoteCounts",
    "count_notes",
    "note_files",
    # operation log and undo
    "operations",
    "LOG_ARCHIVE_DIR",
    "is_log_path",
    "approved_changes",
    "sync_state",
    "human_commits_since_last_op",
    "UndoPlan",
    "plan_undo",
    "apply_undo",
    # archive and restore points
    "ArchivePlan",
    "plan_archive",
    "apply_archive",
    "RestorePoint",
    "RESTORE_PREFIX",
    "create_restore_point",
    "restore_points",
    # trailers
    "Trailers",
    "format_message",
    "parse_trailers",
    "OP",
    "SESSION",
    "CLIENT",
    "APPROVED",
    "UNDOES",
    "HUMAN_CLIENT",
    # locking
    "brain_lock",
    "is_locked",
    "LOCK_FILE",
    "DEFAULT_TIMEOUT",
    # confirmation tokens
    "ConfirmationSubject",
    "issue_token",
    "verify_token",
    "load_or_create_key",
    "digest",
    "TOKEN_PREFIX",
    "TOKEN_TTL",
    "KEY_FILE",
    # messages
    "messages",
]
