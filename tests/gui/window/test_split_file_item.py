"""``FILE#ITEM`` / ``FILE:ITEM`` read one way by the command line, the studio and
``--screenshot`` (each split the argument itself, four copies of the same loop)."""

from __future__ import annotations

import os
from pathlib import Path

from nonostudio.cli.common import resolve
from nonostudio.core.formats import names_a_file, split_file_item
from nonostudio.gui.window.collection_item import split_item


def test_the_last_hash_then_the_last_colon_whose_left_part_is_a_file(tmp_path: Path) -> None:
    lib = tmp_path / "set#1.txt"  # a '#' in the file's own name
    lib.write_text("1:1-1:1\n2:2-1,1:2\n", encoding="utf-8")
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    assert split_file_item(f"{lib}#2") == (str(lib), "2")
    assert split_file_item(f"{lib}:2") == (str(lib), "2")
    assert split_file_item(f"{fifo}#3") == (str(fifo), "3")  # a FIFO is a file to name
    assert split_file_item(f"{tmp_path}#1") is None  # a folder is not
    assert split_file_item("1:1-1:1") is None  # a puzzle string
    assert names_a_file(str(lib)) and not names_a_file(str(tmp_path))
    # the studio and the command line agree
    for arg in (f"{lib}#2", str(lib), f"{lib}:2", "1:1-1:1"):
        source = resolve(arg)
        assert split_item(arg) == (
            (source.path, source.item) if source.path is not None else (arg, None)
        )
