from django.http import HttpRequest

from games import queries


def your_turn(request: HttpRequest) -> dict[str, int]:
    """How many games wait for the signed-in player (their seat is awaited), and how many invitations
    wait for their answer, for the navigation's badges."""
    user = getattr(request, "user", None)
    return {"your_turn_count": queries.your_turn_count(user),
            "invitation_count": queries.invitation_count(user)}
