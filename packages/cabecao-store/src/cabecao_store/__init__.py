"""cabecao-store: the brain on disk, where every write is one git commit with trailers and can be undone.

Everything public is here; the modules behind it are private, and no pygit2 object leaves the package:
`Store` answers with plain values (`head_id()`, `operations()`, `approved_changes()`, `sync_state()`).
"""

from importlib.metadata import version as _version

from ._archive import apply_archive, plan_archive
from ._init import init_brain
from ._inventory import count_notes, note_files
from ._layout import AGENTS_MD, FOLDERS
from ._locking import is_locked
from ._oplog import is_log_path
from ._records import FileChange, OperationRecord
from ._restore import create_restore_point, restore_points
from ._store import Store, utc_now
from ._tokens import ConfirmationSubject, digest, issue_token, load_or_create_key, verify_token
from ._trailers import HUMAN_CLIENT
from ._undo import apply_undo, plan_undo

__version__ = _version("cabecao-store")

__all__ = [
    "__version__",
    # the store and its writes
    "Store",
    "utc_now",
    "FileChange",
    "OperationRecord",
    "HUMAN_CLIENT",
    "is_locked",
    # creating a brain
    "init_brain",
    "FOLDERS",
    "AGENTS_MD",
    # inventory
    "count_notes",
    "note_files",
    # operation log and undo
    "is_log_path",
    "plan_undo",
    "apply_undo",
    # archive and restore points
    "plan_archive",
    "apply_archive",
    "create_restore_point",
    "restore_points",
    # confirmation tokens
    "ConfirmationSubject",
    "issue_token",
    "verify_token",
    "load_or_create_key",
    "digest",
]
