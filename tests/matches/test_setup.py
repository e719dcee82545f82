from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from scorepad.matches import services
from scorepad.matches.models import Match

from .helpers import (
    create_match,
    default_option_fields,
    errors_by_seat,
    rendered_form_data,
    setup_data,
)

pytestmark = pytest.mark.django_db


def test_the_game_picker_lists_the_three_games(client):
    content = client.get(reverse("matches:pick_game")).content.decode()
    for key in ("cabo", "escoba", "cabanga"):
        assert reverse("matches:new", args=[key]) in content


def test_an_unknown_game_is_not_found(client):
    assert client.get(reverse("matches:new", args=["poker"])).status_code == 404


def test_the_setup_page_refuses_other_methods(client):
    assert client.put(reverse("matches:new", args=["cabo"])).status_code == 405
    assert client.post(reverse("matches:pick_game")).status_code == 405


def test_a_cabo_match_starts_with_the_preset_options_and_dealer(client):
    match_id = create_match(client, "cabo", ["Ana", "Ben", "Chloé"], preset="nl", dealer=1)
    match = Match.objects.get(pk=match_id)
    assert match.players == ["Ana", "Ben", "Chloé"]
    assert match.first_dealer == "Ben"
    assert match.options["values"] == "nl"
    assert match.options["final_tie"] == "tiebreak"


def test_a_changed_option_overrides_the_preset(client):
    options = default_option_fields("cabo", "fr") | {"option_target": "50"}
    match_id = create_match(client, "cabo", ["Ana", "Ben"], preset="fr", options=options)
    assert Match.objects.get(pk=match_id).options["target"] == 50


def test_picking_another_preset_without_javascript_keeps_only_real_changes(client):
    # The option fields still show fr's values; the scorer changed only the target.
    options = default_option_fields("cabo", "fr") | {"option_target": "50"}
    data = setup_data(["Ana", "Ben"], preset="official", options=options) | {"options_for": "fr"}
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    assert response.status_code == 302
    match = Match.objects.get()
    assert match.options["values"] == "deck"
    assert match.options["kamikaze"] == "twelves"
    assert match.options["target"] == 50


def test_four_escoba_players_play_as_two_teams_of_partners_facing(client):
    match_id = create_match(client, "escoba", ["Ana", "Ben", "Chloé", "Dan"], preset="classic")
    match = Match.objects.get(pk=match_id)
    assert match.teams == [
        {"name": "Ana & Chloé", "players": ["Ana", "Chloé"]},
        {"name": "Ben & Dan", "players": ["Ben", "Dan"]},
    ]


@pytest.mark.parametrize(
    ("game", "players", "message"),
    [
        ("cabo", ["Ana"], "Cabo is for 2 to 6 players; got 1"),
        ("cabanga", ["Ana", "Ben"], "Cabanga! is for 3 to 6 players; got 2"),
        ("cabo", ["Ana", "ana"], "ana is the same name as Ana, capitals and accents aside"),
    ],
)
def test_a_bad_player_list_is_refused_next_to_the_seats(client, game, players, message):
    preset = "fr" if game == "cabo" else "classic"
    data = setup_data(players, preset=preset, options=default_option_fields(game, preset))
    response = client.post(reverse("matches:new", args=[game]), data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Match.objects.exists()


def test_an_empty_dealer_seat_is_refused_naming_the_seat(client):
    data = setup_data(
        ["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"), dealer=4
    )
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    assert response.status_code == 422
    assert "Nobody sits in seat 5: tap “Deals first” beside a player." in (
        response.content.decode()
    )
    assert not Match.objects.exists()


def test_an_out_of_range_option_is_refused_next_to_it(client):
    options = default_option_fields("cabo", "fr") | {"option_target": "5000"}
    data = setup_data(["Ana", "Ben"], preset="fr", options=options)
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    assert response.status_code == 422
    assert "At most 1000." in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    "forged",
    [
        {"preset": "poker"},
        {"options_for": "poker"},
        {"dealer": "9"},
        {"option_values": "xx"},
        {"preset": ["fr", "nl"]},  # two presets: a radio button sends one
    ],
)
def test_a_forged_choice_is_a_client_error(client, forged):
    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data | forged)
    assert response.status_code == 400
    assert not Match.objects.exists()


def test_the_last_lineup_is_offered_first(client):
    create_match(client, "cabo", ["Ana", "Ben", "Chloé"], preset="nl")
    content = client.get(reverse("matches:new", args=["cabo"])).content.decode()
    assert 'value="Chloé"' in content
    assert '<option value="Ben">' in content


