"""Views, split by topic: lobby (W1), social (chat), history (replay, downloads), play (the game page)."""
