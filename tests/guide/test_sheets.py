"""Quick references, table questions, the Cabo card lookup and the value tables: what
they show, in every language."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

LANGUAGES = ("en", "fr", "nl")
HTMX = {"HX-Request": "true"}


def get(client, url, language="en", **params):
    # The locale middleware leaves the language active: give the next tests theirs back.
    with translation.override("en"):
        return client.get(url, params, headers={"accept-language": language})


def test_the_cabo_value_table_has_a_power_column_and_a_joker_row(client):
    page = get(client, "/rules/cabo/").text
    table = page.split('class="guide-values"')[1].split("</table>")[0]
    assert '<th class="power">Power</th>' in table
    assert "Peek: look at one of your own cards" in table
    assert "Swap: swap one of your cards with an opponent&#x27;s" in table
    assert 'aria-label="joker"' in table
    official = get(client, "/rules/cabo/", preset="official").text
    assert "Spy: look at one card of an opponent" in official.split('class="guide-values"')[1]


def test_the_escoba_value_table_sets_both_decks_side_by_side(client):
    table = get(client, "/rules/escoba/").text.split('class="guide-values"')[1]
    table = table.split("</table>")[0]
    assert "<th>Spanish deck</th>" in table and "<th>French deck</th>" in table
    # The sota is printed 10 and worth 8, like the jack of diamonds.
    row = next(r for r in table.split("<tr>") if 'aria-label="sota of oros"' in r)
    assert 'aria-label="jack of diamonds"' in row and "<td>8</td>" in row


def test_the_french_escoba_page_says_deniers(client):
    page = get(client, "/rules/escoba/", "fr").text
    assert "le plus de deniers" in page
    assert "7 de deniers" in page
    assert 'aria-label="valet de carreau"' in page


@pytest.mark.parametrize(
    ("language", "snap"),
    [
        ("en", "a card of the same <strong>value</strong>"),
        ("fr", "une carte de sa rangée de même <strong>valeur</strong>"),
        ("nl", "een kaart van dezelfde <strong>waarde</strong>"),
    ],
)
def test_every_cabo_page_snaps_by_value_as_both_seeds_say(client, language, snap):
    page = get(client, "/rules/cabo/", language).text
    assert snap in page
    assert "same rank" not in page and "même rang" not in page


def test_the_dutch_cabo_page_carries_the_dutch_sheets_variants(client):
    page = get(client, "/rules/cabo/", "nl").text
    assert "Open gluur-opstelling" in page and "Geen slag-afleggen" in page
    assert "Die speler verliest" in page


def section(page: str, anchor: str) -> str:
    start = page.index(f'<section id="{anchor}">')
    return page[start : page.index("</section>", start)]


POWERS = {
    "en": ("A 7, 8, 9, 10, jack or queen you discard", "French sheet", "Dutch sheet"),
    "fr": ("Un 7, 8, 9, 10, valet ou dame que vous défaussez", "française", "néerlandaise"),
    "nl": (
        "Leg je een 7, 8, 9 of 10, een boer of een vrouw af",
        "Franse regels",
        "Nederlandse regels",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("url", "anchor"),
    [
        ("/rules/cabo/", "powers"),
        ("/rules/cabo/quick/", "quick-powers"),
        ("/rules/cabo/faq/", "faq-discard-power"),
    ],
)
def test_every_language_gives_both_sheets_powers_and_leaves_the_choice_to_the_table(
    client, language, url, anchor
):
    """QA: two phones at one table showed two rules, the Dutch page giving a power to any
    discard, the French one to a card discarded straight from the stock only."""
    powers = section(get(client, url, language).text, anchor)
    intro, french, dutch = POWERS[language]
    # The French sheet's rule first, then the Dutch sheet's, in every language.
    assert powers.index(french) < powers.index(dutch)
    if anchor == "powers":
        # The powers said for any discard, no sheet's answer taken as the rule.
        assert intro in powers
        assert powers.count("<li><strong>") == 5  # three powers, then the two sheets


@pytest.mark.parametrize(
    ("language", "texts"),
    [
        ("en", ("Dutch</em>, <em>Golf</em> or <em>Cambio", "the highest deals", "third (2025)")),
        ("fr", ("sans regarder celle-ci avant", "la plus haute donne", "troisième (2025)")),
        ("nl", ("zonder die eerst te bekijken", "de hoogste heeft", "derde (2025)")),
    ],
)
def test_the_cabo_pages_carry_what_the_seeds_add(client, language, texts):
    page = get(client, "/rules/cabo/", language).text
    for text in texts:
        assert text in page


@pytest.mark.parametrize(
    ("language", "heading", "texts"),
    [
        ("en", "Cabo at a glance", ("Your turn", "same <strong>value</strong>", "Peek: look")),
        ("fr", "Cabo en bref", ("À votre tour", "même <strong>valeur</strong>", "Coup d’œil")),
        (
            "nl",
            "Cabo in één oogopslag",
            ("Jouw beurt", "dezelfde <strong>waarde</strong>", "Gluren"),
        ),
    ],
)
def test_the_cabo_quick_reference_fits_the_table(client, language, heading, texts):
    page = get(client, "/rules/cabo/quick/", language).text
    assert f"<h1>{heading}</h1>" in page
    for text in texts:
        assert text in page
    assert 'href="/rules/cabo/cards/"' in page


@pytest.mark.parametrize(
    ("language", "kamikaze", "reset"),
    [
        ("en", ("two 12s and two 13s", "exactly 50"), ("exactly 100", "drops to 50")),
        ("fr", ("deux 12 et deux 13", "exactement 50"), ("exactement 100", "redescend à 50")),
        ("nl", ("twee 12's en twee 13's", "precies 50"), ("precies 100", "zakt naar 50")),
    ],
)
def test_the_cabo_quick_reference_scores_the_official_deck_s_two_extra_rules(
    client, language, kamikaze, reset
):
    """RULES.md, Cabo 4 and 5: the official preset plays `kamikaze` = twelves and
    `reset_at_100` = once; the quick reference left both out (QA)."""
    scoring = section(get(client, "/rules/cabo/quick/", language).text, "quick-scoring")
    for text in (*kamikaze, *reset):
        assert text in scoring
    # The tie comes before the failed call, so "+ 10" never reads as overruling it.
    items = scoring.split("<li>")[1:]
    assert "+ 10" not in items[0] and "+ 10" not in items[1] and "+ 10" in items[2]


def test_the_escoba_quick_reference_lists_every_common_fifteen(client):
    page = get(client, "/rules/escoba/quick/").text
    fifteens = page.split('class="guide-fifteens"')[1].split("</ul>")[0]
    assert fifteens.count("<li>") == 18
    # rey + 3 + 2, the capture the walkthrough once forgot.
    names = ('aria-label="rey of oros"', 'aria-label="3 of oros"', 'aria-label="2 of oros"')
    assert any(all(name in item for name in names) for item in fifteens.split("<li>"))
    # A rey's corner says 12: its value, 10, is given beside the cards.
    assert "10 + 3 + 2" in fifteens
    # No card twice in one fifteen (QA: three 5 of oros): 5 + 5 + 5 in three suits.
    for item in fifteens.split("<li>")[1:]:
        cards = re.findall(r'aria-label="([^"]+)"', item)
        assert len(cards) == len(set(cards)), cards
    assert any(
        all(f'aria-label="5 of {suit}"' in item for suit in ("oros", "copas", "espadas"))
        for item in fifteens.split("<li>")
    )


@pytest.mark.parametrize(
    ("language", "symbols"),
    [
        ("en", ("1 symbol", "3 symbols")),
        ("fr", ("1 symbole", "3 symboles")),
        ("nl", ("1 symbool", "3 symbolen")),
    ],
)
@pytest.mark.parametrize("page", ["/rules/cabanga/quick/", "/rules/cabanga/"])
def test_the_cabanga_value_table_counts_symbols_in_its_card_column(client, language, symbols, page):
    text = get(client, page, language).text
    one, three = symbols
    # Minus points as the board counts them, a total climbing to the threshold: not
    # "−1", which a scorer would type (QA23).
    assert re.search(rf"<td>{one}</td>\s*<td>1</td>", text)
    assert re.search(rf"<td>{three}</td>\s*<td>3</td>", text)
    assert "−" not in text[text.index("guide-values") :].split("</table>")[0]


@pytest.mark.parametrize(
    ("game", "language", "question"),
    [
        ("cabo", "en", "May I look at my card before swapping it?"),
        ("cabo", "fr", "Puis-je regarder ma carte avant de l’échanger\u00a0?"),
        ("cabo", "nl", "Mag ik mijn kaart bekijken voordat ik hem ruil?"),
        ("escoba", "en", "Who gets the cards left on the table at the end?"),
        ("escoba", "fr", "Nous avons cinq deniers chacun\u00a0?"),
        ("escoba", "nl", "We hebben alleen een kaartspel van 52 kaarten?"),
        ("cabanga", "en", "Who may throw, and which cards?"),
        ("cabanga", "fr", "La pioche de pénalité est vide\u00a0?"),
        ("cabanga", "nl", "Wanneer stopt de ronde?"),
    ],
)
def test_every_game_answers_its_table_questions(client, game, language, question):
    page = get(client, f"/rules/{game}/faq/", language).text
    assert question.replace("'", "&#x27;") in page or question in page


@pytest.mark.parametrize("url", ["/rules/poker/quick/", "/rules/poker/faq/"])
def test_an_unknown_game_has_no_sheets(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("url", ["/rules/cabo/quick/", "/rules/cabo/faq/", "/rules/cabo/cards/"])
def test_the_sheets_refuse_posting(client, url):
    assert client.post(url).status_code == 405


def answer(page: str) -> str:
    return page.split('id="answer"')[1].split("</section>")[0]


def test_the_card_lookup_tells_a_queen_s_points_power_and_snaps(client):
    shown = answer(get(client, "/rules/cabo/cards/", card="QH").text)
    assert "Queen of hearts" in shown
    assert "French rules</dt>" in shown and "10 points" in shown
    assert "Dutch rules</dt>" in shown and "12 points" in shown
    assert "Swap: swap one of your cards" in shown
    french_snaps = shown.split("French rules")[1].split("Dutch rules")[0]
    for name in ("10 of spades", "jack of spades", "queen of spades", "king of spades"):
        assert f'aria-label="{name}"' in french_snaps
    dutch_snaps = shown.split("Dutch rules")[1]
    assert 'aria-label="jack of spades"' not in dutch_snaps


def test_the_card_lookup_knows_the_red_king_the_joker_and_the_cabo_deck(client):
    red_king = answer(get(client, "/rules/cabo/cards/", card="KH").text)
    assert "0 points" in red_king and "−1 point</dd>" in red_king  # a minus sign, one point
    assert "-1" not in red_king
    assert answer(get(client, "/rules/cabo/cards/", card="kh").text) == red_king  # typed
    assert "None." in red_king
    joker = answer(get(client, "/rules/cabo/cards/", card="JK").text)
    assert "Only with the Jokers option" in joker
    seven = answer(get(client, "/rules/cabo/cards/", card="7").text)
    assert "Official Cabo deck" in seven and "Peek: look at one of your own cards" in seven


@pytest.mark.parametrize(
    ("language", "texts"),
    [
        ("fr", ("Dame de cœur", "Échange\u00a0: échangez", "Règles néerlandaises")),
        ("nl", ("Hartenvrouw", "Wisselen: ruil", "Nederlandse regels")),
    ],
)
def test_the_card_lookup_speaks_the_readers_language(client, language, texts):
    shown = answer(get(client, "/rules/cabo/cards/", language, card="QH").text)
    for text in texts:
        assert text in shown


def test_the_card_lookup_answers_htmx_with_the_answer_alone(client):
    response = client.get("/rules/cabo/cards/", {"card": "9S"}, headers=HTMX)
    assert "<html" not in response.text
    assert 'id="answer"' in response.text and "Spy: look" in response.text
    assert "HX-Request" in response["Vary"]


def test_an_unknown_card_is_a_message_not_a_crash(client):
    response = client.get("/rules/cabo/cards/", {"card": "ZZ"})
    assert response.status_code == 200
    assert "That card is not in the game: tap one of the cards below." in answer(response.text)
    assert "ZZ" not in answer(response.text)


def test_every_card_of_the_lookup_is_a_link_that_works_without_javascript(client):
    page = client.get("/rules/cabo/cards/").text
    links = re.findall(r'class="guide-card-link" href="\?card=([^"]+)"', page)
    assert len(links) == 15 + 14
    for code in links:
        assert " point" in answer(client.get("/rules/cabo/cards/", {"card": code}).text)


@pytest.mark.parametrize(
    ("language", "french_rule"),
    [
        ("en", "the other player holding that lowest hand scores 0"),
        ("fr", "l’autre joueur qui a cette main la plus basse marque 0"),
        ("nl", "daar krijgt de andere speler met die laagste hand 0"),
    ],
)
def test_the_cabo_faq_gives_a_tied_call_as_the_engine_scores_it(client, language, french_rule):
    """RULES.md, Cabo 3: after a failed call, under `failed_lowest_zero` (the French
    preset), a non-caller with the lowest hand scores 0, a caller's tie partner too."""
    page = get(client, "/rules/cabo/faq/", language).text
    answer = page.split('id="faq-caller-tie"')[1].split("</section>")[0]
    assert french_rule in answer


