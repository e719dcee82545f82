from __future__ import annotations

import re

import pytest
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _

from scorepad.guide.links import rules_url, section_url
from scorepad.guide.walkthroughs import WALKTHROUGHS
from scorepad.guide.walkthroughs.base import show
from scorepad.rules import GAMES
from scorepad.rules.escoba import ESCOBA_DECK

LANGUAGES = ("en", "fr", "nl")
HTMX = {"HX-Request": "true"}


def pages() -> list[tuple[str, list[str]]]:
    """Every guide page and what it must show, in the active language."""
    found = [
        (
            "/rules/",
            [f'href="/rules/{key}/"' for key in GAMES]
            + [f"<h1>{_('Rules and walkthroughs')}</h1>"],
        ),
        ("/rules/escoba/practice/", [f"<h1>{_('Find the fifteens')}</h1>", 'id="results"']),
    ]
    for key, walk in WALKTHROUGHS.items():
        game = GAMES[key]
        title = escape(_("%(game)s rules") % {"game": game.name})
        found.append((f"/rules/{key}/", [f"<h1>{title}</h1>", 'class="guide-toc panel"']))
        total = len(walk.steps)
        for number, step in enumerate(walk.steps, start=1):
            shown = show(walk, step)
            count = _("Step %(number)s of %(total)s") % {"number": number, "total": total}
            found.append(
                (
                    f"/rules/{key}/walkthrough/{number}/",
                    [
                        f"<h1>{escape(walk.title.render(walk.card))}</h1>",
                        count,
                        f">{escape(shown['title'])}</h2>",
                    ],
                )
            )
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_shows_its_title_and_content_in_every_language(client, language):
    with translation.override(language):
        expected = pages()
    for url, shows in expected:
        response = client.get(url, headers={"accept-language": language})
        assert response.status_code == 200, url
        assert f'lang="{language}"' in response.text
        for text in shows:
            assert text in response.text, (url, language, text)


def test_the_french_cabo_page_is_written_in_french(client):
    response = client.get("/rules/cabo/", headers={"accept-language": "fr"})
    assert "Annoncer Cabo" in response.text


def test_the_dutch_escoba_page_is_written_in_dutch(client):
    response = client.get("/rules/escoba/", headers={"accept-language": "nl"})
    assert "Wat je nodig hebt" in response.text


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_engine_topic_has_an_anchor_on_its_rules_page(client, language):
    for key, game in GAMES.items():
        page = client.get(f"/rules/{key}/", headers={"accept-language": language}).text
        for topic in game.topics:
            assert f'id="{topic}"' in page, (key, language, topic)


def test_section_links_point_to_the_anchor_or_the_page():
    assert section_url("cabo", "caller-tie") == "/rules/cabo/#caller-tie"
    assert section_url("cabo", "no-such-topic") == rules_url("cabo") == "/rules/cabo/"


def test_the_cabo_value_table_follows_the_preset(client):
    dutch = client.get("/rules/cabo/?preset=nl").text
    official = client.get("/rules/cabo/?preset=official").text
    assert "<td>−1</td>" in dutch and "<td>-1</td>" not in dutch  # a minus sign, as the boards
    assert "<td>13</td>" in official and "<td>−1</td>" not in official
    # Printed, the preset buttons are gone: the sheet names whose values it shows (QA).
    quick = client.get("/rules/cabo/quick/?preset=nl").text
    assert '<p class="print-only guide-values-of">Dutch rules</p>' in quick


def main_of(page: str) -> str:
    return page[page.index("<main") : page.index("</main>")]


def test_an_unknown_preset_falls_back_to_the_first(client):
    response = client.get("/rules/cabo/?preset=nope")
    first = client.get("/rules/cabo/?preset=fr")
    assert response.status_code == 200
    # The French preset's value table: red kings 0, and no −1 anywhere in it.
    assert main_of(response.text) == main_of(first.text)
    assert "<td>-1</td>" not in response.text and "<td>−1</td>" not in response.text


