"""How a card looks and is called on the guide's pages, in the reader's language.

Card names are vocabulary, like the per-language rules pages: a French player says
"dame de cœur", a Dutch one "hartenvrouw". They are kept here as data, one table per
language, so that a card always reads the way it is printed in that language.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.utils.translation import get_language

LANGUAGES = ("en", "fr", "nl")

FRENCH_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FRENCH_RANK_LETTERS = {
    "en": {"J": "J", "Q": "Q", "K": "K"},
    "fr": {"J": "V", "Q": "D", "K": "R"},
    "nl": {"J": "B", "Q": "V", "K": "H"},
}
FRENCH_RANK_NAMES = {
    "en": {"A": "ace", "J": "jack", "Q": "queen", "K": "king"},
    "fr": {"A": "as", "J": "valet", "Q": "dame", "K": "roi"},
    "nl": {"A": "aas", "J": "boer", "Q": "vrouw", "K": "heer"},
}
FRENCH_SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "fr": {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"},
    "nl": {"S": "schoppen", "H": "harten", "D": "ruiten", "C": "klaveren"},
}
FRENCH_NAME = {"en": "{rank} of {suit}", "fr": "{rank} de {suit}", "nl": "{suit}{rank}"}

# Spanish cards keep their Spanish names, except that French says "deniers" for oros
# (seed escoba-fr: "le plus de deniers", "le sept de deniers") and each language its
# own word for the ace.
SPANISH_SUITS = {"O": "oros", "C": "copas", "E": "espadas", "B": "bastos"}
SPANISH_SUIT_NAMES = {
    "en": SPANISH_SUITS,
    "fr": {"O": "deniers", "C": "copas", "E": "espadas", "B": "bastos"},
    "nl": SPANISH_SUITS,
}
SPANISH_FIGURES = {10: "sota", 11: "caballo", 12: "rey"}
SPANISH_ACE = {"en": "ace", "fr": "as", "nl": "aas"}
SPANISH_NAME = {"en": "{rank} of {suit}", "fr": "{rank} de {suit}", "nl": "{suit} {rank}"}
# The same 40 cards in a French 52-card deck stripped of its 8s, 9s and 10s (seed
# escoba-fr: "un jeu de 52 privé des huit, neuf et dix"; its worked example plays ♦ for
# oros): jack for sota, queen for caballo, king for rey.
SPANISH_TO_FRENCH_SUIT = {"O": "D", "C": "H", "E": "S", "B": "C"}
SPANISH_TO_FRENCH_RANK = {1: "A", 10: "J", 11: "Q", 12: "K"}
# Feminine card names in French ("la dame", "la sota"); every other name is masculine.
FRENCH_FEMININE = ("dame", "sota", "carte")

CABANGA_COLOURS = {"R": "red", "B": "blue", "P": "purple", "Y": "yellow"}
CABANGA_COLOUR_NAMES = {
    "en": {"R": "red", "B": "blue", "P": "purple", "Y": "yellow"},
    "fr": {"R": "rouge", "B": "bleu", "P": "violet", "Y": "jaune"},
    "nl": {"R": "rode", "B": "blauwe", "P": "paarse", "Y": "gele"},
}
CABANGA_NAME = {"en": "{colour} {number}", "fr": "{number} {colour}", "nl": "{colour} {number}"}
# What a Cabanga! card's dots say, read out with its name (QA48: "17 bleu" alone).
CABANGA_MARKS = {
    "en": ("{n} symbol", "{n} symbols"),
    "fr": ("{n} symbole", "{n} symboles"),
    "nl": ("{n} symbool", "{n} symbolen"),
}
CABANGA_START_NAME = {
    "en": "start card {number}",
    "fr": "carte de départ {number}",
    "nl": "startkaart {number}",
}


def language() -> str:
    """The active language when the guide has it, else English."""
    code = (get_language() or "en").split("-")[0]
    return code if code in LANGUAGES else "en"


@dataclass(frozen=True)
class Card:
    """What a template needs to draw one card: its corner, its suit and its name."""

    code: str
    rank: str
    suit: str
    tone: str
    name: str
    marks: int = 0

    @property
    def the(self) -> str:
        """The name with its definite article: "the 7 of clubs", "l’as de bastos", "de rode 5"."""
        return definite(self.name)

    @property
    def spoken(self) -> str:
        """The name as read out: with a Cabanga! card's symbols, which score."""
        if not self.marks:
            return self.name
        one, many = CABANGA_MARKS[language()]
        return f"{self.name}, {(one if self.marks == 1 else many).format(n=self.marks)}"

    @property
    def dots(self) -> str:
        """The symbols of a Cabanga! card, one dot each."""
        return "●" * self.marks


