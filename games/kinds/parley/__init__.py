"""Parley: a three-player test kind with hidden hands and questions put to other seats out of turn."""
