"""The SQLite file behind the index: the only module that touches sqlite-utils and sqlite3 errors.

Every sqlite3 exception is translated here, once, into a `CabecaoError`:

| sqlite3 failure                         | raised as                                   |
|-----------------------------------------|---------------------------------------------|
| SQLITE_CORRUPT, SQLITE_NOTADB           | `IndexDamaged` (code `index_failed`); the   |
|                                         | `BrainIndex` catches it and rebuilds        |
| SQLITE_BUSY, SQLITE_LOCKED (after wait) | `CabecaoError(locked)`                      |
| anything else                           | `CabecaoError(index_failed)`                |

The file runs in WAL mode: one writer at a time (`BEGIN IMMEDIATE`, waiting up to `busy_timeout`), any number
of readers, each reading a consistent snapshot.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlite_utils
from cabecao_schema import CabecaoError, ErrorCode

from . import _messages as messages

Row = sqlite3.Row

_DAMAGE_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
_BUSY_CODES = frozenset({sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED})


class IndexDamaged(CabecaoError):
    """The file is not a usable SQLite database; the caller deletes it and rebuilds."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(
            ErrorCode.INDEX_FAILED,
            messages.index_damaged(path=str(path), problem=problem),
            next_step=messages.next_step_rebuild(),
        )


def _translate(exc: sqlite3.Error, path: Path) -> CabecaoError:
    code = getattr(exc, "sqlite_errorcode", None)
    name = getattr(exc, "sqlite_errorname", None) or type(exc).__name__
    primary = code & 0xFF if isinstance(code, int) else None
    if primary in _DAMAGE_CODES:
        return IndexDamaged(path, name)
    if primary in _BUSY_CODES:
        return CabecaoError(ErrorCode.LOCKED, messages.index_busy(path=str(path)), next_step=messages.next_step_retry())
    return CabecaoError(
        ErrorCode.INDEX_FAILED,
        messages.index_failed(path=str(path), problem=f"{name}: {exc}"),
        next_step=messages.next_step_rebuild(),
    )


@contextmanager
def sqlite_errors(path: Path) -> Iterator[None]:
    """Translate sqlite3 failures raised inside the block (see the module table)."""
    try:
        yield
    except sqlite3.Error as exc:
        raise _translate(exc, path) from exc