def test_the_quick_reference_switches_its_card_values_in_place(client):
    """The preset links land on the values they change, as on the rules page."""
    page = get(client, "/rules/cabo/quick/", "en").text
    assert '<section id="quick-values">' in page
    assert 'href="?preset=nl#quick-values"' in page and "#values" not in page
    rules = get(client, "/rules/cabo/", "en").text
    assert '<section id="values">' in rules and 'href="?preset=nl#values-changed"' in rules


@pytest.mark.parametrize(
    ("language", "said", "misread"),
    [
        ("en", "always used as a single deck, never two", "played on its own"),
        ("fr", "toujours en un seul paquet, jamais deux", "se joue toujours seul"),
        ("nl", "altijd als één enkel spel, nooit twee", "speel je altijd alleen"),
    ],
)
def test_the_cabo_deck_is_said_to_be_one_deck_not_a_game_for_one(client, language, said, misread):
    """QA read "le jeu Cabo se joue toujours seul" as "you always play alone"."""
    page = get(client, "/rules/cabo/", language).text
    assert said in page
    assert misread not in page


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "with the branded deck’s rules, when it goes over it"),
        ("fr", "avec les règles du jeu officiel, quand il le dépasse"),
        ("nl", "bij de regels van het officiële spel: als het erboven komt"),
    ],
)
def test_the_cabo_glossary_ends_the_match_as_each_preset_does(client, language, said):
    # RULES.md: the official preset ends a match when a total goes over the target; the
    # glossary said "reaches" for every preset, against the page's own "End of the match".
    glossary = get(client, "/rules/cabo/", language).text.split("<dl")[-1]
    assert said in glossary


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Leave a table of fifteen or more"),
        ("fr", "laissez une table de quinze ou plus"),
        ("nl", "laat dan een tafel van vijftien of meer achter"),
    ],
)
def test_the_escoba_tip_leaves_a_table_no_card_sweeps(client, language, said):
    # A table of exactly fifteen is safe too: no card is worth 0 (the tip said "above").
    assert said in get(client, "/rules/escoba/", language).text