def just_started_note(client, game="cabo") -> str | None:
    content = client.get(reverse("matches:new", args=[game])).content.decode()
    found = re.search(r'<div class="notice" id="just-started".*?</div>', content, re.S)
    return found[0] if found else None


def test_the_set_up_names_a_match_of_its_game_started_within_the_hour_for_back(client):
    match_id = create_match(client, "cabo", ["<b>Ana</b>", "Anne-Sophie"], preset="fr")
    note = just_started_note(client)
    # Each name whole on a line (QA48: "Anne-" / "Sophie"), and escaped.
    ana = '<span class="name-whole">&lt;b&gt;Ana&lt;/b&gt;</span>'
    anne = '<span class="name-whole">Anne-Sophie</span>'
    assert f"You started a match with {ana}, {anne} from here a moment ago." in note
    assert reverse("matches:match", args=[match_id]) in note
    assert "hidden" in note  # shown by the page's script when Back brought it again
    assert just_started_note(client, "escoba") is None


@pytest.mark.parametrize(
    "change",
    [
        {"created": timezone.now() - timedelta(hours=2)},
        {"finished": True},
        {"abandoned_at": timezone.now()},
        {"deleted_at": timezone.now()},
    ],
)
def test_an_older_finished_abandoned_or_deleted_match_is_not_named(client, change):
    match_id = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    Match.objects.filter(pk=match_id).update(**change)
    assert just_started_note(client) is None


def test_the_options_region_is_swapped_with_htmx_when_the_preset_changes(client):
    response = client.get(
        reverse("matches:new", args=["cabo"]) + "?preset=official",
        headers={"hx-request": "true", "hx-target": "options"},
    )
    content = response.content.decode()
    assert "<html" not in content
    assert 'name="options_for" value="official"' in content


def test_a_visitor_keeps_their_matches_for_more_than_a_year(client, settings):
    create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    assert settings.SESSION_COOKIE_AGE >= 365 * 24 * 3600
    assert client.cookies["sessionid"]["max-age"] >= 365 * 24 * 3600


def test_a_saved_house_rule_is_offered_fills_in_the_options_and_is_named(client):
    from scorepad.matches.models import HouseRule

    match_id = create_match(client, "cabo", ["Ana", "Ben"], preset="nl")
    match = Match.objects.get(pk=match_id)
    rule = HouseRule.objects.create(
        owner=match.owner,
        game="cabo",
        name="Chez Marie",
        preset="nl",
        options=match.options | {"target": 50},
    )
    url = reverse("matches:new", args=["cabo"])
    assert "Chez Marie" in client.get(url).content.decode()
    picked = client.get(url, {"house_rule": rule.pk}).content.decode()
    assert 'name="option_target" value="50"' in picked
    # The set-up names the house rule its options are, beside what it changes.
    named = "Your house rule “Chez Marie”"
    assert named in picked
    assert "Dutch rules, with changes:" in picked  # what the house rule changes, listed
    # The note follows the options as they are changed (htmx asks for it again).
    data = rendered_form_data(picked.encode())
    note = {"headers": {"HX-Request": "true", "HX-Target": "preset-changes"}}
    assert named not in client.get(url, data | {"option_target": "60"}, **note).content.decode()
    assert named in client.get(url, data | {"option_target": "50"}, **note).content.decode()
    # A house rule saved as a preset is named beside that preset alone.
    plain = HouseRule.objects.create(
        owner=match.owner,
        game="cabo",
        name="Comme aux Pays-Bas",
        preset="nl",
        options=match.options,
    )
    as_preset = client.get(url, {"house_rule": plain.pk}).content.decode()
    assert "Your house rule “Comme aux Pays-Bas”</strong>: Dutch rules" in as_preset
    assert "with changes" not in as_preset
    # QA: French spaces its colon ("»: Règles néerlandaises" was written into the page).
    french = client.get(url, {"house_rule": plain.pk}, headers={"Accept-Language": "fr"})
    said = "«\u00a0Comme aux Pays-Bas\u00a0»</strong>\u00a0: Règles néerlandaises"
    assert said in french.content.decode()
    assert "Your house rule “" not in client.get(url, {"preset": "fr"}).content.decode()


def test_the_setup_page_varies_on_htmx(client):
    response = client.get(reverse("matches:new", args=["cabo"]))
    assert "HX-Request" in response["Vary"]