@pytest.mark.parametrize(
    ("language", "preset"), [("nl", "nl"), ("fr", "fr"), ("en", GAMES["cabo"].presets[0].key)]
)
@pytest.mark.parametrize("url", ["/rules/cabo/", "/rules/cabo/quick/"])
def test_the_value_table_is_at_first_the_one_the_readers_language_plays(
    client, language, preset, url
):
    """QA: the Dutch page showed the French values (red kings 0); the set-up of a match in
    Dutch starts from the Dutch rules, the page says the same."""
    with translation.override("en"):
        page = client.get(url, headers={"accept-language": language}).text
        chosen = client.get(url, {"preset": preset}, headers={"accept-language": language}).text
    current = re.search(r'<a class="lang is-current" href="\?preset=(\w+)#', page)
    assert current is not None and current[1] == preset
    assert main_of(page) == main_of(chosen)


def test_a_preset_asked_for_wins_over_the_readers_language(client):
    with translation.override("en"):
        page = client.get("/rules/cabo/?preset=fr", headers={"accept-language": "nl"}).text
    assert 'class="lang is-current" href="?preset=fr#values-changed"' in page
    assert "<td>−1</td>" not in main_of(page)


@pytest.mark.parametrize(
    "url", ["/rules/", "/rules/cabo/", "/rules/escoba/walkthrough/2/", "/rules/escoba/practice/"]
)
def test_posting_is_refused(client, url):
    assert client.post(url).status_code == 405


@pytest.mark.parametrize(
    "url",
    [
        "/rules/poker/",
        "/rules/poker/walkthrough/1/",
        "/rules/escoba/walkthrough/0/",
        "/rules/escoba/walkthrough/99/",
    ],
)
def test_unknown_games_and_steps_are_not_found(client, url):
    assert client.get(url).status_code == 404


def test_a_walkthrough_step_for_htmx_is_a_fragment(client):
    response = client.get("/rules/escoba/walkthrough/2/", headers=HTMX)
    assert response.status_code == 200
    assert "<html" not in response.text
    assert 'id="step"' in response.text
    assert "HX-Request" in response["Vary"]


def test_a_full_step_page_varies_on_htmx_too(client):
    response = client.get("/rules/escoba/walkthrough/2/")
    assert "<html" in response.text
    assert "HX-Request" in response["Vary"]


def test_the_steps_link_to_each_other_without_javascript(client):
    page = client.get("/rules/escoba/walkthrough/2/").text
    assert 'href="/rules/escoba/walkthrough/1/"' in page
    assert 'href="/rules/escoba/walkthrough/3/"' in page


def test_the_practice_lists_every_fifteen(client):
    response = client.get(
        "/rules/escoba/practice/",
        {"table": ["3B", "5C", "10E", "2O"], "played": "7O"},
    )
    assert response.status_code == 200
    assert "makes fifteen 2 ways" in response.text


def test_the_practice_says_when_a_capture_clears_the_table(client):
    response = client.get("/rules/escoba/practice/", {"table": ["12C"], "played": "5B"})
    assert "Escoba! It clears the table." in response.text


def test_the_practice_says_when_nothing_makes_fifteen(client):
    response = client.get("/rules/escoba/practice/", {"table": ["1C"], "played": "2C"})
    assert "Nothing makes fifteen" in response.text


def test_the_practice_for_htmx_is_a_fragment(client):
    response = client.get(
        "/rules/escoba/practice/", {"table": ["12C"], "played": "5B"}, headers=HTMX
    )
    assert "<html" not in response.text
    assert 'id="results"' in response.text
    assert "HX-Request" in response["Vary"]


def test_an_unknown_card_gets_a_message_not_a_crash(client):
    response = client.get("/rules/escoba/practice/", {"table": ["9O"], "played": "ZZ"})
    assert response.status_code == 200
    results = response.text.split('id="results"')[1].split("</section>")[0]
    assert "That card is not in a 40-card deck: pick the cards shown on this page." in results
    assert "9O" not in results and "ZZ" not in results
    ids = re.findall(r'id="([^"]+)"', response.text)
    assert len(ids) == len(set(ids))  # said beside the field and in the results, one id


