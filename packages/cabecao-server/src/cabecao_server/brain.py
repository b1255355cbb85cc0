"""The context every operation runs in: one brain's store (git) and index (SQLite), the client, the clock and
this machine's confirmation key. The operations themselves live in `operations/` and are listed in `registry`.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from datetime import date, datetime
from functools import cached_property
from pathlib import Path

from cabecao_index import BrainIndex, IndexStatus
from cabecao_store import Store, load_or_create_key, utc_now

Clock = Callable[[], datetime]

#: External edits (a person editing notes while the server runs) are picked up about this long after.
RESCAN_SECONDS = 10.0
#: How often the server looks for idle-time upkeep (catalogue, rescan).
MAINTENANCE_SECONDS = 3.0
#: Temporary catalogue files, in `.cabecao/`, renamed over `index.md`.
CATALOG_TMP_PREFIX = "catalog-"


class Brain:
    def __init__(
        self, store: Store, index: BrainIndex, *, client: str, now: Clock = utc_now, unattended: bool = False
    ) -> None:
        self.store = store
        self.index = index
        self.client = client
        self.now = now
        #: No person is there to say yes (the server of an unattended consolidation): an action that needs the
        #: user's confirmation is refused instead of asked.
        self.unattended = unattended
        self._last_scan = 0.0
        self._rescan_every = RESCAN_SECONDS
        self._catalog_dirty = False

    @classmethod
    def open(cls, root: Path | str, *, client: str, now: Clock = utc_now, unattended: bool = False) -> Brain:
        """Open the brain; a write a killed process left half done is settled first, and the index follows."""
        store = Store.open(root, now=now, recover=False)
        index = BrainIndex(store.root, relation_types=store.config.relation_types)
        brain = cls(store, index, client=client, now=now, unattended=unattended)
        brain.recover()
        brain._sweep_catalog_temporaries()
        return brain

    @property
    def root(self) -> Path:
        return self.store.root

    def close(self) -> None:
        self.maintain(rescan=False)
        self.index.close()

    def today(self) -> date:
        return self.now().date()

    @cached_property
    def confirm_key(self) -> bytes:
        """This machine's HMAC key for confirmation tokens (`.cabecao/confirm.key`), read or made once."""
        return load_or_create_key(self.root)

    # keeping the index in step ---------------------------------------------------------------------------

    def recover(self) -> None:
        """Finish or roll back writes of a process that died mid-write (if no writer is running), and re-index
        what that touched, under the brain lock: the index must follow git, never the half-written files."""
        if self.store.needs_recovery():
            self.store.recover(after=self.indexed)

    def refresh_index(self) -> None:
        from cabecao_schema import CATALOG_FILE

        self.recover()  # before the scan, so it never indexes a dead writer's uncommitted files
        started = time.monotonic()
        report = self.index.scan()
        self._last_scan = time.monotonic()
        # A big brain's scan takes seconds: rescan no more than ~5% of the time, so calls rarely wait behind one.
        self._rescan_every = max(RESCAN_SECONDS, 20 * (self._last_scan - started))
        if report.changed or not (self.root / CATALOG_FILE).exists():
            self._catalog_dirty = True

    def rebuild_index(self, progress: Callable[[int, int], None] | None = None) -> IndexStatus:
        """Drop the index and build it again from the notes (`progress(done, total)` as it goes)."""
        self.index.rebuild(progress=progress)
        self._last_scan = time.monotonic()
        self._catalog_dirty = True
        return self.index.status()

    def fresh(self) -> BrainIndex:
        """The index, scanned once before first use; later scans run in `maintain`, off the calls' path."""
        if not self._last_scan:
            self.refresh_index()
        return self.index

    def maintain(self, *, rescan: bool = True) -> None:
        """Idle-time upkeep: rewrite `index.md` after writes, and rescan for edits made outside Cabeção.

        Re-rendering the whole catalogue costs ~150 ms at 10,000 notes, so writes only mark it stale.
        """
        try:
            self.recover()
            if self._catalog_dirty:
                self._catalog_dirty = False
                self.write_catalog()
            if rescan and time.monotonic() - self._last_scan > self._rescan_every:
                self.refresh_index()
        except Exception:  # derived state only; the next round tries again
            traceback.print_exc(file=sys.stderr)

    def indexed(self, paths: list[str]) -> None:
        """After a commit (under the brain lock): update just the touched notes; the catalogue follows at idle.

        The commit already landed, so a failure here must not turn it into an error: the next scan catches up.
        """
        try:
            self.index.update(paths)  # it keeps only note files (never log.md, control or config files)
        except Exception:  # derived state only; git holds the truth and the next scan repairs the index
            traceback.print_exc(file=sys.stderr)
        self._catalog_dirty = True

    def write_catalog(self) -> None:
        from cabecao_schema import CATALOG_FILE

        target = self.root / CATALOG_FILE
        text = self.index.render_catalog()
        try:
            if target.read_text(encoding="utf-8") == text:
                return
        except FileNotFoundError:
            pass
        # In `.cabecao/` (ignored by git): a process killed between the write and the rename leaves nothing a
        # person would see as an uncommitted file.
        tmp = self.root / ".cabecao" / f"{CATALOG_TMP_PREFIX}{os.getpid()}-{threading.get_ident()}.tmp"
        tmp.parent.mkdir(exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)

    def _sweep_catalog_temporaries(self) -> None:
        """Temporary catalogues a killed process left (older than a minute: a live one renames it in ms)."""
        from cabecao_schema import CATALOG_FILE

        leftovers = [*(self.root / ".cabecao").glob(f"{CATALOG_TMP_PREFIX}*.tmp")]
        leftovers += self.root.glob(f".{CATALOG_FILE}.*.tmp")  # where earlier versions wrote it
        for leftover in leftovers:
            try:
                if time.time() - leftover.stat().st_mtime > 60:
                    leftover.unlink()
            except OSError:
                pass