def _newest_match() -> Match:
    return Match.objects.order_by("-created").first()  # ids are random


def test_a_returning_scorer_picking_another_preset_without_javascript_gets_all_its_values(
    client,
):
    from scorepad.rules import get_game

    french = default_option_fields("cabo", "fr") | {"option_target": "50"}
    create_match(client, "cabo", ["Ana", "Ben", "Chloé"], preset="fr", options=french)
    # The page offers the last match's options; the scorer only taps "Dutch rules".
    data = rendered_form_data(client.get(reverse("matches:new", args=["cabo"])).content)
    assert data["option_target"] == "50"
    response = client.post(reverse("matches:new", args=["cabo"]), data | {"preset": "nl"})
    assert response.status_code == 302
    assert _newest_match().preset == "nl"
    assert _newest_match().options == dict(get_game("cabo").preset("nl").values)


def test_an_option_changed_by_hand_beside_the_picked_preset_stays_as_changed(client):
    create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    data = rendered_form_data(client.get(reverse("matches:new", args=["cabo"])).content)
    data |= {"preset": "official", "option_failed_call_penalty": "20"}
    client.post(reverse("matches:new", args=["cabo"]), data)
    assert _newest_match().options["values"] == "deck"
    assert _newest_match().options["failed_lowest_zero"] is False
    assert _newest_match().options["failed_call_penalty"] == 20


def test_a_preset_picked_with_htmx_replaces_every_option_of_the_last_match(client):
    from scorepad.rules import get_game

    create_match(client, "cabo", ["Ana", "Ben", "Chloé"], preset="fr")
    response = client.get(
        reverse("matches:new", args=["cabo"]) + "?preset=nl",
        headers={"hx-request": "true", "hx-target": "options"},
    )
    assert "<html" not in response.content.decode()
    shown = rendered_form_data(response.content)
    assert shown["options_for"] == "nl"
    assert shown["option_values"] == "nl"
    assert "option_failed_lowest_zero" not in shown  # unticked
    assert shown["option_final_tie"] == "tiebreak"
    # Starting the match with what the panel now shows gives the Dutch rules.
    page = rendered_form_data(client.get(reverse("matches:new", args=["cabo"])).content)
    seats = {name: value for name, value in page.items() if not name.startswith("option")}
    client.post(reverse("matches:new", args=["cabo"]), seats | shown)
    assert _newest_match().options == dict(get_game("cabo").preset("nl").values)


def test_a_form_sent_back_shows_the_options_the_picked_preset_gives(client):
    data = setup_data([], preset="nl", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data | {"options_for": "fr"})
    assert response.status_code == 422
    shown = rendered_form_data(response.content)
    assert (shown["preset"], shown["options_for"], shown["option_values"]) == ("nl", "nl", "nl")


@pytest.mark.parametrize("shown", ['{"values": "fr"}', "[1]", "nonsense", '{"values": 3}'])
def test_forged_shown_options_are_a_client_error(client, shown):
    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data | {"options_shown": shown})
    assert response.status_code == 400


@pytest.mark.parametrize("field", ["options_shown", "dealer_offered"])
@pytest.mark.parametrize(
    "value",
    ["[" * 50_000, "1" * 4_400, '{"seat": 0, "name": "' + "x" * 1_000 + '"}'],
    ids=["nested", "long-number", "too-long"],
)
def test_a_hidden_field_no_page_writes_is_a_client_error_not_a_crash(client, field, value):
    """50,000 nested lists (RecursionError) or a number of 4,400 digits (ValueError) in
    the set-up's hidden JSON failed the set-up and its note on the preset's changes."""
    url = reverse("matches:new", args=["cabo"])
    data = setup_data(["Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr"))
    assert client.post(url, data | {field: value}).status_code == 400
    assert not Match.objects.exists()
    note = {"HX-Request": "true", "HX-Target": "preset-changes"}
    assert client.get(url, data | {field: value}, headers=note).status_code == 400


def test_the_note_on_the_presets_changes_follows_the_options_as_the_page_sends_them(client):
    url = reverse("matches:new", args=["cabo"])
    data = rendered_form_data(client.get(url).content)
    note = {"HX-Request": "true", "HX-Target": "preset-changes"}
    response = client.get(url, data | {"option_target": "150"}, headers=note)
    assert response.status_code == 200
    assert "Target score: 150" in response.content.decode()


