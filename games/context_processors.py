from django.http import HttpRequest

from games import services


def your_turn(request: HttpRequest) -> dict[str, int]:
    """How many games wait for the signed-in player (seat in state.to_act), for the navigation."""
    user = getattr(request, "user", None)
    return {"your_turn_count": services.your_turn_count(user)}