def test_the_played_card_may_not_be_on_the_table(client):
    response = client.get("/rules/escoba/practice/", {"table": ["7O"], "played": "7O"})
    assert response.status_code == 200
    assert "cannot also be on the table" in response.text


def test_a_missing_played_card_is_asked_for_when_the_button_is_tapped(client):
    response = client.get("/rules/escoba/practice/", {"table": ["7O"], "show": "1"})
    assert "Pick the card you play" in response.text


def test_a_table_card_tapped_then_the_page_loaded_again_is_no_fault_yet(client):
    # A Reload of the address a tap gave (or Back after a language switch), as a whole
    # page: as the tap itself answered, no fault (QA).
    response = client.get("/rules/escoba/practice/", {"table": ["7O"]})
    assert "Pick some table cards and the card you play." in response.text
    assert "Pick the card you play" not in response.text


def test_a_table_card_tapped_first_as_the_page_says_is_no_fault_yet(client):
    # The page asks for the table cards, then the card played: the first tap (htmx)
    # got "Pick the card you play from your hand." as a fault (found by QA).
    response = client.get("/rules/escoba/practice/", {"table": ["7O"]}, headers=HTMX)
    assert "Pick some table cards and the card you play." in response.text
    assert "form-errors" not in response.text
    too_many = [f"{n}{suit}" for suit in "OC" for n in (1, 2, 3, 4, 5, 6, 7)][:13]
    response = client.get("/rules/escoba/practice/", {"table": too_many}, headers=HTMX)
    assert "form-errors" in response.text  # a fault of the table cards is still told


def test_a_card_twice_on_the_table_gets_a_message_not_a_crash(client):
    response = client.get("/rules/escoba/practice/", {"table": ["3B", "3B"], "played": "12C"})
    assert response.status_code == 200
    assert "Each card can be on the table only once." in response.text
    assert "guide-captures" not in response.text


def test_twelve_table_cards_are_enough(client):
    table = ["1O", "2O", "3O", "4O", "5O", "6O", "7O", "10O", "11O", "12O", "1C", "2C"]
    response = client.get("/rules/escoba/practice/", {"table": table, "played": "5B"})
    assert response.status_code == 200
    assert "guide-captures" in response.text


def test_a_crowded_table_is_refused_before_any_search(client):
    table = [code for code in ESCOBA_DECK if code != "1B"]
    response = client.get("/rules/escoba/practice/", {"table": table, "played": "1B"})
    assert response.status_code == 200
    assert (
        "This page looks for fifteens among at most 12 table cards; you picked 39." in response.text
    )
    assert "guide-captures" not in response.text


def test_a_crowded_table_for_htmx_shows_the_message_in_the_fragment(client):
    table = [code for code in ESCOBA_DECK if code != "1B"][:13]
    response = client.get("/rules/escoba/practice/", {"table": table, "played": "1B"}, headers=HTMX)
    assert "<html" not in response.text
    assert (
        "This page looks for fifteens among at most 12 table cards; you picked 13." in response.text
    )


def test_the_table_limit_is_explained_in_french(client):
    table = [code for code in ESCOBA_DECK if code != "1B"]
    # The locale middleware leaves French active: give the next tests their English back.
    with translation.override("en"):
        response = client.get(
            "/rules/escoba/practice/",
            {"table": table, "played": "1B"},
            headers={"accept-language": "fr"},
        )
    assert response.status_code == 200
    limit = "Cette page cherche les quinze parmi 12 cartes de table au plus\u00a0;"
    assert f"{limit} vous en avez choisi 39." in response.text


def test_the_cabo_walkthrough_names_the_presets_in_the_readers_language(client):
    from django.utils import translation

    with translation.override("en"):
        response = client.get("/rules/cabo/walkthrough/11/", headers={"accept-language": "fr"})
    content = response.content.decode()
    assert "Règles françaises" in content
    assert "French rules" not in content