def remove_database_files(path: Path) -> None:
    """Delete the index file and its WAL companions (the index is a cache: git and the notes are the truth)."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            os.remove(f"{path}{suffix}")
        except FileNotFoundError:
            pass


#: Pause between attempts to switch a new file to WAL while another process switches it.
_WAL_RETRY_SECONDS = 0.01


def _wal_mode(conn: sqlite3.Connection, busy_timeout: float) -> str:
    """Switch the file to WAL and return the journal mode it ends up in.

    Two processes opening a brand-new file at once (two servers starting on a new brain) both try the switch,
    and SQLite answers the loser SQLITE_BUSY at once, without its busy handler: try again until the timeout.
    """
    deadline = time.monotonic() + busy_timeout
    while True:
        try:
            return str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        except sqlite3.OperationalError as exc:
            code = getattr(exc, "sqlite_errorcode", None)
            busy = isinstance(code, int) and code & 0xFF in _BUSY_CODES
            if not busy or time.monotonic() >= deadline:
                raise
            time.sleep(_WAL_RETRY_SECONDS)


class Database:
    """One connection to the index file, safe to share between threads of one process (calls are serialised)."""

    def __init__(self, path: Path, *, busy_timeout: float = 10.0) -> None:
        self.path = path
        self.busy_timeout = busy_timeout
        self._lock = threading.RLock()
        self._depth = 0
        with sqlite_errors(path):
            conn = sqlite3.connect(str(path), timeout=busy_timeout, isolation_level=None, check_same_thread=False)
            try:
                conn.row_factory = sqlite3.Row
                self._db = sqlite_utils.Database(conn, recursive_triggers=False, execute_plugins=False)
                conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
                # Any read touches the header: a file that is not a database fails here, not later.
                mode = _wal_mode(conn, busy_timeout)
                if str(mode).lower() != "wal":  # pragma: no cover - only on filesystems without shared memory
                    conn.execute("PRAGMA journal_mode = DELETE")
                conn.execute("PRAGMA synchronous = NORMAL")
                conn.execute("PRAGMA temp_store = MEMORY")
                conn.execute("PRAGMA cache_size = -32000")
                conn.execute("PRAGMA foreign_keys = OFF")
            except BaseException:
                conn.close()
                raise
        self._conn = conn

    # -- lifecycle -----------------------------------------------------------------------------------------

    def close(self) -> None:
        with self._lock:
            try:
                self._conn.close()
            except sqlite3.Error:  # pragma: no cover - closing never matters to the caller
                pass

    def table_names(self) -> list[str]:
        with self._lock, sqlite_errors(self.path):
            return self._db.table_names()

    # -- statements ----------------------------------------------------------------------------------------

    def query(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        with self._lock, sqlite_errors(self.path):
            return self._db.execute(sql, params).fetchall()

    def tuples(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[tuple[Any, ...]]:
        """Like `query`, as plain tuples: for hot loops that unpack rows (a `Row` per row costs more to make)."""
        with self._lock, sqlite_errors(self.path):
            cursor = self._conn.cursor()
            cursor.row_factory = None
            return cursor.execute(sql, params).fetchall()

    def one(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
        with self._lock, sqlite_errors(self.path):
            row: Row | None = self._db.execute(sql, params).fetchone()
            return row

    def scalar(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Any:
        row = self.one(sql, params)
        return None if row is None else row[0]

    def execute(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Run one statement; return the last inserted rowid."""
        with self._lock, sqlite_errors(self.path):
            cursor = self._db.execute(sql, params)
            return cursor.lastrowid or 0

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with self._lock, sqlite_errors(self.path):
            self._conn.executemany(sql, rows)

    def script_in_transaction(self, sql: str) -> None:
        """Run several `;`-separated statements inside the current transaction (executescript would commit it)."""
        with self._lock, sqlite_errors(self.path):
            for statement in sql.split(";\n"):
                if statement.strip():
                    self._conn.execute(statement)

    @contextmanager
    def bulk(self, enabled: bool = True) -> Iterator[None]:
        """Faster settings for a full build: no syncs and a larger cache. A crash meanwhile can damage the file,
        which is then rebuilt (it is only a cache); the usual settings come back at the end."""
        if not enabled:
            yield
            return
        with self._lock, sqlite_errors(self.path):
            self._conn.execute("PRAGMA synchronous = OFF")
            self._conn.execute("PRAGMA cache_size = -131072")
        try:
            yield
        finally:
            with self._lock, sqlite_errors(self.path):
                self._conn.execute("PRAGMA synchronous = NORMAL")
                self._conn.execute("PRAGMA cache_size = -32000")

    # -- transactions --------------------------------------------------------------------------------------

    @contextmanager
    def write(self) -> Iterator[None]:
        """A write transaction: `BEGIN IMMEDIATE` takes the single writer slot (waiting up to `busy_timeout`)."""
        with self._transaction("BEGIN IMMEDIATE"):
            yield

    @contextmanager
    def read(self) -> Iterator[None]:
        """A read transaction, so several queries see one snapshot even while another process writes."""
        with self._transaction("BEGIN"):
            yield

    @contextmanager
    def _transaction(self, begin: str) -> Iterator[None]:
        with self._lock:
            if self._depth:
                self._depth += 1
                try:
                    yield
                finally:
                    self._depth -= 1
                return
            with sqlite_errors(self.path):
                self._conn.execute(begin)
            self._depth = 1
            try:
                yield
            except BaseException:
                self._depth = 0
                with sqlite_errors(self.path):
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                raise
            self._depth = 0
            try:
                with sqlite_errors(self.path):
                    self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise
