"""The test lanes: which tests are quick unit tests and which wait on something bigger.

Every test gets its lane's markers when it is collected (the root conftest.py calls
:func:`mark`), so a new test is sorted without anyone marking it by hand:

- ``notebook``: a cell of a notebook run under nbval, or a test that runs notebooks itself
  (nbclient's ``NotebookClient``, through a fixture or not): each starts a kernel;
- ``browser``: a test in ``tests/browser/`` (Chromium drives a page served by Voila);
- ``server``: a test that starts a server (Voila, the hub, PostgreSQL), itself or through a
  fixture it uses: found by reading the source of the test and of its fixtures for the
  helpers that start one (:data:`STARTERS`); a case of a class store on PostgreSQL is marked
  by its parameter in ``tests/classdb.py``, and a test that starts one some other way says so
  with ``@pytest.mark.server``;
- ``slow``: a test measured to take seconds (:data:`SLOW`), or marked ``@pytest.mark.slow``.

The quick lane (``./dev test --quick``) runs the rest, :data:`QUICK`: every unit test, in
under two minutes on two cores. ``./dev test`` runs every lane.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

LANES = ("browser", "server", "notebook", "slow")
LONGEST_FIRST = ("browser", "notebook", "server", "slow")
"""The lanes by the length of their units of work under xdist (conftest.py hands out the longest
first): a browser module takes minutes, a notebook or a server's module tens of seconds."""
QUICK = " and ".join(f"not {lane}" for lane in LANES)
"""The quick lane's marker expression: no test of a slower lane."""

STARTERS = re.compile(r"\b(VoilaServer|voila_server|_served|PostgresCluster)\(")
"""The calls that start a server for a test: tests/serving.py's class server (directly or
through tests/helpers.voila_server), the browser fixtures' ``_served``, and tests/classdb.py's
throwaway PostgreSQL cluster."""

RUNS_A_NOTEBOOK = re.compile(r"\bNotebookClient\(")
"""The call that runs a notebook in a kernel of its own, outside nbval (nbclient's)."""

