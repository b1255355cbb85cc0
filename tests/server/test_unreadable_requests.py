"""Every request gets an answer over real stdio, even a line the SDK cannot read (too deep, or broken JSON)."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

#: An answer slower than this counts as none: the old server never answered at all.
ANSWER_SECONDS = 20.0


class RawServer:
    def __init__(self, brain: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cabecao_cli", "mcp", "--brain", str(brain), "--client", "teste"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def send_line(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        self.send_line(json.dumps(message))

    def receive(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], ANSWER_SECONDS)
        assert ready, "no answer"
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        finally:
            self.process.kill()
            self.process.stdout.close()


@pytest.fixture
def server(sample_brain: Path) -> Any:
    raw = RawServer(sample_brain)
    raw.send(
        {
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "0"},
            },
        }
    )
    assert raw.receive()["id"] == 1
    raw.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    yield raw
    raw.close()


def _nested_call(request_id: int, depth: int) -> str:
    scope = '{"a":' * depth + '"x"' + "}" * depth
    return (
        f'{{"jsonrpc":"2.0","id":{request_id},"method":"tools/call",'
        f'"params":{{"name":"search","arguments":{{"query":"fila","scope":{scope}}}}}}}'
    )


@pytest.mark.parametrize("depth", [150, 198, 5000])
def test_a_deeply_nested_argument_is_answered_with_invalid_argument(server: RawServer, depth: int) -> None:
    server.send_line(_nested_call(7, depth))
    answer = server.receive()
    assert answer["id"] == 7
    assert answer["result"]["isError"] is True
    error = json.loads(answer["result"]["content"][0]["text"])["error"]
    assert error["code"] == "invalid_argument"
    assert error["next_step"]
    # The server goes on answering.
    server.send({"jsonrpc": "2.0", "id": 8, "method": "tools/list"})
    assert len(server.receive()["result"]["tools"]) >= 14


def test_broken_json_with_an_id_gets_a_parse_error_and_garbage_is_skipped(server: RawServer) -> None:
    server.send_line('{"jsonrpc":"2.0","id":9,"method":"tools/list"')
    answer = server.receive()
    assert answer["id"] == 9
    assert answer["error"]["code"] == -32700
    assert "Traceback" not in answer["error"]["message"]
    server.send_line("isto não é JSON")
    server.send({"jsonrpc": "2.0", "id": 10, "method": "tools/list"})
    assert server.receive()["id"] == 10
