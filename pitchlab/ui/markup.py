"""Page HTML built safely: text is escaped unless it is marked as markup, once, where it is made.

Why this module: pitchlab's pages put text into HTML all the time, and some of that text
comes from other people. On a class server a nickname, a typed answer or a class name is
shown to the teacher and to classmates, so one forgotten ``escape`` in an f-string is a
script injected into someone else's page. Escaping by hand at every fragment makes the safe
way the laborious way; here it is the default way instead.

- :func:`html` fills a template written in pitchlab's own source with values. Every value
  is escaped (``<``, ``>``, ``&`` and both quotes, so attribute values are safe too) unless
  it is already :class:`Markup`, which is how a fragment built by this module, or by
  a function that returns :class:`Markup`, goes into another one unchanged.
- :func:`escape` turns one piece of plain text into :class:`Markup` (a widget's whole value).
- :func:`text` does the same for text between tags only, leaving quotes as they are.
- :func:`join` joins fragments and text, escaping the text.

Built on ``markupsafe`` (the escaping Jinja uses): :class:`Markup` is a ``str``, so a
widget's ``value`` and every existing string test take it as they are. Its quote escape is
``&#39;`` where the standard library wrote ``&#x27;``: the same character to a browser.
"""

from collections.abc import Iterable

from markupsafe import Markup, escape

__all__ = ["Markup", "escape", "html", "join", "text"]


def html(template: str, /, *args: object, **values: object) -> Markup:
    """``template`` (markup from pitchlab's source, never from a user) with its ``{}`` fields
    filled by ``args`` and ``values``, each escaped unless it is :class:`Markup`.

    Format specs work as in ``str.format`` (``{share:.1%}``); literal braces are ``{{ }}``.
    """
    return Markup(template.format(*map(_field, args), **{k: _field(v) for k, v in values.items()}))


class _Escaped:
    """A value for ``str.format`` that escapes whatever it is formatted to, and its fields
    (``{card.label}``, ``{row[0]}``) too: what ``Markup.format`` does, at C speed. That
    formats through the standard library's pure-Python ``string.Formatter``, and a redraw of
    the table fills thousands of fields."""

    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return escape(format(self.value, spec))

    def __getattr__(self, name: str) -> object:
        return _field(getattr(self.value, name))

    def __getitem__(self, key: object) -> object:
        return _field(self.value[key])  # type: ignore[index]

    def __str__(self) -> str:
        return escape(str(self.value))

    def __repr__(self) -> str:
        return escape(repr(self.value))


def _field(value: object) -> object:
    """``value`` ready for ``str.format`` in :func:`html`: markup as it is, a plain number as it
    is (its digits need no escaping), anything else escaped as it is formatted."""
    kind = type(value)
    if kind is Markup or kind is int or kind is float:
        return value
    if hasattr(value, "__html__"):
        return Markup(value.__html__())
    return _Escaped(value)


def text(words: str) -> Markup:
    """``words`` as element content: ``&``, ``<`` and ``>`` escaped, quotes kept. A quote ends
    nothing between tags, and kept it reads as itself in the page's source and in what a test
    compares; never use this for an attribute value (:func:`html` escapes quotes there)."""
    return Markup(words.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def join(parts: Iterable[object], separator: str = "") -> Markup:
    """``parts`` one after another (``separator`` between them, itself markup), each part
    escaped unless it is :class:`Markup`."""
    return Markup(separator).join(escape(part) for part in parts)
