"""Race to 10: a tiny second game kind that proves the platform runs with no MetalTalon code."""
