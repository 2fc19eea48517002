"""The colour puzzle editor: the picture in its palette colours with coloured clues
(:mod:`.grid`), the palette panel (:mod:`.palette`) and the editor that joins them
(:mod:`.view`)."""
