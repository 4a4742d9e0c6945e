"""MetalTalon, the first kind: games/kinds/metaltalon/engine behind the kinds' protocol."""
