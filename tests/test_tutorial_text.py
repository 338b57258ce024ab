"""The tutorial as a beginner reads it: every page reachable by links, each with its check,
and no code-shaped text anywhere a learner looks.

Each page is executed once (as nbval and Voila run it) with its widgets' state kept; the text
a learner sees is the markdown, the printed outputs and the widgets' words (HTML values,
button and option labels). The pages' widgets are then worked to their ends in plain Python,
and what they say on the way (refusals included) is held to the same standard.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import ipywidgets as w
import nbformat
import pytest
from nbclient import NotebookClient

import pitchlab as pl
from pitchlab.bots.principles import VOCABULARY
from pitchlab.lessons.tutorial import the_bid, the_bury, the_play, the_refill
from pitchlab.lessons.tutorial.scoring_and_the_game import GameReplay, play_game
from pitchlab.ui.plain import refusal_words
from pitchlab.ui.session import refusal, seat_name
from tests.helpers import code_shaped
from tests.widget_tree import as_shown, walk

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "tutorial"
PAGES = sorted(p.name for p in TUTORIAL.glob("*.ipynb"))
NUMBERED = [name for name in PAGES if name[0].isdigit()]
APP_LINK = "../notebooks/app.ipynb"


def load(name: str) -> nbformat.NotebookNode:
    """A tutorial page as committed (without outputs)."""
    page: nbformat.NotebookNode = nbformat.read(TUTORIAL / name, as_version=4)  # type: ignore[no-untyped-call]
    return page


def test_the_detector_finds_what_the_issue_found() -> None:
    """Each example of programmer text a beginner met in the old pages is caught, and plain words are not."""
    for old in (
        "Cards drawn by seat 0-3: [4, 6, 4, 1]",
        "team 0 +8",
        "Each verdict comes from the engine's pl.winner_after",
        "derive one with replace()",
        "final scores -1-36",
        "Not allowed: seat 0: play 3S refused: 3S is not trump",
    ):
        assert code_shaped(old), old
    assert not code_shaped("Cards drawn: You 4, West 6, Partner 4, East 1. Final scores: You and Partner 53.")


def visible(html_text: str) -> str:
    """Markup as the words it shows: tags out (a card's screen-reader name too), entities read."""
    return html.unescape(re.sub(r"<[^>]+>", " ", as_shown(html_text)))


def markdown_words(source: str) -> str:
    """A markdown cell as read: a link shows its words, not its address."""
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", source)


def widget_words(state: dict[str, object]) -> Iterator[str]:
    """The words of one widget's state: its value if text, its description, its options' labels."""
    for key in ("value", "description", "placeholder", "tooltip"):
        value = state.get(key)
        if isinstance(value, str):
            yield visible(value)
    labels = state.get("_options_labels")
    if isinstance(labels, list | tuple):
        yield from map(str, labels)


class ExecutedPages(dict[str, nbformat.NotebookNode]):
    """Tutorial pages, each run by ``run`` when a test first asks for it: a test worker that
    gets only some of the pages' tests runs only those pages."""

    def __init__(self, run: Callable[[nbformat.NotebookNode], object]) -> None:
        super().__init__()
        self.run = run

    def __missing__(self, name: str) -> nbformat.NotebookNode:
        nb = load(name)
        self.run(nb)
        self[name] = nb
        return nb


@pytest.fixture(scope="module")
def executed() -> ExecutedPages:
    """The pages run as Voila runs them, their widgets' state stored, each once in this process."""
    return ExecutedPages(
        lambda nb: NotebookClient(
            nb,
            timeout=600,
            kernel_name="python3",
            store_widget_state=True,
            resources={"metadata": {"path": str(TUTORIAL)}},
        ).execute()
    )


def page_text(nb: nbformat.NotebookNode) -> str:
    """All a learner reads on a page before touching it: markdown, outputs, widgets."""
    parts = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts.append(markdown_words(cell.source))
            continue
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                parts.append(output["text"])
            data = output.get("data", {})
            if "text/html" in data:
                parts.append(visible(data["text/html"]))
            elif "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data:
                parts.append(data["text/plain"])
    state = (
        nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    )
    for model in state.values():
        parts.extend(widget_words(model.get("state", {})))
    return "\n".join(parts)


def links(nb: nbformat.NotebookNode) -> set[str]:
    """The addresses a page's markdown links to."""
    found: set[str] = set()
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            found |= set(re.findall(r"\]\(([^)#\s]+)", cell.source))
    return found


def test_every_page_reaches_every_other_directly_or_through_the_index() -> None:
    pages = {name: load(name) for name in PAGES}
    graph = {name: {link for link in links(nb) if link in pages} for name, nb in pages.items()}
    assert set(graph["index.ipynb"]) >= set(NUMBERED)  # the index links every page
    for start in PAGES:
        seen, todo = {start}, [start]
        while todo:
            for nxt in graph[todo.pop()] - seen:
                seen.add(nxt)
                todo.append(nxt)
        assert seen == set(PAGES), (start, set(PAGES) - seen)


@pytest.mark.parametrize("name", NUMBERED)
def test_every_page_links_previous_next_and_index(name: str) -> None:
    nb = load(name)
    found = links(nb)
    at = NUMBERED.index(name)
    assert "index.ipynb" in found
    assert (NUMBERED[at - 1] if at else "index.ipynb") in found  # the first page's previous is the index
    assert (NUMBERED[at + 1] if at + 1 < len(NUMBERED) else APP_LINK) in found
    last = nb.cells[-1]
    assert last.cell_type == "markdown" and "Previous" in last.source and "Next" in last.source


def test_the_last_page_ends_with_now_play_a_game_and_the_link_reaches_the_app() -> None:
    nb = load(NUMBERED[-1])
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert f"ow play a game**]({APP_LINK})" in text or f"now play a game]({APP_LINK})" in text
    assert (TUTORIAL / APP_LINK).resolve() == (ROOT / "notebooks" / "app.ipynb")  # as Voila serves the root


@pytest.mark.parametrize("name", NUMBERED)
def test_every_page_has_one_title_style_and_ends_with_its_check(name: str) -> None:
    nb = load(name)
    number = int(name[:2])
    titles = [line for c in nb.cells if c.cell_type == "markdown" for line in c.source.splitlines()]
    titles = [t for t in titles if t.startswith("# ")]
    assert titles == [titles[0]] and re.fullmatch(rf"# {number} · \S.*", titles[0]), titles
    heads = [
        i for i, c in enumerate(nb.cells) if c.cell_type == "markdown" and c.source.startswith("## Check: ")
    ]
    assert len(heads) == 1, name
    question = nb.cells[heads[0] + 1]
    assert question.cell_type == "code" and "classroom.MultipleChoice(" in question.source
    after = [c for c in nb.cells[heads[0] + 2 :] if c.cell_type == "code"]
    assert not after, "the check is the page's last exercise"


@pytest.mark.parametrize("name", PAGES)
def test_no_code_shaped_text_on_a_rendered_page(
    executed: dict[str, nbformat.NotebookNode], name: str
) -> None:
    nb = executed[name]
    assert not [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    text = page_text(nb)
    assert len(text) > 400, name  # a page read, not an empty one
    assert not code_shaped(text), (name, code_shaped(text))


@pytest.mark.parametrize("name", NUMBERED)
def test_the_checks_render_as_a_question_with_an_answer_to_reveal(
    executed: dict[str, nbformat.NotebookNode], name: str
) -> None:
    state = executed[name].metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    models = [m["state"] for m in state.values()]
    checks = [m for m in models if "pl-check" in m.get("_dom_classes", ())]
    assert len(checks) == 1 and checks[0]["description"] == "Check"
    options = [m for m in models if "pl-choice-options" in m.get("_dom_classes", ())]
    assert len(options) == 1 and len(options[0]["_options_labels"]) >= 2 and options[0]["index"] is None


def test_no_spoiler_before_the_learner_plays_the_hand_or_the_game(
    executed: dict[str, nbformat.NotebookNode],
) -> None:
    """Page 7 prints no hand result and page 8 shows no finished game before the learner steps to it."""
    play = page_text(executed["07-the-play.ipynb"])
    assert "Hand over" not in play and "made the bid" not in play and "went set" not in play
    game = executed["08-scoring-and-the-game.ipynb"]
    replay = next(c for c in game.cells if "GameReplay(" in c.source)
    before = game.cells[: game.cells.index(replay)]
    printed = "".join(
        o.get("text", "") + visible(o.get("data", {}).get("text/html", ""))
        for c in before
        for o in c.get("outputs", [])
    )
    assert "Trump ♠ spades" in printed  # what the cells before show is read (the first hand's breakdown)
    assert "win after" not in printed and "Final scores" not in printed
    assert not [
        c for c in before if "game_summary" in c.get("source", "") or "score_chart" in c.get("source", "")
    ]
    text = page_text(game)
    hands = len(play_game(3, [pl.RuleBasedPlayer(bidding="ladder")] * 4).history)  # the page's game
    assert "Game over" not in text and f"0 of {hands} hands shown" in text


# ------------------------------------------------------------------ the widgets, worked to their ends


def said(root: object) -> str:
    """Every word a page object's widgets show now."""
    top = getattr(root, "widget", root)
    parts = []
    for widget in walk(top):
        if isinstance(widget, w.HTML | w.Label):
            parts.append(visible(widget.value))
        if isinstance(widget, w.Button | w.ToggleButton):
            parts.append(widget.description)
    return "\n".join(parts)


def test_the_play_page_refuses_in_plain_words_and_stays_plain_to_the_end() -> None:
    page = the_play.TrickByTrick(seed=13)
    while not page.my_turn:
        page.next.click()
    before = pl.to_record(page.hand)
    page.pick(page.hand.dead(0)[0])
    assert pl.to_record(page.hand) == before
    message = visible(page.message.value)
    assert message.startswith("Only trump can be played:") and not code_shaped(message), message
    page.hint.click()
    hint = visible(page.why.value)
    assert any(hint.startswith(f"Hint: {p.name} — Play ") for p in VOCABULARY), hint
    texts = [said(page)]
    while not page.hand.is_over:
        if page.my_turn:
            page.pick(page.legal()[0])
        else:
            page.next.click()
        texts.append(said(page))
    assert "Hand over" in texts[-1]
    for text in texts:
        assert not code_shaped(text), code_shaped(text)


def test_the_bury_page_refuses_in_plain_words_and_stays_plain_to_the_end() -> None:
    page = the_bury.BuryChooser()
    page.pick(pl.Card("2C"))  # a dead club: not a trump of yours
    assert not code_shaped(visible(page.message.value)) and visible(page.message.value)
    assert "refused" not in page.message.value
    texts = [said(page)]
    page.pick(page.legal()[0])
    while not page.hand.is_over:
        page.next.click()
        texts.append(said(page))
    for text in texts:
        assert not code_shaped(text), code_shaped(text)


def test_the_bid_page_refuses_in_plain_words() -> None:
    page = the_bid.BiddingLesson(seed=1)
    while not page.your_turn:
        page.deal(page.seed + 1)
    assert not page.bid(pl.Bid(3))  # below the lowest bid
    assert page.message and not code_shaped(page.message), page.message
    assert not code_shaped(said(page))


def test_the_refill_and_the_game_replay_stay_plain_to_the_end() -> None:
    stepper = the_refill.RefillStepper(the_refill.seeded_trump_hand(129))
    while not stepper.done:
        stepper.step()
        assert not code_shaped(said(stepper)), code_shaped(said(stepper))
    replay = GameReplay(game=play_game(3, [pl.RuleBasedPlayer(bidding="ladder")] * 4))
    while not replay.done:
        replay.step()
        assert not code_shaped(said(replay)), code_shaped(said(replay))
    assert "Game over" in said(replay)
    layout = json.loads(replay.figure.to_json())
    assert not code_shaped(" ".join(str(t.get("name", "")) for t in layout["data"]))


def test_refusals_are_the_app_s_plain_words() -> None:
    """The tutorial's refusals are the table app's own wording: one function words both."""
    hand = the_bury.bury_hand()
    with pytest.raises(pl.IllegalAction) as refused:
        hand.apply(pl.Bury(pl.Card("2C")), 0)
    expected = refusal_words(refused.value, seat_name)
    assert refusal(lambda: hand.apply(pl.Bury(pl.Card("2C")), 0), hand) == expected
    assert expected == "Only one of your own trump may be buried: 2♣ is not one of them."
