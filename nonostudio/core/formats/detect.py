"""Guess a puzzle format from a file name and its first bytes.

Unambiguous extensions decide; otherwise (``.txt``, ``.json``, pasted text) the content does:
the first 64 KB, or the whole first line when it is longer (a long puzzle string). Checks run
from the most to the least distinctive signature.
"""

from __future__ import annotations

import re

from nonostudio.core.errors import PuzzleError

EXTENSIONS = {
    ".non": "non",
    ".xml": "xml",
    ".pbn": "xml",
    ".g": "g",
    ".mk": "mk",
    ".nin": "nin",
    ".cwd": "cwd",
    ".toml": "toml",
    ".pbm": "netpbm",
    ".pgm": "netpbm",
    ".npz": "npz",
}

#: Bytes looked at to tell the format; a first line longer than this is looked at whole.
WINDOW = 65536
_NETPBM = re.compile(rb"P[1-6]\s")
#: A line of numbers apart by spaces, tabs or no-break spaces (copied from a web page or a
#: word processor: a .nin so copied was taken for an .mk).
_INTS = re.compile(r"[0-9]+(?:\s+[0-9]+)*\Z")
_TAB_INTS = re.compile(r"[0-9]+(?:\t[0-9]+)*\Z")
_BITMAP = re.compile(r"[.#]+\Z|[01]+\Z")
_NON_KEY = re.compile(r"(width|height)\s+[0-9]+\s*\Z|(rows|columns)\s*\Z", re.IGNORECASE)


class UnknownFormatError(PuzzleError):
    """No format's signature matches the content (see :func:`closest_error` for a better
    message)."""


def detect(data: bytes, name: str | None = None) -> str:
    """The format name of a file's bytes (``name`` supplies the extension); PuzzleError if
    unknown."""
    source = name or "<text>"
    if name:
        lower = name.lower()
        for ext, by_name in EXTENSIONS.items():
            if lower.endswith(ext):
                return by_name
    head = data[:WINDOW]
    if len(data) > WINDOW and b"\n" not in head and b"\r" not in head:
        # one line longer than the window (a long puzzle string): look at all of that line
        ends = [i for i in (data.find(b"\n", WINDOW), data.find(b"\r", WINDOW)) if i >= 0]
        head = data[: min(ends)] if ends else data
    if head.startswith(b"PK\x03\x04"):
        return "npz"
    if _NETPBM.match(head):
        return "netpbm"
    try:
        text = head.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.start < len(head) - 4:
            raise PuzzleError(
                "not a text puzzle file (undecodable bytes) and not a known binary format",
                source=source,
            ) from None
        text = head[: exc.start].decode("utf-8-sig")
    if len(data) > len(head) and "\n" in text:
        text = text[: text.rindex("\n")]  # the last line may be cut short
    if not text.strip("\ufeff \t\r\n") and len(data) == len(head):
        raise PuzzleError("the file is empty (no puzzle in it)", source=source)
    fmt = detect_text(text)
    if fmt is None:
        raise UnknownFormatError(
            "unknown puzzle format: expected a puzzle string (1:3:1-1:3:1), a "
            "Tatham id (5x5:...), or a .non, .xml, .g, .mk, .nin, CWD, "
            "TOML-like, picross-solver, TAAI, SPOJ or JSON puzzle file",
            source=source,
        )
    return fmt


def detect_text(text: str) -> str | None:
    """The format whose signature ``text`` shows, or None."""
    # Here, not at the top: a file named by its extension is read without the strings module.
    from nonostudio.core.formats.strings import (
        OTHER_DASH,
        looks_like_string,
        looks_like_tatham,
        wrapped_string,
    )

    stripped = text.lstrip("\ufeff \t\r\n")
    lines = [ln.strip() for ln in re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))]
    content = [ln for ln in lines if ln]
    if not content:
        return None
    if stripped.startswith("<"):
        return "xml"
    if stripped.startswith("{"):
        # a JSON object: Janko's (Butler's files are lists); its reader looks for the "data"
        # key in the parsed object, however the key is spelt ("\u0064ata" too)
        return "janko"
    if stripped.startswith("["):
        return "toml" if re.match(r"\[\s*(clues|colors)\s*\]", stripped) else "butler"
    if any(re.match(r"\[\s*clues\s*\]", ln) for ln in content):
        return "toml"
    if any(ln.startswith("GRID") for ln in content) and any(ln == "ROWS" for ln in content):
        return "picross"
    if len(content) == 1 and looks_like_tatham(content[0]):
        return "tatham"
    if all(
        looks_like_string(ln) or ("\t" in ln and looks_like_string(ln.split("\t", 1)[1]))
        for ln in content
        if not ln.startswith("#")
    ) or wrapped_string(text):
        return "string"
    if any(_NON_KEY.match(ln) for ln in content):
        return "non"
    data_lines = [ln for ln in content if not ln.startswith("#")]
    if (
        data_lines
        and all(_BITMAP.match(ln) for ln in data_lines)
        and len({len(ln) for ln in data_lines}) == 1
    ):
        return "bitmap"
    if content[0].startswith("$") or (
        all(_TAB_INTS.match(ln) or ln.startswith("$") for ln in content)
        and any("\t" in ln for ln in content)
    ):
        return "taai"
    found = _detect_numeric(content)
    if found is None and len(content) == 1 and ("-" in content[0] or OTHER_DASH.search(content[0])):
        return "string"  # a mistyped puzzle string: its reader names the bad character
    return found


def _detect_numeric(content: list[str]) -> str | None:
    """Formats made of number lines: Olšák .g/.mk, SPOJ, CWD, Wilk .nin."""
    if any(ln.startswith(":") for ln in content) and "#" not in content:
        return "g"
    first = content[0].split()
    if "#" in content and len(first) == 2:
        return "mk"
    if len(first) == 1 and first[0].isdigit() and len(content) > 1:
        second = content[1].split()
        rest = content[2:]
        if (
            len(second) == 2
            and all(_INTS.match(ln) for ln in rest)
            and 2 * sum(ln.endswith(" 0") or ln == "0" for ln in rest) > len(rest)
        ):
            return "spoj"
        if len(second) == 1 and second[0].isdigit():
            return "cwd"
    if len(first) == 2 and all(_INTS.match(ln) for ln in content):
        return "nin"
    return None
