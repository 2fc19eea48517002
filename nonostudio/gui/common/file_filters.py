"""File dialog filters for puzzle files, built from the format table of
``nonostudio.core.formats``."""

from __future__ import annotations

#: The formats with colour syntax a colour puzzle is written in (``write_text`` refuses others).
COLOUR_WRITABLE = ("xml", "non", "g")


def puzzle_filters(writing: bool, *, colour: bool = False) -> tuple[list[str], dict[str, str]]:
    """Filters for an open (``writing=False``) or save dialog, and the format name behind each.

    Open dialogs start with an "All puzzle files" filter and end with "All files"; save dialogs
    list only the formats that can be written (for a ``colour`` puzzle: those with colours).
    """
    from nonostudio.core.formats import FORMATS  # not needed until a dialog opens

    if writing and colour:
        usable = [f for f in FORMATS if f.name in COLOUR_WRITABLE]
    else:
        usable = [f for f in FORMATS if f.extensions and (f.can_write if writing else f.can_read)]
    by_filter = {f"{f.label} ({' '.join('*' + e for e in f.extensions)})": f.name for f in usable}
    filters = list(by_filter)
    if not writing:
        every = sorted({"*" + e for f in usable for e in f.extensions})
        filters = [f"All puzzle files ({' '.join(every)})", *filters, "All files (*)"]
    return filters, by_filter
