"""The colour Solve view's hint ladder panel: a colour hint given away one rung per press.

The rungs come from :func:`nonostudio.analysis.colour.hints.colour_hint_ladder` and have the
black-and-white ladder's titles and button labels (:mod:`nonostudio.gui.solve.hint_ladder`):
1 where to look, 2 which technique, 3 the premise, 4 the cells, 5 apply.  The panel is the
black-and-white one (:class:`~nonostudio.gui.solve.hint_ladder.RungsPanel`) for a colour ladder:
it holds the button; its ``text_label`` is laid out by its owner (in the scrolled words under the
grid, beside the button: the grid keeps its size however long the rungs get).  The view owns the
state changes; the panel only shows them.
"""

from __future__ import annotations

from nonostudio.analysis.colour.hints import ColourHintLadder
from nonostudio.gui.solve.hint_ladder import RungsPanel


class ColourHintPanel(RungsPanel[ColourHintLadder]):
    """Shows a :class:`ColourHintLadder`'s rungs up to the current one (in ``text_label``, which
    the owner lays out), and the button for the next."""
