"""The words the app uses for each idea of the games, one per idea and language.

A rules text that calls one thing by two names (“rangée” here, “ligne” there) teaches two
rules; tests/guide/test_glossary.py holds the catalogues and the rules pages to these
words. ``avoid`` lists the other names (regular expressions) that must not come back.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    idea: str
    word: str
    avoid: tuple[str, ...] = ()


# Any language: a plural is a real plural (ngettext), never "card(s)" or "strafkaart(en)".
NO_PARENTHESISED_PLURAL = r"\w\((s|en|es)\)"

GLOSSARY: dict[str, tuple[Term, ...]] = {
    "en": (
        Term(
            "Cabo: a card of the same value put on the discard pile",
            "snap",
            (r"card of the same rank",),
        ),
        Term("a named set of options", "house rules", (r"rule ?set",)),
        Term("Escoba: the coins suit", "oros", (r"\bcoins? suit\b",)),
        Term("option values shown by their internal codes", "French", (r"“(fr|nl|deck)”",)),
        Term("plural", "cards", (NO_PARENTHESISED_PLURAL,)),
    ),
    "fr": (
        Term("Cabo: the cards in front of a player", "rangée", (r"\b(sa|votre|leur|ta) ligne\b",)),
        Term("Cabo: a snap", "défausse éclair", (r"une carte de même rang",)),
        Term(
            "a named set of options",
            "règles maison",
            (r"jeux? de règles", r"\b(la|une) variante\b"),
        ),
        Term("the game's name", "Cabanga!", (r"Cabanga[ \u00a0\u202f]!",)),
        Term("Escoba: the coins suit (seed: deniers)", "deniers", (r"(?<!\()\boros\b",)),
        Term("Escoba: one deal", "donne", (r"\bmanche d['’]escoba\b",)),
        Term("option values shown by their internal codes", "françaises", (r"« ?(fr|nl|deck) ?»",)),
        Term("plural", "cartes", (NO_PARENTHESISED_PLURAL,)),
    ),
    "nl": (
        Term("Cabo: a snap", "slag-afleggen", (r"een kaart van dezelfde rang",)),
        Term("a named set of options", "huisregels", (r"set spelregels", r"\b(de|een) variant\b")),
        Term(
            "Spanish card names: suit, space, rank",
            "oros 7",
            (r"\b(oros|copas|espadas|bastos)-\w",),
        ),
        Term("Cabo: the penalty card", "strafkaart", (r"boetekaart",)),
        Term("option values shown by their internal codes", "Franse", (r"“(fr|nl|deck)”",)),
        # The board's "Correct round 2", also said of a round kept on the phone (QA: the
        # list said "verbeteren", the form it opens "corrigeren").
        Term("correcting a round", "corrigeren", (r"\b[Vv]erbeter(en)? (hem|er|met)\b",)),
        Term("plural", "kaarten", (NO_PARENTHESISED_PLURAL,)),
    ),
}
