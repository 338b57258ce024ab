"""pitchlab.ui.markup: page HTML escapes text by default, and nothing in pitchlab escapes by hand.

The expected strings are worked out by hand from the HTML escapes (``&lt; &gt; &amp; &#34; &#39;``),
not copied from the module's output."""

import ast
from pathlib import Path

import pytest

from pitchlab.ui.markup import Markup, escape, html, join, text

PACKAGE = Path(__file__).resolve().parent.parent / "pitchlab"


def test_a_script_in_a_value_is_shown_as_text() -> None:
    page = html("<p>{name} joined</p>", name="<script>alert(1)</script>")
    assert page == "<p>&lt;script&gt;alert(1)&lt;/script&gt; joined</p>"


def test_quotes_and_ampersands_in_an_attribute_cannot_end_it() -> None:
    page = html('<a title="{title}" href="{href}">x</a>', title="say \"hi\" & 'bye'", href='x" onclick="y')
    assert page == '<a title="say &#34;hi&#34; &amp; &#39;bye&#39;" href="x&#34; onclick=&#34;y">x</a>'


def test_markup_goes_in_unchanged_and_is_never_escaped_twice() -> None:
    inner = html("<b>{text}</b>", text="Q&A")
    assert html("<div>{inner}</div>", inner=inner) == "<div><b>Q&amp;A</b></div>"
    assert escape(escape("<")) == "&lt;"
    assert escape("a < b & c") == "a &lt; b &amp; c"
    assert isinstance(escape("x"), Markup)


def test_numbers_and_format_specs_fill_as_in_str_format() -> None:
    assert html("{share:.1%} of {n}, {{braces}}", share=0.25, n=3) == "25.0% of 3, {braces}"
    assert html("{} and {}", "<", 2) == "&lt; and 2"


def test_text_between_tags_keeps_its_quotes_but_not_its_tags() -> None:
    assert text('Partner\'s <b>"A&K"</b>') == 'Partner\'s &lt;b&gt;"A&amp;K"&lt;/b&gt;'
    assert html("<i>{}</i>", text("<'>")) == "<i>&lt;'&gt;</i>"


def test_join_escapes_text_but_not_markup_or_the_separator() -> None:
    assert join(["<i>", html("<b>{x}</b>", x=">"), 7], "<br>") == "&lt;i&gt;<br><b>&gt;</b><br>7"
    assert join([]) == ""


def hand_escaping(path: Path) -> list[str]:
    """Where a module escapes by hand: the standard library's ``html.escape`` (imported or
    called), or an ``escape(...)`` call inside an f-string (a fragment escaped piece by piece).
    ``html.unescape`` (reading HTML back as words) is no escaping and is left alone."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "html" and node.level == 0:
            if any(alias.name == "escape" for alias in node.names):
                found.append(f"line {node.lineno}: from html import escape")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "html" and node.attr == "escape":
                found.append(f"line {node.lineno}: html.escape")
        elif isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id == "escape"
                ):
                    found.append(f"line {inner.lineno}: escape(...) inside an f-string")
    return found


def test_the_guard_sees_each_way_of_escaping_by_hand(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "import html\nfrom html import escape, unescape\n"
        'x = f"<b>{escape(y)}</b>"\nz = escape(y) + html.escape(y) + html.unescape(y)\n'
    )
    assert hand_escaping(module) == [
        "line 2: from html import escape",
        "line 3: escape(...) inside an f-string",
        "line 4: html.escape",
    ]


@pytest.mark.parametrize("module", sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")))
def test_no_module_escapes_html_by_hand(module: str) -> None:
    found = hand_escaping(PACKAGE / module)
    assert not found, f"{module} escapes HTML by hand; build it with pitchlab.ui.markup: {found}"
