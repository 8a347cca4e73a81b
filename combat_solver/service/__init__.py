"""One handler layer for AI agents (``handlers``), used by the HTTP API (``http``), the MCP
server (``mcp_server``) and the CLI alike; requests and responses in ``models``.

The front ends need the optional extras ``serve`` and ``mcp``; the handlers and models need
nothing beyond the package itself.
"""
