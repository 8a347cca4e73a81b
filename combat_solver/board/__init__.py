"""The board as data: players, permanents, effects and combat (CR 110, 506), and its whole-board checks."""