def test_the_cabo_setup_suggests_two_decks_for_five_or_six_players(client):
    cabo = client.get(reverse("matches:new", args=["cabo"])).content.decode()
    assert "Five or six players with French or Dutch values: shuffle two decks together" in cabo
    assert 'name="option_decks"' in cabo
    escoba = client.get(reverse("matches:new", args=["escoba"])).content.decode()
    assert "two decks" not in escoba


def test_the_setup_form_is_rendered_from_its_fields(client):
    page = client.get(reverse("matches:new", args=["cabo"])).content.decode()
    seat = re.search(r'<input type="text" name="player_0"[^>]*>', page)[0]
    assert 'maxlength="40"' in seat and 'placeholder="Player 1"' in seat
    dealer = re.search(r'<input type="radio" name="dealer" value="0"[^>]*>', page)[0]
    assert 'id="id_dealer_0"' in dealer and 'aria-label="Deals first, player 1"' in dealer
    assert re.search(r'<input type="radio" name="preset" value="fr"[^>]*checked', page)
    target = re.search(r'<input type="number" name="option_target"[^>]*>', page)[0]
    assert 'max="1000"' in target and 'inputmode="numeric"' in target
    assert 'aria-describedby="id_option_target_helptext"' in target


def test_a_refused_option_points_to_its_message_and_its_help(client):
    options = default_option_fields("cabo", "fr") | {"option_target": "5000"}
    data = setup_data(["Ana", "Ben"], preset="fr", options=options)
    page = client.post(reverse("matches:new", args=["cabo"]), data).content.decode()
    target = re.search(r'<input type="number" name="option_target"[^>]*>', page)[0]
    assert 'aria-describedby="id_option_target_helptext id_option_target_error"' in target
    assert 'id="id_option_target_error"' in page
    assert 'id="id_option_target_helptext"' in page