def definite(name: str) -> str:
    lang = language()
    if lang == "nl":
        return f"de {name}"
    if lang == "fr":
        if name[:1] in "aeiouéh" and not name[:1].isdigit():
            return f"l’{name}"
        return f"la {name}" if name.startswith(FRENCH_FEMININE) else f"le {name}"
    return f"the {name}"


def french_card(code: str) -> Card:
    """A card of the 52-card deck ("QH", "10S"), a joker ("JK") or a branded Cabo card ("7")."""
    lang = language()
    if code == "JK":
        return Card(code, "★", "", "joker", {"en": "joker", "fr": "joker", "nl": "joker"}[lang])
    if code.isdigit():
        return Card(code, code, "", "cabo-deck", code)
    rank, suit = code[:-1], code[-1]
    letter = FRENCH_RANK_LETTERS[lang].get(rank, rank)
    tone = "red" if suit in "HD" else "black"
    rank_name = FRENCH_RANK_NAMES[lang].get(rank, rank)
    suit_name = FRENCH_SUIT_NAMES[lang][suit]
    if lang == "nl" and rank.isdigit():
        name = f"{suit_name} {rank}"
    else:
        name = FRENCH_NAME[lang].format(rank=rank_name, suit=suit_name)
    return Card(code, letter, FRENCH_SUITS[suit], tone, name)


def spanish_card(code: str) -> Card:
    """A card of the 40-card Spanish deck: "7O" is the 7 of oros, "12C" the rey of copas."""
    lang = language()
    number, suit = int(code[:-1]), code[-1]
    suit_name = SPANISH_SUIT_NAMES[lang][suit]
    rank_name = SPANISH_ACE[lang] if number == 1 else SPANISH_FIGURES.get(number, str(number))
    connector = SPANISH_NAME[lang]
    if lang == "fr" and suit_name[0] in "aeiou":  # French elides: "7 d’espadas"
        connector = "{rank} d’{suit}"
    name = connector.format(rank=rank_name, suit=suit_name)
    return Card(code, str(number), SPANISH_SUITS[suit], f"suit-{SPANISH_SUITS[suit]}", name)


def stripped_french_card(code: str) -> Card:
    """A card of the 40-card Spanish deck shown as its French-deck twin: "10O" is the J♦.
    Its code stays the Spanish one, the card's code in the 40-card game (a form sends it)."""
    number, suit = int(code[:-1]), code[-1]
    twin = french_card(
        SPANISH_TO_FRENCH_RANK.get(number, str(number)) + SPANISH_TO_FRENCH_SUIT[suit]
    )
    return replace(twin, code=code)


def cabanga_card(code: str, marks: int = 0) -> Card:
    """A Cabanga! card: a colour letter and a number ("R10"), or a start card ("S12")."""
    lang = language()
    letter, number = code[0], code[1:]
    if letter == "S":
        return Card(
            code, number, "", "cabanga-start", CABANGA_START_NAME[lang].format(number=number)
        )
    colour = CABANGA_COLOURS[letter]
    name = CABANGA_NAME[lang].format(colour=CABANGA_COLOUR_NAMES[lang][letter], number=number)
    return Card(code, number, "", f"cabanga-{colour}", name, marks)
