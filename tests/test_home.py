from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_home_page_names_the_three_games(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    content = response.content.decode()
    for name in ("Cabo", "Escoba", "Cabanga!"):
        assert name in content


def test_each_games_links_are_named_with_their_game(client):
    """QA: three "Play" and three "Rules" links, read out alike in a list of links."""
    content = client.get(reverse("home")).content.decode()
    for game in ("Cabo", "Escoba", "Cabanga!"):
        assert f'aria-label="Play {game}">Play</a>' in content
        assert f'aria-label="Rules of {game}">Rules</a>' in content
    french = client.get(reverse("home"), headers={"Accept-Language": "fr"}).content.decode()
    assert 'aria-label="Jouer (Escoba)">Jouer</a>' in french


def test_the_home_page_follows_the_browser_language(client):
    response = client.get(reverse("home"), headers={"accept-language": "fr-BE,fr;q=0.9"})
    assert '<html lang="fr">' in response.content.decode()
    assert "Trois jeux" in response.content.decode()


def test_the_language_switcher_remembers_the_choice(client):
    response = client.post(reverse("set_language"), {"language": "nl", "next": "/"})
    assert response.status_code == 302
    response = client.get(reverse("home"), headers={"accept-language": "fr"})
    assert '<html lang="nl">' in response.content.decode()
    assert "Drie spellen" in response.content.decode()


def test_the_home_page_refuses_post(client):
    assert client.post(reverse("home")).status_code == 405


def test_pages_make_no_external_requests(client):
    content = client.get(reverse("home")).content.decode()
    assert "http://" not in content
    assert "https://" not in content


def test_htmx_is_served_locally_with_the_csrf_header_on_body(client):
    content = client.get(reverse("home")).content.decode()
    assert "/static/django_htmx/htmx" in content
    assert 'hx-headers=\'{"X-CSRFToken"' in content


def test_a_plain_visit_makes_no_owner(client):
    from scorepad.matches.models import Owner

    content = client.get(reverse("home")).content.decode()
    assert Owner.objects.count() == 0
    assert "Continue" not in content


def test_the_home_page_offers_to_continue_the_matches_in_progress_last_played_first(client):
    from scorepad.matches.models import Match
    from tests.matches.helpers import create_match, round_post, text_of

    older = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    newer = create_match(client, "cabanga", ["Chloé", "Dan", "Eve"], preset="classic")
    finished = create_match(client, "cabo", ["Fay", "Gus"], preset="fr")
    client.post(
        reverse("matches:add_round", args=[finished]),
        round_post(1, caller="0", hand_0="0", hand_1="120"),
    )
    # A round played in the older match makes it the last played.
    client.post(
        reverse("matches:add_round", args=[older]),
        round_post(1, caller="0", hand_0="0", hand_1="5"),
    )
    assert Match.objects.get(pk=finished).finished
    content = client.get(reverse("home")).content.decode()
    continue_list = content[content.index('id="continue-title"') : content.index('class="hero"')]
    first = continue_list.index(reverse("matches:match", args=[older]))
    second = continue_list.index(reverse("matches:match", args=[newer]))
    assert first < second
    assert "1 round played" in continue_list and "Ana, Ben" in text_of(continue_list)
    assert reverse("matches:match", args=[finished]) not in continue_list
    assert "Every match in progress" not in continue_list


def test_matches_imported_in_progress_come_after_those_played_since_and_show_their_date(
    client,
):
    from datetime import UTC, datetime

    from scorepad.matches.models import Match, Owner
    from scorepad.records import exchange
    from tests.matches.helpers import create_match

    today = create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    owner = Owner.objects.get()
    document = exchange.match_document(Match.objects.get(pk=today))
    document.update(
        created="2025-10-12T20:15:00Z", players=["Eve", "Fay", "Gus"], first_dealer="Eve"
    )
    exchange.save_matches(owner, exchange.check_documents([document]))
    old = Match.objects.exclude(pk=today).get()
    assert old.updated == datetime(2025, 10, 12, 20, 15, tzinfo=UTC)
    content = client.get(reverse("home")).content.decode()
    listed = content[content.index('id="continue-title"') : content.index('class="hero"')]
    assert listed.index(f"/matches/{today}/") < listed.index(f"/matches/{old.pk}/")
    assert "12 Oct 2025" in listed


def test_the_home_page_shows_a_few_matches_in_progress_and_links_the_rest(
    client, django_assert_num_queries
):
    from tests.matches.helpers import create_match

    for number in range(5):
        create_match(client, "cabo", ["Ana", f"Ben {number}"], preset="fr")
    # The session with its owner (saved at most once a day), and the matches, however many.
    with django_assert_num_queries(2):
        content = client.get(reverse("home")).content.decode()
    assert content.count('<li class="panel">') == 3
    assert f"{reverse('records:history')}?status=in_progress" in content


def test_abandoned_and_deleted_matches_are_not_offered_to_continue(client):
    from tests.matches.helpers import create_match

    abandoned = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    deleted = create_match(client, "cabo", ["Chloé", "Dan"], preset="fr")
    client.post(reverse("matches:abandon", args=[abandoned]))
    client.post(reverse("matches:delete", args=[deleted]))
    assert "continue-title" not in client.get(reverse("home")).content.decode()


def test_another_browsers_matches_are_not_offered(client):
    from django.test import Client

    from tests.matches.helpers import create_match

    create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    assert "continue-title" not in Client().get(reverse("home")).content.decode()


def test_the_page_title_comes_before_the_matches_to_continue(client):
    # QA34: "Continue" (h2) came before the page's h1 for a returning player.
    from tests.matches.helpers import create_match

    assert re.findall(r"<h([1-6])[\s>]", client.get(reverse("home")).content.decode())[0] == "1"
    create_match(client, "cabanga", ["Ana", "Ben", "Chloé"], preset="classic")
    content = client.get(reverse("home")).content.decode()
    headings = re.findall(r"<h([1-6])[\s>]", content)
    assert headings[0] == "1" and headings.count("1") == 1
    assert headings.index("2") > 0 and 'id="continue-title"' in content


def test_the_home_pages_lines_keep_each_name_whole_and_escaped(client):
    """QA48 on the home page: "Cabo with Dirk-" / "Jan and Anne-Sophie" on a 320 px phone.
    Each name of its lines is kept whole on a line (one too long for a line may break),
    and escaped: names are what anyone typed."""
    from django.test import Client

    from scorepad.matches import sharing
    from scorepad.matches.models import Match
    from tests.matches.helpers import create_match, round_post

    long = "Marie-Christine-Antoinette"
    players = ["<b>Ana</b>", "Anne-Sophie", long]
    going_on = create_match(client, "cabo", players, preset="fr")
    round_1 = round_post(1, caller="0", hand_0="0", hand_1="5", hand_2="7")
    client.post(reverse("matches:add_round", args=[going_on]), round_1)
    deleted = create_match(client, "cabo", players, preset="fr")
    client.post(reverse("matches:delete", args=[deleted]))
    phone = Client()
    link = sharing.share(Match.objects.get(pk=going_on), "score")
    phone.get(reverse("live:page", args=[link.token]))
    ana = '<span class="name-whole">&lt;b&gt;Ana&lt;/b&gt;</span>'
    anne = '<span class="name-whole">Anne-Sophie</span>'
    content = client.get(f"{reverse('home')}?deleted={deleted}").content.decode()
    assert f"Match deleted: Cabo with {ana}, {anne} and {long}." in content
    assert f'<span class="match-players">{ana}, {anne}, {long}</span>' in content
    assert "<b>Ana" not in content
    content = phone.get(reverse("home")).content.decode()
    assert f"Score: Cabo with {ana}, {anne} and {long}" in content
    assert "<b>Ana" not in content
    # In French too, its words as they were.
    content = phone.get(reverse("home"), headers={"accept-language": "fr"}).content.decode()
    assert f"Compter les points\u00a0: Cabo avec {ana}, {anne} et {long}" in content


def continue_list(client) -> str:
    content = client.get(reverse("home")).content.decode()
    if 'id="continue-title"' not in content:
        return ""
    return content[content.index('id="continue-title"') : content.index('class="hero"')]


def test_a_match_set_up_again_before_its_first_round_is_not_offered_twice(client):
    """QA: Back to the set-up, the first dealer tapped anew, then "Start the match": the
    first match, never played, stayed in "Continue" beside the one played."""
    from tests.matches.helpers import create_match

    first = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    again = create_match(client, "cabo", ["Ana", "Ben"], preset="fr", dealer=1)
    listed = continue_list(client)
    assert reverse("matches:match", args=[again]) in listed
    assert reverse("matches:match", args=[first]) not in listed
    # Not deleted: it is still in the history, to be played.
    history = client.get(reverse("records:history")).content.decode()
    assert reverse("matches:match", args=[first]) in history


def test_play_again_then_a_set_up_of_their_own_offers_the_match_they_play(client):
    """QA: "Play again" at the end of a match, then Back to the set-up and "Start the
    match" with the chip the browser kept: the replay, never played, stayed in
    "Continue"."""
    from scorepad.matches.models import Match
    from tests.matches.helpers import create_match, round_post

    played = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    client.post(
        reverse("matches:add_round", args=[played]),
        round_post(1, caller="0", hand_0="0", hand_1="120"),
    )
    client.post(reverse("matches:again", args=[played]), {"key": str(uuid.uuid4())})
    replay = Match.objects.exclude(pk=played).get().pk
    started = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    listed = continue_list(client)
    assert reverse("matches:match", args=[started]) in listed
    assert reverse("matches:match", args=[replay]) not in listed


def test_a_match_with_a_round_or_of_another_game_is_offered_whatever_was_set_up_since(client):
    from tests.matches.helpers import create_match, round_post

    played = create_match(client, "cabo", ["Ana", "Ben"], preset="fr")
    client.post(
        reverse("matches:add_round", args=[played]),
        round_post(1, caller="0", hand_0="3", hand_1="5"),
    )
    other_game = create_match(client, "escoba", ["Ana", "Ben"], preset="classic")
    newest = create_match(client, "cabo", ["Ana", "Ben"], preset="fr", dealer=1)
    listed = continue_list(client)
    for offered in (played, other_game, newest):
        assert reverse("matches:match", args=[offered]) in listed