def test_the_practice_speaks_in_cards_of_either_deck(client):
    question = {"table": ["3B", "5C", "10E", "2O"], "played": "7O"}
    spanish = client.get("/rules/escoba/practice/", question).text
    assert "The 7 of oros makes fifteen 2 ways:" in spanish
    french = client.get("/rules/escoba/practice/", {**question, "deck": "french"}).text
    assert "The 7 of diamonds makes fifteen 2 ways:" in french
    assert 'aria-label="jack of spades"' in french  # the sota of espadas, stripped French deck
    assert 'name="deck" value="french"' in french
    # The other deck keeps the cards picked; "Clear" keeps the deck (found by QA).
    assert (
        'href="?deck=spanish&amp;table=3B&amp;table=5C&amp;table=10E&amp;table=2O&amp;played=7O"'
        in french
    )
    assert 'href="/rules/escoba/practice/?deck=french">Clear' in french
    fresh = client.get("/rules/escoba/practice/", {"deck": "french"}).text
    assert "Pick the card you play" not in fresh
    assert 'aria-label="king of hearts"' in fresh
    # Its cards send their code in the 40-card game (the J♦ is the sota of oros).
    assert 'value="10O"' in fresh and 'value="JD"' not in fresh
    jack = {"deck": "french", "table": ["5O", "2O"], "played": "10O"}
    assert (
        "The jack of diamonds makes fifteen one way:"
        in client.get("/rules/escoba/practice/", jack).text
    )


def test_the_practice_in_french_names_the_deniers(client):
    with translation.override("en"):
        response = client.get(
            "/rules/escoba/practice/",
            {"table": ["3B", "5C", "10E", "2O"], "played": "7O"},
            headers={"accept-language": "fr"},
        )
    assert "Le 7 de deniers fait quinze de 2 façons\u00a0:" in response.text


@pytest.mark.django_db
@pytest.mark.parametrize("key", list(GAMES))
def test_the_rules_and_the_set_up_lead_to_each_other(client, key):
    rules = client.get(f"/rules/{key}/").content.decode()
    assert f'href="/matches/new/{key}/">New match</a>' in rules
    setup = client.get(f"/matches/new/{key}/").content.decode()
    assert f'href="/rules/{key}/#options">What the house rules and options change</a>' in setup
    assert 'id="options"' in rules


def _choice_labels(page: str, option: str) -> dict[str, str]:
    """The labels of an option's choices as the set-up form's select shows them."""
    select = re.search(rf'<select name="option_{option}".*?</select>', page, re.S)
    assert select, option
    return dict(re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', select.group(0)))


def _section(page: str, anchor: str) -> str:
    found = re.search(rf'<(li|p) id="{anchor}">(.*?)</\1>', page, re.S)
    assert found, anchor
    return found.group(2)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("key", "option", "values", "anchor"),
    [
        ("cabo", "kamikaze", ("zero_call", "twelves"), "kamikaze"),
        ("escoba", "top_tie", ("cascade",), "top-tie"),
    ],
)
def test_the_rules_page_names_an_options_choices_as_the_set_up_does(
    client, language, key, option, values, anchor
):
    headers = {"accept-language": language}
    labels = _choice_labels(client.get(f"/matches/new/{key}/", headers=headers).text, option)
    rules = _section(client.get(f"/rules/{key}/", headers=headers).text, anchor)
    for value in values:
        assert labels[value] in rules, (language, value, labels[value])


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "2 symbols"), ("fr", "2 symboles"), ("nl", "2 symbolen")],
)
def test_a_cabanga_card_is_read_out_with_its_symbols(client, language, said):
    # QA48: the dots that decide the minus points were hidden from a screen reader, each
    # card read as "17 bleu" alone.
    client.cookies["django_language"] = language
    page = client.get("/rules/cabanga/walkthrough/8/").content.decode()
    labels = re.findall(r'role="img" aria-label="([^"]+)"', page)
    assert any(label.endswith(f", {said}") for label in labels)