def test_a_set_up_with_no_names_says_how_many_players_the_game_takes(client):
    """Not "Nobody sits in seat 1": the dealer's chip is not what is wrong."""
    data = setup_data([], preset="fr", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    content = response.content.decode()
    assert response.status_code == 422
    assert "Cabo is for 2 to 6 players; got 0" in content
    assert "Nobody sits in seat" not in content
    assert "dealer must be one of the players" not in content
    assert not Match.objects.exists()


def test_a_name_given_twice_is_refused_beside_the_seat_that_repeats_it(client):
    data = setup_data(
        ["Zoé", "Ben", "zoé"], preset="fr", options=default_option_fields("cabo", "fr")
    )
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    form = response.context["form"]
    assert response.status_code == 422
    assert form.errors["player_2"] == ["zoé is the same name as Zoé, capitals and accents aside."]
    assert "player_0" not in form.errors and "players" not in form.errors
    # The seats' fieldset is not marked as a whole: only the seat that repeats the name.
    content = response.content.decode()
    assert content.count('class="seat has-error"') == 1
    assert '<fieldset class="has-error">' not in content


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (
            ["Ana", "Ana", "Ana", "Ana"],
            [None, ["Ana appears twice."], ["Ana appears twice."], ["Ana appears twice."]],
        ),
        # The engine finds "ana" and "ANA" each a repeat of Ana: two faults, one a seat.
        (
            ["Ana", "ana", "ANA", "Dan"],
            [
                None,
                ["ana is the same name as Ana, capitals and accents aside."],
                ["ANA is the same name as Ana, capitals and accents aside."],
                None,
            ],
        ),
        # "Zoé" with é as one character, then as e and a combining accent: one name.
        (
            ["Zoé", "Ben", "Zoe\u0301", "Dan\u0007"],
            [None, None, ["Zoé appears twice."], ["A name cannot hold control characters."]],
        ),
    ],
    ids=["three-times", "three-cases", "accent-apart-and-control"],
)
def test_a_fault_on_the_names_is_said_once_beside_each_seat_it_is_about(client, players, expected):
    data = setup_data(players, preset="fr", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    assert response.status_code == 422
    assert errors_by_seat(response, len(players)) == expected
    assert not {"players", "__all__"} & response.context["form"].errors.keys()


@pytest.mark.parametrize(
    ("players", "seat", "message"),
    [
        (["Zoe", "Zoë", "Carl"], 1, "Zoë is the same name as Zoe, capitals and accents aside."),
        (["Jean  Luc", "Jean Luc", "Carl"], 1, "Jean Luc appears twice."),
        (
            ["Jean Luc", "Carl", "jean   luc"],
            2,
            "jean luc is the same name as Jean Luc, capitals and accents aside.",
        ),
        (
            ["Straße", "Carl", "STRASSE"],
            2,
            "STRASSE is the same name as Straße, capitals and accents aside.",
        ),
    ],
    ids=["accent", "spaces", "spaces-and-case", "sharp-s"],
)
def test_every_twin_the_engine_refuses_is_told_beside_the_later_seat_only(
    client, players, seat, message
):
    """QA41: "Zoe" and "Zoë" marked all six seats and said it above them, so that focus
    went to an empty seat; the form asks the engine's `player_key`, as it refuses."""
    data = setup_data(players, preset="fr", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    assert response.status_code == 422
    expected = [None] * 6
    expected[seat] = [message]
    assert errors_by_seat(response, 6) == expected
    assert not {"players", "__all__"} & response.context["form"].errors.keys()
    content = response.content.decode()
    assert content.count('aria-invalid="true"') == 1
    assert re.search(rf'name="player_{seat}"[^>]*aria-invalid="true"', content)
    assert not Match.objects.exists()


def test_a_name_is_kept_with_its_inner_spaces_one_space(client):
    """QA41: "Jean  Luc" was saved so, and offered so again by the set-up's suggestions."""
    match_id = create_match(client, "cabo", ["Jean \u00a0 Luc", "  Ana  Maria  "], preset="fr")
    match = Match.objects.get(pk=match_id)
    assert match.players == ["Jean Luc", "Ana Maria"]
    assert match.first_dealer == "Jean Luc"
    page = client.get(reverse("matches:new", args=["cabo"])).content.decode()
    assert '<option value="Jean Luc">' in page and "Jean  Luc" not in page


def test_a_name_set_apart_only_by_what_shows_nothing_is_refused_beside_its_seat(client):
    """QA50: "Anne" and "Anne" with a zero-width space after it sat at one table."""
    players = ["Anne", "Bob", "Anne\u200b", "An\u2060ne\ufeff"]
    data = setup_data(players, preset="fr", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    assert response.status_code == 422
    twice = ["Anne appears twice."]
    assert errors_by_seat(response, 4) == [None, None, twice, twice]
    assert not Match.objects.exists()


def test_a_seat_holding_only_what_shows_nothing_is_an_empty_seat(client):
    """QA50: a name of a zero-width space alone gave a match "Cabo  · Bob · Chloé"."""
    match_id = create_match(
        client, "cabo", ["\u200b", "Bob\u200e", "\u2060 \ufeff", "Chloé"], preset="fr", dealer=1
    )
    match = Match.objects.get(pk=match_id)
    assert match.players == ["Bob", "Chloé"]
    assert match.first_dealer == "Bob"
    data = setup_data(["\u200b", "Bob"], preset="fr", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data | {"dealer": "1"})
    assert response.status_code == 422
    assert "Cabo is for 2 to 6 players; got 1" in response.content.decode()


def test_a_set_up_with_a_bad_option_and_too_few_players_tells_both(client):
    options = {**default_option_fields("cabo", "fr"), "option_target": "5"}
    data = setup_data(["Ana"], preset="fr", options=options)
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    form = response.context["form"]
    assert response.status_code == 422
    assert "option_target" in form.errors
    assert form.errors["players"] == ["Cabo is for 2 to 6 players; got 1."]
    assert not Match.objects.exists()


def test_a_refused_option_is_told_beside_its_field_not_listed_among_the_changes(client):
    options = {
        **default_option_fields("cabo", "fr"),
        "option_target": "-1",
        "option_failed_call_penalty": "99",
        "option_decks": "2",
    }
    data = setup_data(["Ana", "Ben"], preset="fr", options=options)
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    assert response.status_code == 422
    form = response.context["form"]
    assert form.errors["option_target"] == ["At least 10."]
    assert form.errors["option_failed_call_penalty"] == ["At most 50."]
    assert form.preset_changes() == [("Decks", "2")]  # the one valid change
    notice = response.content.decode().split('id="preset-changes"')[1].split("</div>")[0]
    assert "Decks: 2" in notice and "99" not in notice and "Target" not in notice


@pytest.mark.parametrize(
    ("language", "preset", "values"), [("nl", "nl", "nl"), ("fr", "fr", "fr"), ("en", "fr", "fr")]
)
def test_a_first_set_up_offers_the_rules_of_the_visitors_language(client, language, preset, values):
    """QA27: a Dutch phone was offered the French rules: the rule sheet of the visitor's
    language comes first (the first preset when none is in it)."""
    client.cookies["django_language"] = language
    page = client.get(reverse("matches:new", args=["cabo"])).content.decode()
    assert re.search(rf'<input type="radio" name="preset" value="{preset}"[^>]*checked', page)
    shown = re.search(r'<select name="option_values"[^>]*>.*?</select>', page, re.S)[0]
    assert re.search(rf'<option value="{values}" selected>', shown)
    escoba = client.get(reverse("matches:new", args=["escoba"])).content.decode()
    assert re.search(r'<input type="radio" name="preset" value="classic"[^>]*checked', escoba)


def test_a_fault_of_the_whole_line_up_is_read_out_with_each_seat(client):
    # QA34: with too few players, focus lands on a seat, which said nothing of the fault.
    data = setup_data(["Ana"], preset="fr", options=default_option_fields("cabo", "fr"))
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    html = response.content.decode()
    assert response.status_code == 422
    assert 'id="id_players_error"' in html
    seats = re.findall(r'<input[^>]*name="player_\d+"[^>]*>', html)
    assert seats
    for seat in seats:
        assert 'aria-invalid="true"' in seat
        assert "id_players_error" in seat


def test_a_seat_fault_alone_is_not_read_out_with_the_other_seats(client):
    data = setup_data(
        ["Ana", "Ana", "Ben"], preset="fr", options=default_option_fields("cabo", "fr")
    )
    response = client.post(reverse("matches:new", args=["cabo"]), data)
    html = response.content.decode()
    first = re.search(r'<input[^>]*name="player_0"[^>]*>', html).group(0)
    assert "aria-invalid" not in first
    assert "id_players_error" not in html


def test_escobas_tie_break_by_counts_says_what_is_counted(client):
    """QA: "Count the whole match" left the scorer guessing what is counted."""
    content = client.get(reverse("matches:new", args=["escoba"])).content.decode()
    label = "Escobas, oros, velo, sevens, cards"
    assert f'<option value="cascade">{label}</option>' in content


def test_the_decks_option_says_the_cabo_deck_is_never_doubled(client):
    """Its help said "the Cabo deck is always one", read as a game for one player."""
    page = client.get(reverse("matches:new", args=["cabo"])).content.decode()
    assert "Not with the branded Cabo deck: it is always used as a single deck." in page
    assert "is always one" not in page


def test_without_javascript_a_refused_set_up_lists_its_faults_at_the_top_of_the_form(client):
    """QA42: the page came back at its top looking unchanged, "At most 200." beside the
    threshold far below. Every fault is listed above the seats, whose field it is said,
    each a link to its field; the list has the focus where the page opens."""
    options = default_option_fields("cabanga", "classic") | {"option_threshold": "500"}
    data = setup_data(["Ana"], preset="classic", options=options)
    response = client.post(reverse("matches:new", args=["cabanga"]), data)
    assert response.status_code == 422
    page = response.content.decode()
    listed = re.search(r'<div class="form-errors fault-list"[^>]*autofocus>(.*?)</div>', page, re.S)
    links = re.findall(r'<li><a href="#([^"]+)">(.*?)</a></li>', listed[1])
    assert links == [
        ("id_player_1", "Cabanga! is for 3 to 6 players; got 1."),
        ("id_option_threshold", "Threshold: At most 200."),
    ]
    assert all(f'id="{field_id}"' in page for field_id, _ in links)
    assert page.index("fault-list") < page.index('id="id_player_0"')
    assert page.count("autofocus") == 1
    assert not Match.objects.exists()


def test_a_set_up_refused_as_a_whole_says_why_at_the_top_of_the_form(client):
    options = default_option_fields("cabanga", "classic")
    data = setup_data(["Ana", "Ben", "Cas"], preset="classic", options=options)
    with mock.patch.object(services, "MAX_MATCHES_PER_DAY", 0):
        response = client.post(reverse("matches:new", args=["cabanga"]), data)
    assert response.status_code == 422
    page = response.content.decode()
    listed = re.search(r'<div class="form-errors fault-list"[^>]*autofocus>(.*?)</div>', page, re.S)
    assert listed is not None, page[:2000]
    assert 'class="errorlist nonfield"' in listed[1]


def test_a_fresh_set_up_shows_no_list_of_faults(client):
    page = client.get(reverse("matches:new", args=["cabanga"])).content.decode()
    assert "fault-list" not in page
    assert "autofocus" not in page
