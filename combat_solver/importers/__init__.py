"""Importers: other programs' game states turned into audit records (board + declaration)."""
