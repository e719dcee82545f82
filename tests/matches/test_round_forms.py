"""The round forms: messages that name what is missing, every fault in one pass, and
contradictory Cabanga! entries refused rather than silently resolved."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.matches.models import Round
from scorepad.matches.scoreboard import card_picker
from scorepad.rules import cabanga, cabo
from scorepad.rules.cabo import GAME as CABO

from .helpers import create_match, default_option_fields, rendered_form_data, round_post

pytestmark = pytest.mark.django_db


def add(client, match_id, **fields):
    return client.post(reverse("matches:add_round", args=[match_id]), round_post(1, **fields))


def errors_of(response) -> list[str]:
    return re.findall(
        r"<li>(.*?)</li>",
        "".join(re.findall(r'<ul class="errorlist.*?</ul>', response.content.decode(), re.S)),
    )


@pytest.fixture
def cabo_match(client) -> int:
    return create_match(client, "cabo", ["Ana", "Ben", "Chloé"], preset="fr")


@pytest.fixture
def cabanga_match(client) -> int:
    return create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")


def test_a_cabo_round_without_a_caller_says_to_tick_who_called(client, cabo_match):
    response = add(client, cabo_match, hand_0="3", hand_1="7", hand_2="2")
    assert response.status_code == 422
    assert errors_of(response) == ["Tick who called Cabo."]


def test_without_javascript_a_refused_round_opens_at_a_list_of_its_faults(client, cabo_match):
    """The page comes back whole, at the form (the button's address ends in #entry),
    every fault listed under its title, whose line it is on said, each a link to its
    field; the list has the focus where the address does not lead (QA32: the first fault
    came up at the screen's bottom, the others below it)."""
    response = add(client, cabo_match, hand_0="3", hand_1="-5")
    assert response.status_code == 422
    page = response.content.decode()
    action = reverse("matches:add_round", args=[cabo_match])
    assert f'formaction="{action}#entry"' in page
    listed = re.search(r'<div class="form-errors fault-list"[^>]*autofocus>(.*?)</div>', page, re.S)
    links = re.findall(r'<li><a href="#([^"]+)">(.*?)</a></li>', listed[1])
    assert links == [
        ("id_caller_0", "Tick who called Cabo."),
        ("id_hand_1", "Ben: At least 0."),
        ("id_hand_2", "Chloé: Enter the points of this hand, or pick its cards."),
    ]
    assert all(f'id="{field_id}"' in page for field_id, _ in links)
    assert page.count("autofocus") == 1
    # With htmx the form comes back in place, and app.js brings its first fault into sight.
    htmx = client.post(
        action, round_post(1, hand_0="3", hand_1="-5"), headers={"HX-Request": "true"}
    )
    assert "fault-list" not in htmx.content.decode()
    assert "autofocus" not in htmx.content.decode()


def test_without_javascript_the_list_of_faults_names_escobas_columns_and_cabangas_lines(client):
    escoba = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    too_many = add(client, escoba, cards_0="30", cards_1="30", oros_0="5", sevens_0="2", velo="0")
    listed = re.findall(r'<li><a href="#([^"]+)">(.*?)</a></li>', too_many.content.decode())
    assert listed == [("id_cards_0", "Cards must total 40; got 60.")]
    blank = add(client, escoba, cards_0="20", velo="0")
    listed = re.findall(r'<li><a href="#([^"]+)">(.*?)</a></li>', blank.content.decode())
    assert listed == [
        ("id_oros_0", "Ana · Oros: Enter a number."),
        ("id_sevens_0", "Ana · Sevens: Enter a number."),
    ]
    cabanga = create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    response = add(client, cabanga, out_0="on", n1_1="2")
    listed = re.findall(r'<li><a href="#([^"]+)">(.*?)</a></li>', response.content.decode())
    assert listed == [("id_n1_2", "Chloé: Enter the cards left, or tick “went out”.")]


def test_without_javascript_the_list_of_faults_is_in_the_pages_language(client, cabo_match):
    response = client.post(
        reverse("matches:add_round", args=[cabo_match]),
        round_post(1, caller="0", hand_0="3", hand_2="4"),
        headers={"Accept-Language": "fr"},
    )
    with translation.override("fr"):
        said = translation.gettext("%(name)s: %(fault)s") % {
            "name": "Ben",
            "fault": translation.gettext("Enter the points of this hand, or pick its cards."),
        }
    assert f'<li><a href="#id_hand_1">{said}</a></li>' in response.content.decode()


def test_the_rounds_address_asked_again_is_the_board(client, cabo_match):
    """Without JavaScript a refused round's page is at the rounds' address: a language
    switched there, Back or a reload asks it again, and gets the board."""
    board = reverse("matches:match", args=[cabo_match])
    answer = client.get(reverse("matches:add_round", args=[cabo_match]))
    assert (answer.status_code, answer["Location"]) == (302, board)


def test_an_escoba_deal_without_the_velo_says_to_tick_who_took_it(client):
    match_id = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    response = add(client, match_id, cards_0="20", oros_0="5", sevens_0="2")
    assert errors_of(response) == ["Tick who took the velo."]
    assert not Round.objects.exists()


def test_every_fault_of_a_cabo_round_comes_back_at_once(client, cabo_match):
    # No caller (a field fault), Ben's hand too high (a field fault), Chloé's hand blank,
    # and the king of hearts twice (the engine's fault).
    response = add(client, cabo_match, cards_0="KH", hand_1="500", cards_2="KH 2S")
    assert errors_of(response) == [
        "Tick who called Cabo.",
        "At most 200.",
        "King of hearts appears more than once in this round.",
    ]


def test_a_card_picked_twice_is_named_in_the_readers_language(client, cabo_match):
    client.cookies["django_language"] = "fr"
    response = add(client, cabo_match, caller="0", hand_0="3", cards_1="KH", cards_2="KH 2S")
    assert "Roi de cœur apparaît plus d’une fois dans cette manche." in errors_of(response)


def test_a_card_picked_twice_is_named_though_its_hand_adds_up_below_the_lowest(client):
    # Red kings are worth −1 on the Dutch deck: three of them (one picked twice) add up
    # to −3, below the lowest hand. The king picked twice is what to correct, and said.
    match_id = create_match(client, "cabo", ["Ana", "Ben"], preset="nl")
    response = add(client, match_id, caller="0", hand_0="-3", cards_0="KH KD KH", hand_1="4")
    assert errors_of(response) == [
        "At least −2.",
        "King of hearts appears more than once in this round.",
    ]
    assert not Round.objects.exists()


def test_a_total_typed_over_picked_cards_that_disagrees_is_refused(client, cabo_match):
    # 7♠ and 2♥ make 9; the 3 typed over them would have turned a failed call into a won one.
    response = add(
        client, cabo_match, caller="0", hand_0="3", cards_0="7S 2H", hand_1="4", hand_2="5"
    )
    assert errors_of(response) == [
        "The cards picked make 9 points, not 3: correct the cards or the points."
    ]
    assert not Round.objects.exists()


def test_one_point_of_picked_cards_is_said_in_the_singular(client, cabo_match):
    response = add(
        client, cabo_match, caller="0", hand_0="3", cards_1="AS", hand_1="30", hand_2="5"
    )
    assert errors_of(response) == [
        "The cards picked make 1 point, not 30: correct the cards or the points."
    ]
    client.cookies["django_language"] = "fr"
    response = add(
        client, cabo_match, caller="0", hand_0="3", cards_1="AS", hand_1="30", hand_2="5"
    )
    assert errors_of(response) == [
        "Les cartes choisies font 1 point, pas 30\u00a0: corrigez les cartes ou les points."
    ]


def test_picked_cards_with_the_total_the_page_added_up_are_recorded(client, cabo_match):
    response = add(
        client, cabo_match, caller="0", hand_0="9", cards_0="7S 2H", hand_1="4", hand_2="5"
    )
    assert response.status_code == 302
    assert Round.objects.get().data["hands"]["Ana"] == ["7S", "2H"]


def test_an_unknown_card_is_said_once(client, cabo_match):
    client.cookies["django_language"] = "fr"
    response = add(client, cabo_match, caller="0", cards_0="ZZ 7S", hand_1="4", hand_2="5")
    assert errors_of(response) == ["Carte inconnue\u00a0: ZZ"]
    assert not Round.objects.exists()


def test_a_blank_cabo_hand_is_refused_and_no_placeholder_pretends_it_is_0(client, cabo_match):
    response = add(client, cabo_match, caller="0", hand_0="3", hand_1="7")
    assert errors_of(response) == ["Enter the points of this hand, or pick its cards."]
    assert 'placeholder="0"' not in response.content.decode()


def test_every_fault_of_an_escoba_deal_comes_back_at_once(client):
    match_id = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    response = add(client, match_id, cards_0="50", oros_0="5", sevens_0="", velo="")
    # The second side is left blank: its oros are filled in; its cards and sevens cannot
    # be, and the faults are the first side's, said there only.
    assert errors_of(response) == [
        "At most 40.",
        "Enter a number.",
        "Tick who took the velo.",
    ]
    assert 'id="id_sevens_0_error"' in response.content.decode()


def test_an_escoba_fault_names_its_side_and_count_as_the_language_writes_it(client):
    match_id = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    client.cookies["django_language"] = "fr"
    response = add(client, match_id, cards_0="50", oros_0="5", sevens_0="", velo="")
    # French sets a non-breaking space before the colon (QA21).
    assert re.search(r"Ana · Cartes\u00a0: <ul", response.content.decode()), response.content


def test_a_blank_escoba_deal_asks_for_the_counts_of_all_sides_but_the_last(client):
    match_id = create_match(client, "escoba", ["Ana", "Ben", "Cor"], preset="classic")
    response = add(client, match_id, velo="1")
    content = response.content.decode()
    assert errors_of(response) == ["Enter a number."] * 6
    assert "id_cards_0_error" in content and "id_sevens_1_error" in content
    assert "id_cards_2_error" not in content and "id_oros_2_error" not in content
    assert not Round.objects.exists()


def test_a_fault_of_the_counts_left_blank_says_what_they_were_worked_out_to_be(client):
    """QA: 38 cards, 0 oros typed for Ana, Ben's line left blank (auto) and the velo his:
    "Ben · Oros: oros cannot exceed cards" beside a box reading "auto", the 2 cards and 10
    oros he was given unsaid. The velo's fault says them too; a typed line's does not."""
    match_id = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    response = add(client, match_id, cards_0="38", oros_0="0", sevens_0="2", velo="1")
    left = "What the others leave to Ben: 2 cards, 10 oros, 2 sevens."
    assert errors_of(response) == [f"Oros cannot exceed cards. {left}"]
    response = add(client, match_id, cards_0="30", oros_0="3", sevens_0="4", velo="1")
    assert errors_of(response) == [
        "The velo side needs at least one oro and one seven. What the others leave to Ben:"
        " 10 cards, 7 oros, 0 sevens."
    ]
    typed = {"cards_1": "10", "oros_1": "7", "sevens_1": "0"}
    response = add(client, match_id, cards_0="30", oros_0="3", sevens_0="4", velo="1", **typed)
    assert errors_of(response) == ["The velo side needs at least one oro and one seven."]
    client.cookies["django_language"] = "nl"
    # Two faults of his line: said beside the first.
    response = add(client, match_id, cards_0="39", oros_0="8", sevens_0="2", velo="0")
    said = errors_of(response)
    assert len(said) == 2 and "leave to" not in said[1]
    client.cookies["django_language"] = "nl"
    response = add(client, match_id, cards_0="39", oros_0="9", sevens_0="2", velo="0")
    assert errors_of(response) == [
        "Er kunnen niet meer zevens dan kaarten zijn. Wat de anderen aan Ben overlaten:"
        " 1 kaart, 1 oro, 2 zevens."
    ]
    assert not Round.objects.exists()


TOO_MANY = {
    "en": "Ana B. and Ben took 45 cards in all: a deal has 40.",
    "nl": "Ana B. en Ben: 45 kaarten in totaal; een ronde telt er 40.",
}


def field_tag(content: str, name: str) -> str:
    return re.search(rf'<input [^>]*name="{name}"[^>]*>', content).group(0)


@pytest.mark.parametrize("htmx", [False, True], ids=["without-javascript", "htmx"])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_others_taking_more_cards_than_a_deal_is_said_beside_their_counts(
    client, language, htmx
):
    """Three players, 25 + 20 cards and the last one left blank (auto): the rest would be
    -5. QA: the fault came beside Cor's empty box, not where the player typed. It is said
    once, under the last of the counts that made the total too big, each of them marked
    (and let go of together once one is edited, as a column's); Cor's box is left alone."""
    client.cookies["django_language"] = language
    match_id = create_match(client, "escoba", ["Ana B.", "Ben", "Cor"], preset="classic")
    deal = round_post(1, cards_0="25", oros_0="4", sevens_0="2", velo="0")
    deal |= {"cards_1": "20", "oros_1": "3", "sevens_1": "1"}
    url = reverse("matches:add_round", args=[match_id])
    response = client.post(url, deal, headers={"hx-request": "true"} if htmx else {})
    assert response.status_code == (200 if htmx else 422)  # htmx swaps a 2xx only
    content = response.content.decode()
    table = content.index('class="entry-table"')
    rows = content[table : content.index("</table>", table)]
    ben, cor = rows.index('<th scope="row">Ben</th>'), rows.index('<th scope="row">Cor</th>')
    said = TOO_MANY[language]
    fault = f'<td colspan="5" id="fault-cards" class="column-fault">{said}</td>'
    assert ben < rows.index(fault) < cor
    for name in ("cards_0", "cards_1"):
        assert 'aria-invalid="true" aria-describedby="fault-cards"' in field_tag(content, name)
    assert "aria-invalid" not in field_tag(content, "cards_2")
    assert "id_cards_2_error" not in content
    assert re.findall(r'id="fault-\w+"', content) == ['id="fault-cards"']  # the cards' only
    if htmx:
        assert content.count(said) == 1 and "<html" not in content
    else:  # listed above the form too, leading to the first of those counts
        assert f'<li><a href="#id_cards_0">{said}</a></li>' in content
        assert content.count(said) == 2
    assert not Round.objects.exists()


@pytest.mark.parametrize("points", ["-3", "2.5", "201"])
def test_a_cabanga_value_the_field_refuses_is_said_once(client, cabanga_match, points):
    response = add(client, cabanga_match, out_0="on", points_1=points, points_2="3")
    errors = errors_of(response)
    assert len(errors) == 1
    assert "has no hand" not in errors[0]


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Without the minus sign: 3, not −3."), ("fr", "Sans le signe moins\u00a0: 3, pas −3.")],
)
def test_cabanga_points_typed_as_minus_points_say_to_drop_the_sign(
    client, cabanga_match, language, said
):
    """QA: Cabanga!'s cards left are minus points; "−3" typed for them was "At least 0."."""
    client.cookies["django_language"] = language
    response = add(client, cabanga_match, out_0="on", points_1="-3", points_2="3")
    assert errors_of(response) == [said]
    assert not Round.objects.exists()


# The points as the page adds them up from the counts typed (scorepad.js).
@pytest.mark.parametrize(
    ("counts", "points", "said"),
    [
        ({"n1_0": "61", "n2_0": "0", "n3_0": "0"}, "61", "At most 60."),
        ({"n2_0": "1", "n3_0": "-1"}, "-1", "At least 0."),
        ({"n3_0": "70"}, "210", "At most 60."),
    ],
)
def test_a_cabanga_count_refused_is_said_once_not_the_points_added_up_from_it(
    client, cabanga_match, counts, points, said
):
    """F52, with JavaScript: Anne's count 61 was "At most 60." and then "The cards counted
    make 0 points, not 61." (the counts left without it); a count of 70 made 210 points,
    "At most 200." beside them too."""
    response = add(client, cabanga_match, **counts, points_0=points, out_1="on", points_2="3")
    assert errors_of(response) == [said]
    # Her line marked, whichever count it is.
    assert response.content.decode().count("cabanga-row has-error") == 1
    assert not Round.objects.exists()


def test_points_typed_beside_a_count_refused_keep_their_own_fault(client, cabanga_match):
    response = add(client, cabanga_match, n1_0="61", points_0="2.5", out_1="on", points_2="3")
    assert errors_of(response) == ["At most 60.", "Enter a whole number."]


def test_a_player_who_went_out_with_cards_left_is_refused(client, cabanga_match):
    response = add(client, cabanga_match, out_0="on", n2_0="1", points_1="4", points_2="3")
    assert errors_of(response) == [
        "Someone who went out has no card left: untick “went out”, or clear the cards and points."
    ]
    # Her line marked as any faulty line is (QA: its words said, its frame not red).
    assert response.content.decode().count("cabanga-row has-error") == 1
    assert not Round.objects.exists()


def test_points_that_disagree_with_the_counts_are_refused(client, cabanga_match):
    response = add(
        client, cabanga_match, out_0="on", n1_1="1", n3_1="2", points_1="6", points_2="3"
    )
    assert errors_of(response) == ["The cards counted make 7 points, not 6."]
    assert not Round.objects.exists()
    response = add(client, cabanga_match, out_0="on", n1_1="1", points_1="2", points_2="3")
    assert errors_of(response) == ["The cards counted make 1 point, not 2."]


def test_points_that_agree_with_the_counts_are_recorded(client, cabanga_match):
    response = add(
        client, cabanga_match, out_0="on", n1_1="1", n3_1="2", points_1="7", points_2="3"
    )
    assert response.status_code == 302
    assert Round.objects.get().data["hands"]["Ben"] == {"1": 1, "2": 0, "3": 2}


def test_the_page_learns_what_each_card_costs_from_the_engine(client, cabanga_match):
    content = client.get(reverse("matches:match", args=[cabanga_match])).content.decode()
    for symbols, points in cabanga.SYMBOL_POINTS.items():
        assert re.search(rf'name="n{symbols}_0"[^>]*data-points="{points}"', content)
    assert re.search(r'name="points_0"[^>]*data-hand-points', content)


def test_each_cabanga_count_says_whose_cards_it_counts_without_the_script(client, cabanga_match):
    """Read aloud, "Ana: 1 symbol" was not Ana's cards showing one symbol (QA)."""
    content = client.get(reverse("matches:match", args=[cabanga_match])).content.decode()
    assert re.search(r'name="n1_0"[^>]*aria-label="Ana: cards with 1 symbol"', content)
    assert re.search(r'name="n3_1"[^>]*aria-label="Ben: cards with 3 symbols"', content)
    assert 'aria-label="One fewer card with 1 symbol for Ana"' in content
    assert 'aria-label="One more card with 2 symbols for Ben"' in content


def test_a_dutch_hand_offers_a_plus_minus_key_and_a_french_one_does_not(client, cabo_match):
    dutch = create_match(client, "cabo", ["Ana", "Ben"], preset="nl")
    content = client.get(reverse("matches:match", args=[dutch])).content.decode()
    assert content.count('class="sign-toggle"') == 2
    assert 'min="-2"' in content
    content = client.get(reverse("matches:match", args=[cabo_match])).content.decode()
    assert "sign-toggle" not in content


@pytest.mark.parametrize(
    ("language", "faces"),
    [("en", ["J", "Q", "K♠"]), ("fr", ["V", "D", "R♠"]), ("nl", ["B", "V", "H♠"])],
)
def test_the_card_grid_faces_follow_the_language(language, faces):
    options = {"values": "nl", "jokers": False}
    with translation.override(language):
        labels = [button["label"] for button in card_picker(CABO, options)]
    assert labels[10:13] == faces


def test_the_card_grid_says_how_many_copies_of_each_card_a_round_holds():
    grid = {b["codes"]: b for b in card_picker(CABO, {"values": "fr", "jokers": True})}
    assert grid["AS AH AD AC"]["copies"] == 1
    assert grid[cabo.JOKER]["copies"] == 2  # two jokers to a deck
    deck = card_picker(CABO, {"values": "deck", "jokers": False})
    assert {button["copies"] for button in deck} == {""}


def test_who_called_is_one_group_of_radios_under_its_question_linked_to_its_error(
    client, cabo_match
):
    page = add(client, cabo_match, hand_0="3", hand_1="7", hand_2="2").content.decode()
    assert re.search(
        r'<fieldset class="entry-rows" aria-describedby="id_caller_error">\s*'
        r'<legend class="visually-hidden">Who called Cabo\?</legend>',
        page,
    )
    assert '<ul class="errorlist" id="id_caller_error">' in page


def test_the_velo_radios_are_a_fieldset_with_a_legend_linked_to_their_error(client):
    match_id = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    page = add(client, match_id, cards_0="20", oros_0="5", sevens_0="2").content.decode()
    assert re.search(
        r'<fieldset class="compact has-error" aria-describedby="id_velo_error">\s*'
        r"<legend>Who took the velo \(7 of oros\)\?</legend>",
        page,
    )
    assert re.search(r"<legend>Opening table for the dealer</legend>", page)


def test_a_refused_count_carries_its_widget_limits_and_points_to_its_message(client):
    match_id = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    page = add(client, match_id, cards_0="99", oros_0="5", sevens_0="2", velo="0")
    cards = re.search(r'<input type="number" name="cards_0"[^>]*>', page.content.decode())[0]
    for attribute in (
        'max="40"',
        'min="0"',
        'inputmode="numeric"',
        'aria-invalid="true"',
        'aria-describedby="id_cards_0_error"',
    ):
        assert attribute in cards
    assert 'id="id_cards_0_error"' in page.content.decode()


def test_the_cabanga_counts_reach_the_page_with_their_limits(client, cabanga_match):
    page = client.get(reverse("matches:match", args=[cabanga_match])).content.decode()
    count = re.search(r'<input type="number" name="n3_0"[^>]*>', page)[0]
    assert 'max="60"' in count and 'min="0"' in count and 'pattern="-?[0-9]*"' in count


@pytest.mark.parametrize(
    ("preset", "label", "other"),
    [
        ("official", "Cards (numbers such as 0 7 13)", "KH 7S"),
        ("fr", "Cards (codes such as KH 7S 10D)", "0 7 13"),
    ],
)
def test_the_cards_field_gives_examples_of_the_matchs_deck(client, preset, label, other):
    """The branded deck's cards are numbers: its hint does not ask for kings of hearts."""
    match_id = create_match(client, "cabo", ["Ana", "Ben"], preset=preset)
    page = client.get(reverse("matches:match", args=[match_id])).content.decode()
    assert label in page
    assert other not in page


def test_french_values_ask_for_no_kamikaze_hand_they_cannot_have(client):
    """QA: French rules with "Two 12s and two 13s" offered the kamikaze list, and
    refused any name ticked in it; French values have no 12 or 13."""
    options = default_option_fields("cabo", "fr") | {"option_kamikaze": "twelves"}
    match_id = create_match(client, "cabo", ["Ana", "Ben"], preset="fr", options=options)
    page = client.get(reverse("matches:match", args=[match_id])).content.decode()
    assert 'name="kamikaze"' not in page
    branded = create_match(client, "cabo", ["Ana", "Ben"], preset="official")
    page = client.get(reverse("matches:match", args=[branded])).content.decode()
    assert 'name="kamikaze"' in page


def test_the_hand_of_the_player_named_in_the_kamikaze_list_may_be_left_blank(client):
    """QA50: named in the kamikaze list, the hand is known (two 12s and two 13s): left
    blank, it counts as that; typed otherwise, it is refused as before, and a blank
    hand of anyone else is still asked for."""
    match_id = create_match(client, "cabo", ["Ana", "Ben", "Chloé"], preset="official")
    refused = add(client, match_id, caller="0", hand_0="3", kamikaze="1")
    assert "Enter the points of this hand, or pick its cards." in errors_of(refused)
    assert not Round.objects.exists()
    typed_otherwise = add(
        client, match_id, caller="0", hand_0="3", hand_1="40", hand_2="9", kamikaze="1"
    )
    assert typed_otherwise.status_code == 422
    assert not Round.objects.exists()
    response = add(client, match_id, caller="0", hand_0="3", hand_2="9", kamikaze="1")
    assert response.status_code == 302
    recorded = Round.objects.get()
    assert recorded.data["hands"] == {"Ana": 3, "Ben": 50, "Chloé": 9}
    assert recorded.data["kamikaze"] == "Ben"


def test_a_fault_of_escobas_the_opening_table_alone_made_is_said_beside_it(client):
    """QA50: the dealer's side took 2 cards and the opening table gave it two escobas:
    "Escobas cannot exceed half the cards" was said beside its escobas' box, blank. Said
    beside the opening table instead, and so with one escoba typed and one of the table
    (QA53: beside a box reading 1 of 2 cards); with none of the table, beside the box."""
    match_id = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    deal = {"cards_0": "2", "cards_1": "38", "oros_0": "0", "oros_1": "10", "sevens_0": "0"}
    deal.update(sevens_1="4", escobas_1="0", velo="1", opening="2")
    said = "Escobas cannot exceed half the cards."
    content = add(client, match_id, **deal).content.decode()
    assert re.search(rf'id="id_opening_error"><li>{said}</li>', content)
    assert 'id="id_escobas_0_error"' not in content
    content = add(client, match_id, **{**deal, "escobas_0": "1", "opening": "1"}).content.decode()
    assert re.search(rf'id="id_opening_error"><li>{said}</li>', content)
    # Listed at the top of the page too (without JavaScript), naming where it is.
    assert f"Opening table for the dealer: {said}" in content
    content = add(client, match_id, **{**deal, "escobas_0": "2", "opening": "0"}).content.decode()
    assert re.search(rf'id="id_escobas_0_error"><li>{said}</li>', content)
    assert 'id="id_opening_error"' not in content
    assert not Round.objects.exists()


def test_a_deals_correction_keeps_the_opening_tables_escobas_in_the_dealers(client):
    """QA: a deal recorded with one escoba typed and the opening table's came back to be
    corrected with escobas 2 and the opening table on "no escoba"; ticked again, as it
    looked lost, it counted twice. The correction shows the dealer's escobas with the
    opening table's in them, says so, and offers no opening table."""
    match_id = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    deal = {"cards_0": "22", "cards_1": "18", "oros_0": "6", "oros_1": "4", "sevens_0": "3"}
    deal.update(sevens_1="1", escobas_0="1", escobas_1="0", velo="0", opening="1")
    assert add(client, match_id, **deal).status_code == 302
    recorded = Round.objects.get()
    assert recorded.data["sides"]["Ana"]["escobas"] == 2
    url = reverse("matches:edit_round", args=[match_id, 1])
    page = client.get(url).content.decode()
    start = page.index('class="round-form')
    form = page[start : page.index("</form>", start)]
    shown = rendered_form_data(form)
    assert shown["escobas_0"] == "2"
    assert "opening" not in shown
    assert "The dealer’s escobas above include those of the opening table." in form
    # Sent back as shown: the deal as it was, not a point more.
    assert client.post(url, shown).status_code == 302
    recorded.refresh_from_db()
    assert recorded.data["sides"]["Ana"]["escobas"] == 2
    # Sent with the opening table's escobas (a kept round's values put in the correction):
    # the opening table is offered, as typed, if the correction comes back with a fault.
    refused = client.post(url, {**shown, "opening": "1", "cards_0": "50"}).content.decode()
    assert 'name="opening" value="1" id="fix_opening_1" checked>' in refused
