"""Long hexadecimal digests and salts, as a player quotes them.

A sealed Chess Wheel+ post carries a 64-digit SHA-256 commitment and its
reveal a 32-digit salt: whole, they run off a move list.  :func:`shorten`
cuts each to its first twelve digits and an ellipsis, as a player would
quote it; records, rows and anything meant to be copied keep the whole
text.

>>> shorten("{Ann} commit " + "0123456789abcdef" * 4)
'{Ann} commit 0123456789ab…'
>>> shorten("c2-d3")
'c2-d3'
"""

from __future__ import annotations

import re

__all__ = ["shorten", "DIGEST"]

#: A run of 32 or more hexadecimal digits: a digest or a salt.
DIGEST = re.compile(r"\b([0-9a-f]{12})[0-9a-f]{20,}\b")


def shorten(text: str) -> str:
    """``text`` with each long hexadecimal digest or salt in it cut to its
    first twelve digits and an ellipsis."""
    return DIGEST.sub(r"\1…", text)
