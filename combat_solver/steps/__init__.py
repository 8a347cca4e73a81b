"""The declare attackers and declare blockers steps (508.1, 509.1), the one check entry and why."""
