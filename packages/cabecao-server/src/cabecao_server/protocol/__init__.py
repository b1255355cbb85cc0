"""The MCP adapter: maps protocol messages to `Brain` operations and results back; nothing else."""
