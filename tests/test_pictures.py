"""The static pictures every page shares: a hand sorted by suit, a small table."""

from __future__ import annotations

import re

import pitchlab as pl
from pitchlab.ui import pictures


def test_a_hand_picture_takes_codes_or_cards_and_draws_each_card() -> None:
    codes = "AS 9S 5S KH 8H 4D JD 7C JK"
    from_codes = pictures.hand_picture(codes, "a hand")._repr_html_()
    assert from_codes == pictures.hand_picture(pl.parse_cards(codes), "a hand")._repr_html_()
    assert from_codes.count("<svg") == 1 and 'aria-label="a hand"' in from_codes


def test_a_hand_picture_prints_its_caption_escaped_and_reads_it_out_without_a_label() -> None:
    html = pictures.hand_picture("KS JS 9S 2S 8H 4H TD 6D QC", caption="your <hand>")._repr_html_()
    assert "your &lt;hand&gt;" in html and "<svg" in html
    assert 'aria-label="your &lt;hand&gt;"' in html


def test_a_table_has_a_head_a_row_per_row_and_its_note_under_it() -> None:
    html = pictures.table(["k", "hands"], [["0", "1"], ["1", "2"]], "a note", css="pl-x").html
    assert html.count("<tr>") == 3 and html.count("<th") == 2 and html.count("<td") == 4
    assert html.index("</table>") < html.index("a note")
    assert 'class="pl-x"' in html
    first, second = re.findall(r"<td style=\"([^\"]*)\">", html)[:2]
    assert "text-align:left" in first and "text-align:right" in second
    assert "class=" not in pictures.table(["a"], [["1"]]).html


def test_a_hand_picture_is_as_wide_as_its_cards_and_their_overlap() -> None:
    # nine cards of width w, each starting w * overlap after the last: 8 steps plus one whole card
    wide = pictures.hand_picture("AS KS QS JS TS 9S 8S 7S 6S", width=70, overlap=0.72).html
    narrow = pictures.hand_picture("AS KS QS JS TS 9S 8S 7S 6S").html
    assert 'width="473"' in wide  # 8 x 70 x 0.72 + 70 = 473.2
    assert 'width="346"' in narrow  # 8 x 64 x 0.55 + 64 = 345.6


def test_words_make_paragraphs_and_the_indented_lines_under_one_a_list() -> None:
    html = pictures.words("Trump <spades>.\n  we took 8\n  they took 2\nMade.").html
    # worked by hand: two paragraphs around one list of the two indented lines, text escaped
    body = re.sub(r' style="[^"]*"', "", html)
    assert body == (
        '<div class="pl-words"><p>Trump &lt;spades&gt;.</p>'
        "<ul><li>we took 8</li><li>they took 2</li></ul><p>Made.</p></div>"
    )
    listed = re.sub(r' style="[^"]*"', "", pictures.words("one\ntwo", listed=True).html)
    assert listed == '<div class="pl-words"><ul><li>one</li><li>two</li></ul></div>'
