"""MetalTalon, the first kind: games/engine behind the kinds' protocol."""