SLOW = (
    # measured with `pytest --durations` on two shared cores: a second or more of CPU each
    # (several seconds of wall time), most of them whole games played through the widgets
    "tests/test_analysis.py::test_a_card_given_away_is_counted_worked_by_hand",
    "tests/test_analysis.py::test_a_card_worse_on_every_layout_loses_its_shortfall_worked_by_hand",
    "tests/test_analysis.py::test_a_right_card_unlucky_on_the_layout_loses_nothing_worked_by_hand",
    "tests/test_bots_benchmark.py",
    "tests/test_class_concurrency.py::test_thirty_students_sending_at_once_land_once_each",
    "tests/test_class_panels.py::test_the_apps_reviews_are_shared_only_when_ticked_and_once_a_hand",
    "tests/test_class_problem_sets.py::test_forged_widget_messages_store_only_attempts_the_kernel_judged",
    "tests/test_class_problem_sets.py::test_the_teachers_page_gives_a_set_and_shows_each_problem",
    "tests/test_cli.py::test_review_json_judges_each_card_by_what_its_seat_knew",
    "tests/test_compare.py::test_the_same_seed_gives_the_same_numbers_however_the_work_is_shared",
    "tests/test_decide.py::test_subprocess_decide_reads_stdin_and_refuses_bad_input",
    "tests/test_describe.py::test_every_figure_says_its_title_and_axis_titles",
    "tests/test_explorer.py::test_a_finished_record_is_reviewed_card_by_card",
    "tests/test_explorer.py::test_a_finished_record_reviews_its_bid_and_trump_before_its_cards",
    "tests/test_explorer.py::test_a_record_in_the_play_shows_the_best_play_from_where_it_stops",
    "tests/test_explorer.py::test_a_record_stopped_in_the_bidding_reviews_the_passes_made",
    "tests/test_first_timer.py::test_the_page_never_says_press_next_while_next_is_disabled",
    "tests/test_gamemodel.py::test_the_model_judges_real_hands_as_the_engine_does",
    "tests/test_hidden_reasons.py::test_no_text_names_a_card_hidden_from_the_learner",
    "tests/test_launcher.py::test_a_busy_port_is_refused_in_one_line_with_the_fix",
    "tests/test_launcher.py::test_cli_notebooks_copies_then_refuses_in_one_line",
    "tests/test_launcher.py::test_cli_serving_refuses_bad_network_options_in_one_line",
    "tests/test_launcher.py::test_cli_serving_refuses_bad_numbers_in_one_line",
    "tests/test_lessons_game.py::test_every_hand_of_the_bots_games_is_a_10_and_one_a_game_is_made",
    "tests/test_lessons_game.py::test_the_bots_quotes_by_tenths_counted_by_hand",
    "tests/test_load_benchmark.py::test_load_benchmark_help_runs",
    "tests/test_review_benchmark.py",
    "tests/test_ruleset_properties.py::test_seeded_sweep_points_and_cards",
    "tests/test_strong.py::test_close_values_draw_more_guesses_and_settled_ones_do_not",
    "tests/test_table_first.py::test_save_hand_is_ready_in_the_page_once_the_hand_is_over",
    "tests/test_follow_suit_judgement.py::test_every_player_plays_every_ruleset_legally",
    "tests/test_follow_suit_judgement.py::test_the_fast_path_picks_legal_codes_in_every_ruleset",
    "tests/test_class_panels.py::test_reviews_of_loaded_hands_and_resumed_games_stay_on_the_page",
    "tests/test_watchdog.py::test_another_server_on_the_port_is_never_taken_for_ours",
    "tests/test_querysocket.py::test_voilas_handler_drops_other_kernels_waiters",
    "tests/test_cli.py::test_subprocess_deal_is_reproducible",
    "tests/test_cli.py::test_review_json_hindsight_is_the_solver_s_verdict_on_each_position",
    "tests/test_lessons_reasoning.py::test_lesson_07_holds_their_score_to_weigh_points_past_the_target",
    "tests/test_class_benchmark.py::test_a_small_run_lands_every_row_once",
    "tests/test_lessons_game.py::test_the_bots_made_quotes_by_tenths_counted_by_hand",
    "tests/test_follow_suit_judgement.py::test_the_same_choice_from_the_view_and_from_the_hand",
    "tests/test_tutorial_text.py::test_the_refill_and_the_game_replay_stay_plain_to_the_end",
    "tests/test_variants.py::test_cli_replay_prints_the_hand_worked_summaries",
    "tests/test_widget_fuzz.py",
    "tests/test_widgets.py::test_a_whole_game_by_clicking_only",
    "tests/test_widgets.py::test_a_whole_hand_by_clicking_only",
    "tests/test_widgets.py::test_redrawing_does_not_pile_up_widgets",
    "tests/test_widgets.py::test_save_then_load_restores_the_hand",
    "tests/test_widgets_rulesets.py::test_points_and_odds_panels_say_what_the_ruleset_allows",
    "tests/test_widgets_rulesets.py::test_the_table_the_score_and_the_panels_follow_the_ruleset",
    "tests/test_widgets_rulesets.py::test_whole_hands_by_clicking_under_every_ruleset",
)
"""Tests (a file, or a test with all its cases) that take seconds without starting a server:
the full run keeps them, the quick lane leaves them out. When ``--durations`` shows a new
one, add it here."""


@cache
def _source(function: Callable[..., Any]) -> str:
    try:
        return inspect.getsource(function)
    except (OSError, TypeError):
        return ""


def _calls(item: pytest.Item, pattern: re.Pattern[str]) -> bool:
    """Whether the test, or a fixture it uses (however indirectly), makes one of ``pattern``'s calls."""
    function = getattr(item, "function", None)
    if function is None:
        return False
    return any(pattern.search(_source(f)) for f in (function, *_fixture_functions(item)))


def _fixture_functions(item: pytest.Item) -> tuple[Callable[..., Any], ...]:
    """Every fixture the test uses, however indirectly (pytest's closure of its fixtures)."""
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return ()
    return tuple(
        definition.func for definitions in info.name2fixturedefs.values() for definition in definitions
    )


def lanes_of(item: pytest.Item) -> set[str]:
    """The lanes ``item`` belongs to, by the rules above (markers already on it count too)."""
    found = {lane for lane in LANES if item.get_closest_marker(lane)}
    if item.path.suffix == ".ipynb":
        found.add("notebook")
    if item.path.parent.name == "browser":
        found.add("browser")
    if _calls(item, STARTERS):
        found.add("server")
    if _calls(item, RUNS_A_NOTEBOOK):
        found.add("notebook")
    if any(item.nodeid == slow or item.nodeid.startswith((f"{slow}::", f"{slow}[")) for slow in SLOW):
        found.add("slow")
    return found


def wholly_outside_quick_lane(path: Path) -> bool:
    """Whether every test under ``path`` is in a slower lane (a notebook, the browser tests'
    folder), so the quick lane need not even collect it."""
    return path.suffix == ".ipynb" or (path.name == "browser" and path.parent.name == "tests")


def mark(items: Iterable[pytest.Item]) -> None:
    """Add each item's lane markers (the ones it lacks)."""
    for item in items:
        for lane in sorted(lanes_of(item)):
            if not item.get_closest_marker(lane):
                item.add_marker(getattr(pytest.mark, lane))
