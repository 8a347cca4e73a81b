"""The board resolved: layer 6 (613.1f), the declaring units and what a legal declaration leads to (508.1k, 509.1g)."""
