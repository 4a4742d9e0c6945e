"""The lobby's form fields for MetalTalon's options (the presentation side of options.check_options)."""

from __future__ import annotations

from django import forms

from games.kinds.metaltalon import options as mt


def option_fields() -> dict[str, forms.Field]:
    return {
        "edition": forms.ChoiceField(
            choices=mt.EDITION_CHOICES, initial="token",
            help_text="The token edition is the default; the two coin editions play on the six-base board. "
                      "The Rules page lists the differences."),
        "variants": forms.MultipleChoiceField(
            choices=mt.VARIANT_CHOICES, required=False, widget=forms.CheckboxSelectMultiple,
            help_text="Token and web2002 editions only, and at most one."),
        "faction_mode": forms.ChoiceField(choices=mt.FACTION_MODE_CHOICES, initial="deal", label="Factions"),
        "dice_mode": forms.ChoiceField(choices=mt.DICE_MODE_CHOICES, initial="d6", label="Dice",
                                       help_text="The stopwatch is for the coin editions only."),
    }