@pytest.mark.parametrize(
    ("language", "french", "dutch"),
    [
        ("en", "French sheet:", "Dutch sheet:"),
        ("fr", "Règle française\u00a0:", "Règle néerlandaise\u00a0:"),
        ("nl", "Franse regels:", "Nederlandse regels:"),
    ],
)
def test_the_card_lookup_gives_both_sheets_powers_in_one_order(client, language, french, dutch):
    """QA: the Dutch note made the Dutch sheet's rule the default, en and fr the French."""
    shown = answer(get(client, "/rules/cabo/cards/", language, card="9S").text)
    note = shown.split('<p class="small muted">')[1].split("</p>")[0]
    assert note.index(french) < note.index(dutch)
    assert "uit welke bron" not in note


def test_the_english_cabo_pages_quote_the_sheets_in_english(client):
    faq = get(client, "/rules/cabo/faq/").text
    assert "“without looking at it first”" in faq and "sans la regarder" not in faq
    glossary = get(client, "/rules/cabo/").text.split("<dl")[-1]
    assert "<dt>Row</dt>" in glossary  # as fr "Rangée" and nl "Rij"


@pytest.mark.parametrize(
    ("url", "said", "gone"),
    [
        ("/rules/cabo/", "exactement 50 points", "tout rond"),
        ("/rules/cabo/", "La donne passe au joueur suivant", "Le donneur change d’une place"),
        ("/rules/cabanga/", "La donne passe au joueur suivant", "Le donneur change d’une place"),
        ("/rules/escoba/", "le score le plus élevé l’emporte", "le plus gros score"),
        ("/rules/escoba/quick/", "Le dernier à avoir pris ramasse", "Le dernier à capturer"),
        ("/rules/escoba/quick/", "ce point n’est attribué à personne", "Une égalité pour le plus"),
        ("/rules/escoba/faq/", "ce point n’est attribué à personne", "Une égalité pour le plus"),
    ],
)
def test_the_french_pages_say_it_plainly(client, url, said, gone):
    page = get(client, url, "fr").text
    assert said in page and gone not in page


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("/rules/cabo/", "elke andere speler met de laagste hand aan tafel 0"),
        ("/rules/cabo/quick/", "elke andere speler met de laagste hand aan tafel krijgt 0"),
        ("/rules/escoba/quick/", "Bij een gelijke stand voor de meeste kaarten, oros of zevens"),
        (
            "/rules/escoba/faq/",
            "Bij een gelijke stand gaat het punt voor de meeste oros naar niemand",
        ),
    ],
)
def test_the_dutch_pages_say_it_plainly(client, url, said):
    # RULES.md, Cabo 3: every non-caller whose hand is the lowest of the table scores 0.
    assert said in get(client, url, "nl").text
