"""“That Ana is me”: an account says which seat was its player; its statistics follow."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from scorepad.accounts.claims import record_of
from scorepad.accounts.models import Claim
from scorepad.matches import services, sharing
from scorepad.matches.models import Owner, ShareLink
from tests.matches.helpers import text_of
from tests.records.conftest import build, build_match, client_of
from tests.records.matches import CABO_FR, CABO_TIEBREAK, ESCOBA, ESCOBA_TEAMS_WON

pytestmark = pytest.mark.django_db
STATISTICS = reverse("accounts:statistics")
SEATS = reverse("accounts:seats")


def claim_url(match) -> str:
    return reverse("accounts:claim", args=[match.pk])


@pytest.fixture
def anas(ana) -> Owner:
    return Owner.objects.create(user=ana)


def test_the_account_says_which_seat_is_its_player_in_its_own_match(ana, anas, ana_phone):
    match = build(anas, CABO_FR)
    content = ana_phone.get(claim_url(match)).content.decode()
    assert 'type="radio" name="seat" value="0"' in content and "Ben" in content
    response = ana_phone.post(claim_url(match), {"seat": "0"})
    landing = f"{SEATS}?claimed={match.pk}#match-{match.pk}"
    assert response.status_code == 302 and response["Location"] == landing
    claim = Claim.objects.get()
    assert (claim.user, claim.match, claim.position, claim.name) == (ana, match, 0, "Ana")
    assert "You said you are Ana." in ana_phone.get(claim_url(match)).content.decode()
    assert "You are Ana." in ana_phone.get(SEATS).content.decode()


def test_one_claim_per_match_a_second_choice_moves_it(ana, anas, ana_phone):
    match = build(anas, CABO_FR)
    ana_phone.post(claim_url(match), {"seat": "0"})
    ana_phone.post(claim_url(match), {"seat": "1"})
    assert list(Claim.objects.values_list("position", flat=True)) == [1]


def test_a_seat_another_account_claimed_is_refused_next_to_the_field(ana, ben, anas, ana_phone):
    match = build(anas, CABO_FR)
    Claim.objects.create(user=ben, match=match, position=0)
    response = ana_phone.post(claim_url(match), {"seat": "0"})
    assert response.status_code == 422
    content = response.content.decode()
    assert "Another account already said it is Ana in this match." in content
    assert 'id="id_seat_error"' in content
    assert not Claim.objects.filter(user=ana).exists()


def test_a_seat_another_account_claimed_is_said_before_it_is_tapped(ana, ben, anas, ana_phone):
    match = build(anas, CABO_FR)
    Claim.objects.create(user=ben, match=match, position=0)
    content = ana_phone.get(claim_url(match)).content.decode()
    assert "Ana · taken by another account" in content
    assert "Ben · taken" not in content


@pytest.mark.parametrize(
    ("spec", "language", "said"),
    [
        (ESCOBA, "fr", "Partie d’Escoba du "),
        (CABO_FR, "fr", "Partie de Cabo du "),
        (ESCOBA, "en", "Escoba match of "),
    ],
)
def test_the_claim_page_names_the_game_as_its_language_writes_it(
    anas, ana_phone, spec, language, said
):
    match = build(anas, spec)
    content = ana_phone.get(claim_url(match), headers={"Accept-Language": language})
    assert said in content.content.decode()


def test_a_seat_taken_at_the_same_moment_gets_the_same_message(
    ana, ben, anas, ana_phone, monkeypatch
):
    from scorepad.accounts.forms import ClaimForm

    match = build(anas, CABO_FR)
    Claim.objects.create(user=ben, match=match, position=0)
    # The other account's claim landed after this form's check: the constraint decides.
    monkeypatch.setattr(ClaimForm, "clean_seat", lambda form: form.cleaned_data["seat"])
    response = ana_phone.post(claim_url(match), {"seat": "0"})
    assert response.status_code == 422
    assert "Another account already said it is Ana" in response.content.decode()


def test_choosing_no_seat_is_told_and_a_seat_not_offered_is_a_bad_request(anas, ana_phone):
    match = build(anas, CABO_FR)
    response = ana_phone.post(claim_url(match), {})
    assert response.status_code == 422
    # In the words of the form, beside the players (QA46), not Django's "field required".
    assert response.context["form"].errors["seat"] == ["Choose a player."]
    assert 'id="id_seat_error"' in response.content.decode()
    assert ana_phone.post(claim_url(match), {"seat": "7"}).status_code == 400
    assert ana_phone.post(claim_url(match), {"seat": "x"}).status_code == 400
    assert not Claim.objects.exists()


def test_nobody_claims_a_seat_in_a_match_they_cannot_see(anas, ben_phone, stranger, client):
    match = build(anas, CABO_FR)
    assert ben_phone.get(claim_url(match)).status_code == 404
    assert ben_phone.post(claim_url(match), {"seat": "0"}).status_code == 404
    anonymous = client.post(claim_url(match), {"seat": "0"})
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(
        reverse("accounts:log_in")
    )
    assert not Claim.objects.exists()


def test_a_claim_is_made_only_for_the_asking_account(ana, ben, anas, ana_phone):
    """No field names the account: a post cannot attach a seat to someone else."""
    match = build(anas, CABO_FR)
    ana_phone.post(claim_url(match), {"seat": "1", "user": str(ben.pk)})
    assert list(Claim.objects.values_list("user", flat=True)) == [ana.pk]


def test_the_claim_page_refuses_other_methods(anas, ana_phone):
    match = build(anas, CABO_FR)
    assert ana_phone.put(claim_url(match)).status_code == 405


def test_my_statistics_add_up_the_claimed_seats_across_scorers(ana, anas, ana_phone, stranger):
    # Ana's own match, where she sat as "Ana" and won; a friend's, where she was "Ben".
    build(anas, CABO_FR)
    theirs = build(stranger, CABO_FR)
    Claim.objects.create(user=ana, match=anas.matches.get(), position=0)
    Claim.objects.create(user=ana, match=theirs, position=1)
    record = record_of(ana)
    cabo = record.games["cabo"]
    assert (record.played, record.wins, cabo.played, cabo.wins) == (2, 1, 2, 1)
    content = ana_phone.get(STATISTICS).content.decode()
    assert "Matches played" in content and "Cabo" in content


def test_my_statistics_sum_each_figure_of_the_seat_not_the_name(ana, anas, stranger):
    from scorepad.records.stats import player_record
    from tests.records.matches import state_of

    build(anas, CABO_TIEBREAK)
    theirs = build(stranger, CABO_FR)
    Claim.objects.create(user=ana, match=anas.matches.get(), position=2)  # Chloé
    Claim.objects.create(user=ana, match=theirs, position=0)  # Ana
    expected_chloe = player_record("Chloé", [state_of(CABO_TIEBREAK)]).games["cabo"].events
    expected_ana = player_record("Ana", [state_of(CABO_FR)]).games["cabo"].events
    assert record_of(ana).games["cabo"].events == expected_chloe + expected_ana


def test_only_counted_matches_add_up(ana, anas):
    from django.utils import timezone

    match = build(anas, ESCOBA)
    Claim.objects.create(user=ana, match=match, position=0)
    assert record_of(ana).played == 1
    match.deleted_at = timezone.now()
    match.save()
    assert record_of(ana).played == 0


def test_my_statistics_say_the_team_note_once_a_claimed_seat_played_in_a_team(ana, anas, ana_phone):
    note = "In a team, the team&#x27;s figures count for each partner."
    Claim.objects.create(user=ana, match=build(anas, ESCOBA), position=0)
    content = ana_phone.get(STATISTICS).content.decode()
    assert "Velo taken" in content and note not in content
    Claim.objects.create(user=ana, match=build(anas, ESCOBA_TEAMS_WON), position=1)
    assert note in ana_phone.get(STATISTICS).content.decode()


def test_my_statistics_take_a_fixed_number_of_queries(ana, anas, ana_phone, stranger):
    def queries() -> int:
        with CaptureQueriesContext(connection) as context:
            assert ana_phone.get(STATISTICS).status_code == 200
        return len(context.captured_queries)

    Claim.objects.create(user=ana, match=build(stranger, CABO_FR), position=0)
    queries()  # the first page of the day also renews the session
    few = queries()
    for spec in (CABO_FR, ESCOBA, CABO_TIEBREAK, ESCOBA):
        Claim.objects.create(user=ana, match=build(stranger, spec), position=1)
    assert queries() == few


def test_a_claim_is_released_by_its_account_only(ana, anas, ana_phone, ben_phone, client):
    match = build(anas, CABO_FR)
    claim = Claim.objects.create(user=ana, match=match, position=0)
    release = reverse("accounts:release", args=[claim.pk])
    assert ben_phone.post(release).status_code == 404
    assert client.post(release).status_code == 302
    assert ana_phone.get(release).status_code == 405
    assert Claim.objects.exists()
    response = ana_phone.post(release)
    assert response.status_code == 302 and response["Location"] == STATISTICS
    assert not Claim.objects.exists()
    assert record_of(ana).played == 0


def test_the_seats_page_lists_only_the_accounts_own_matches(anas, ana_phone, stranger, client):
    mine = build(anas, CABO_FR)
    theirs = build(stranger, ESCOBA)
    content = ana_phone.get(SEATS).content.decode()
    assert claim_url(mine) in content and claim_url(theirs) not in content
    assert client.get(SEATS).status_code == 302
    assert client.get(STATISTICS).status_code == 302


def test_the_seats_page_tells_two_matches_of_one_evening_apart(anas, ana_phone):
    """QA36: two Cabo matches of the same day with the same players read alike: each
    says its time, how far it went and, once over, who won."""
    finished = build(anas, CABO_FR)
    unfinished = build(anas, {**CABO_FR, "rounds": CABO_FR["rounds"][:1]})
    assert finished.finished and not unfinished.finished
    content = ana_phone.get(SEATS).content.decode()
    assert '3 rounds played · Won by <span class="name-whole">Ana</span>' in content
    # Each name of the line-up whole on a line too (QA53: "Marie-" / "Claire" at 320 px).
    assert '<span class="name-whole">Ana</span>, <span class="name-whole">Ben</span>' in content
    assert "1 round played</p>" in content
    assert f'datetime="{timezone.localtime(finished.created).isoformat()}"' in content


# Someone else's match, reached through its live link ------------------------------


def share(match, kind: str = "follow") -> ShareLink:
    return ShareLink.objects.create(match=match, kind=kind)


def followed_url(link: ShareLink) -> str:
    return reverse("accounts:claim_followed", args=[link.token])


def test_a_follower_says_which_seat_is_them_through_the_live_link(ana, ana_phone, stranger):
    match = build(stranger, CABO_FR)
    link = share(match)
    assert (
        followed_url(link)
        in ana_phone.get(reverse("live:page", args=[link.token])).content.decode()
    )
    page = ana_phone.get(followed_url(link)).content.decode()
    assert 'name="seat"' in page and reverse("live:page", args=[link.token]) in page
    response = ana_phone.post(followed_url(link), {"seat": "1"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("live:page", args=[link.token])
    board = response.content.decode()
    assert "Your statistics now count this match." in board
    assert "You are Ben: this match counts in your statistics." in text_of(board)
    assert "Which one is me?" not in board
    assert (Claim.objects.get().user, Claim.objects.get().match) == (ana, match)
    assert record_of(ana).games["cabo"].played == 1
    # The follower reaches the match only through the link, never as its owner.
    assert ana_phone.get(reverse("matches:match", args=[match.pk])).status_code == 404
    assert ana_phone.get(claim_url(match)).status_code == 404


def test_a_co_scorers_link_leads_to_the_same_question(ana_phone, stranger):
    link = share(build(stranger, CABO_FR), "score")
    assert ana_phone.post(followed_url(link), {"seat": "0"}).status_code == 302
    assert Claim.objects.count() == 1


def test_a_stopped_or_unknown_link_claims_nothing_and_says_nothing(ana_phone, stranger):
    from django.utils import timezone

    link = share(build(stranger, CABO_FR))
    link.revoked_at = timezone.now()
    link.save()
    for url in (followed_url(link), reverse("accounts:claim_followed", args=["no-such-link-" * 3])):
        response = ana_phone.post(url, {"seat": "0"})
        assert response.status_code == 404
        assert "This link no longer works" in response.content.decode()
        assert "Ana" not in response.content.decode()
    assert not Claim.objects.exists()


def test_a_follower_must_sign_in_to_claim(client, stranger):
    link = share(build(stranger, CABO_FR))
    response = client.post(followed_url(link), {"seat": "0"})
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('accounts:log_in')}?next={followed_url(link)}"
    assert not Claim.objects.exists()


def test_the_scorer_and_a_follower_cannot_both_be_one_seat(ana, ben, anas, ana_phone, ben_phone):
    match = build(anas, CABO_FR)
    ana_phone.post(claim_url(match), {"seat": "0"})
    link = share(match)
    response = ben_phone.post(followed_url(link), {"seat": "0"})
    assert response.status_code == 422
    assert "Another account already said it is Ana" in response.content.decode()
    assert ben_phone.post(followed_url(link), {"seat": "1"}).status_code == 302
    assert set(Claim.objects.values_list("user__username", "position")) == {("ana", 0), ("ben", 1)}


def test_another_accounts_statistics_and_seats_show_nothing_of_mine(ana, anas, ben_phone):
    match = build(anas, CABO_FR)
    Claim.objects.create(user=ana, match=match, position=0)
    statistics = text_of(ben_phone.get(STATISTICS).content.decode())
    assert "No finished match counts yet" in statistics and "Ana, Ben" not in statistics
    assert claim_url(match) not in ben_phone.get(SEATS).content.decode()


def test_the_claimed_matches_are_listed_a_page_at_a_time(ana, ana_phone, stranger, monkeypatch):
    from scorepad.accounts import views

    monkeypatch.setattr(views, "MATCHES_PER_PAGE", 2)
    for _ in range(3):
        Claim.objects.create(user=ana, match=build(stranger, ESCOBA), position=0)
    first = ana_phone.get(STATISTICS).content.decode()
    assert first.count('class="panel claim"') == 2 and 'href="?page=2"' in first
    second = ana_phone.get(STATISTICS, {"page": "2"}).content.decode()
    assert second.count('class="panel claim"') == 1
    assert ana_phone.get(STATISTICS, {"page": "x"}).status_code == 200
    assert "Matches played" in second and ">3<" in second


def test_the_scorer_frees_a_seat_someone_claimed_wrongly_and_its_player_claims_it(
    owner, visitor, ana, ana_phone, ben, ben_phone
):
    """The scorer needs no account: the match's owner is asking. They see which seats are
    claimed, never by whom, and a freed seat's claim is gone from that account's record."""
    match = build(owner, CABO_FR)
    Claim.objects.create(user=ben, match=match, position=0)  # Ben said he was Ana
    seats = reverse("accounts:claimed_seats", args=[match.pk])
    page = visitor.get(seats).content.decode()
    assert "claimed by an account" in page and "ben@example.org" not in page
    free = reverse("accounts:free_seat", args=[match.pk, 0])
    response = visitor.post(free)
    assert response.status_code == 302 and response["Location"] == seats
    assert not Claim.objects.filter(match=match).exists()
    assert "No player has said which seat is theirs yet." in visitor.get(seats).content.decode()
    followed = reverse("accounts:claim_followed", args=[sharing.share(match, "follow").token])
    assert ana_phone.post(followed, {"seat": "0"}).status_code == 302
    assert Claim.objects.get(match=match).user == ana


def test_only_the_matchs_owner_sees_or_frees_its_claimed_seats(owner, stranger, ben, ben_phone):
    match = build(owner, CABO_FR)
    Claim.objects.create(user=ben, match=match, position=1)
    seats = reverse("accounts:claimed_seats", args=[match.pk])
    free = reverse("accounts:free_seat", args=[match.pk, 1])
    for someone_else in (client_of(stranger), ben_phone):
        assert someone_else.get(seats).status_code == 404
        assert someone_else.post(free).status_code == 404
    assert Claim.objects.filter(match=match).count() == 1


def test_freeing_a_seat_the_match_does_not_have_is_a_404_and_a_free_one_changes_nothing(
    owner, visitor, ben
):
    match = build(owner, CABO_FR)
    Claim.objects.create(user=ben, match=match, position=1)
    assert visitor.post(reverse("accounts:free_seat", args=[match.pk, 9])).status_code == 404
    assert visitor.get(reverse("accounts:free_seat", args=[match.pk, 0])).status_code == 405
    assert visitor.post(reverse("accounts:free_seat", args=[match.pk, 0])).status_code == 302
    assert Claim.objects.filter(match=match, position=1).exists()


def test_a_claim_in_a_match_still_in_play_says_when_it_counts(ana, ana_phone, stranger):
    match = build_match(stranger, "cabo", ["Ana", "Ben"])
    link = share(match)
    response = ana_phone.post(followed_url(link), {"seat": "0"}, follow=True)
    said = "You are Ana in this match: it counts in your statistics once it is finished."
    assert said in text_of(response.content.decode())
    assert record_of(ana).played == 0


def test_what_a_claim_says_keeps_the_players_name_whole_and_escaped(ana_phone, owner, visitor):
    """QA48: "You are Anne-" / "Sophie in this match" on a narrow phone. The name is kept
    whole on a line, and escaped: a player's name is what the scorer typed."""
    match = build_match(owner, "cabo", ["<b>Zoé</b>", "Anne-Sophie"])
    zoe = '<span class="name-whole">&lt;b&gt;Zoé&lt;/b&gt;</span>'
    anne = '<span class="name-whole">Anne-Sophie</span>'
    link = share(match)
    board = ana_phone.post(followed_url(link), {"seat": "1"}, follow=True).content.decode()
    assert f"You are {anne} in this match: it counts in your statistics once it is" in board
    assert f"You are {anne}: this match counts in your statistics." in board
    ana_phone.post(followed_url(link), {"seat": "0"})
    free = reverse("accounts:free_seat", args=[match.pk, 0])
    page = visitor.post(free, follow=True).content.decode()
    assert f"{zoe} is free again: that player can now say it is them." in page
    assert "<b>Zoé" not in board + page


EVERYWHERE = reverse("accounts:claim_everywhere")


def test_one_tap_says_the_same_player_is_me_in_every_other_match(ana, ben, anas, ana_phone):
    """QA39: thirty matches were ninety taps. A claimed name is offered for every other
    match it sits in: the statistics' rule (capitals and accents aside,
    `records.names.player_key`), not a seat taken by another account, not a match
    already claimed."""
    first = build_match(anas, "cabo", ["Élodie", "Ben"])
    spellings = ("Élodie", "élodie", "ÉLODIE", "Elodie")
    others = [build_match(anas, "cabo", ["Ben", name]) for name in spellings]
    someone_else = build_match(anas, "cabo", ["Élodie B.", "Ben"])
    absent = build_match(anas, "cabo", ["Ana", "Ben"])
    already = build_match(anas, "cabo", ["Élodie", "Ben"])
    Claim.objects.create(user=ana, match=already, position=1)
    taken = build_match(anas, "cabo", ["Élodie", "Ben"])
    Claim.objects.create(user=ben, match=taken, position=0)
    seats = ana_phone.post(claim_url(first), {"seat": "0"}, follow=True).content.decode()
    assert "Élodie also sits in 4 other matches of yours." in seats
    assert f'action="{EVERYWHERE}"' in seats and 'value="Élodie"' in seats
    response = ana_phone.post(EVERYWHERE, {"name": "Élodie"}, follow=True)
    assert "You are Élodie in 4 more matches." in text_of(response.content.decode())
    mine = dict(Claim.objects.filter(user=ana).values_list("match_id", "position"))
    assert mine == {first.pk: 0, **{match.pk: 1 for match in others}, already.pk: 1}
    assert someone_else.pk not in mine and absent.pk not in mine
    assert Claim.objects.get(match=taken).user == ben
    assert "also sits in" not in response.content.decode()  # nothing more to offer


def test_a_match_said_not_me_is_not_offered_back_on_the_next_visit(ana, anas, ana_phone):
    """QA40: "Not me" on one match, then the seats page offered "I am Zoe there too" at
    its top, one tap from claiming that very match back. The offer comes with a claim
    just made, in its row, not on every visit."""
    first = build_match(anas, "cabo", ["Zoe", "Ben"])
    disowned = build_match(anas, "cabo", ["Ben", "Zoe"])
    ana_phone.post(claim_url(first), {"seat": "0"})
    ana_phone.post(claim_url(disowned), {"seat": "1"})
    claim = Claim.objects.get(match=disowned)
    ana_phone.post(reverse("accounts:release", args=[claim.pk]))
    assert not Claim.objects.filter(match=disowned).exists()
    seats = ana_phone.get(SEATS).content.decode()
    assert "also sits in" not in seats and f'action="{EVERYWHERE}"' not in seats


def test_claiming_everywhere_twice_changes_nothing_and_says_so(ana, anas, ana_phone):
    for _ in range(2):
        build_match(anas, "cabo", ["Ana", "Ben"])
    assert ana_phone.post(EVERYWHERE, {"name": "Ana"}).status_code == 302
    again = ana_phone.post(EVERYWHERE, {"name": "Ana"}, follow=True).content.decode()
    assert "No other match of yours seats Ana without saying who you are." in text_of(again)
    assert Claim.objects.filter(user=ana).count() == 2


def test_claiming_everywhere_touches_only_the_asking_accounts_matches(
    ana, ben, anas, ana_phone, ben_phone, client, stranger
):
    mine = build_match(anas, "cabo", ["Ana", "Ben"])
    build_match(stranger, "cabo", ["Ana", "Ben"])
    ben_phone.post(EVERYWHERE, {"name": "Ana"})
    assert not Claim.objects.exists()
    assert client.post(EVERYWHERE, {"name": "Ana"}).status_code == 302  # to sign in
    assert not Claim.objects.exists()
    assert ana_phone.get(EVERYWHERE).status_code == 405
    assert ana_phone.post(EVERYWHERE, {"name": ""}).status_code == 400
    ana_phone.post(EVERYWHERE, {"name": "Ana"})
    assert list(Claim.objects.values_list("user", "match")) == [(ana.pk, mine.pk)]


def test_claiming_everywhere_takes_a_fixed_number_of_queries(ana, anas, ana_phone):
    def queries(matches: int) -> int:
        Claim.objects.all().delete()
        while anas.matches.count() < matches:
            build_match(anas, "cabo", ["Ana", "Ben"])
        with CaptureQueriesContext(connection) as captured:
            ana_phone.post(EVERYWHERE, {"name": "Ana"})
        assert Claim.objects.count() == matches
        return len(captured)

    ana_phone.post(EVERYWHERE, {"name": "Nobody"})  # the session and owner looked up once
    assert queries(2) == queries(6)


def test_a_claim_lands_on_its_row_on_the_page_that_lists_it(ana, anas, ana_phone, monkeypatch):
    from scorepad.accounts import views

    monkeypatch.setattr(views, "MATCHES_PER_PAGE", 2)
    oldest, middle, _newest = (build_match(anas, "cabo", ["Ana", "Ben"]) for _ in range(3))
    response = ana_phone.post(claim_url(oldest), {"seat": "0"})
    assert response["Location"] == f"{SEATS}?page=2&claimed={oldest.pk}#match-{oldest.pk}"
    page = ana_phone.get(response["Location"]).content.decode()
    assert f'id="match-{oldest.pk}"' in page and "You are Ana." in page
    response = ana_phone.post(claim_url(middle), {"seat": "0"})
    assert response["Location"] == f"{SEATS}?claimed={middle.pk}#match-{middle.pk}"


def test_my_claimed_matches_are_listed_newest_match_first(ana, anas, ana_phone):
    old, new = build_match(anas, "cabo", ["Old", "Ben"]), build_match(anas, "cabo", ["New", "Ben"])
    Claim.objects.create(user=ana, match=new, position=0)
    Claim.objects.create(user=ana, match=old, position=0)  # claimed last
    content = text_of(ana_phone.get(STATISTICS).content.decode())
    assert content.index("Old, Ben") > content.index("New, Ben")


def finished_match(owner: Owner, first: str, second: str = "Ben"):
    """A Cabo match played to its end (CABO_FR's rounds) seating `first` and `second`."""
    rounds = [
        {"caller": first, "hands": {first: 2, second: 9}},
        {"caller": second, "hands": {first: 3, second: 5}},
        {"caller": first, "hands": {first: 1, second: ["KS", "QC", "JD"]}},
    ]
    match = build_match(owner, "cabo", [first, second], rounds, preset="fr", options={"target": 50})
    assert match.finished
    return match


def release(client, match) -> None:
    claim = Claim.objects.get(match=match)
    assert client.post(reverse("accounts:release", args=[claim.pk])).status_code == 302


def test_the_offer_after_a_claim_is_gone_once_a_match_is_said_not_me(ana, anas, ana_phone):
    """QA41: claimed, then "I am zoe there too", then "Not me" in one of those matches:
    Back to the claim's landing (or its address revisited, or reloaded) offered again
    to take that very match back, in one tap that did not say which. The offer answers
    a claim just made, once: taken, or a "Not me" said since, it is not made again."""
    first = finished_match(anas, "zoe")
    other = finished_match(anas, "Zoë")
    landing = ana_phone.post(claim_url(first), {"seat": "0"})["Location"]
    assert "also sits in 1 other match" in ana_phone.get(landing).content.decode()
    assert "also sits in 1 other match" in ana_phone.get(landing).content.decode()  # Reload
    ana_phone.post(EVERYWHERE, {"name": "zoe"})
    release(ana_phone, other)
    seats = ana_phone.get(landing).content.decode()
    assert "also sits in" not in seats and f'action="{EVERYWHERE}"' not in seats


def test_no_offer_after_a_not_me_said_before_taking_it(ana, anas, ana_phone):
    first, other, disowned = (finished_match(anas, name) for name in ("zoe", "Zoë", "Zoe"))
    ana_phone.post(claim_url(disowned), {"seat": "0"})
    landing = ana_phone.post(claim_url(first), {"seat": "0"})["Location"]
    release(ana_phone, disowned)
    assert "also sits in" not in ana_phone.get(landing).content.decode()
    assert not Claim.objects.filter(match=other).exists()


def test_no_offer_once_the_claim_it_follows_is_said_not_me(ana, anas, ana_phone):
    first, _other, earlier = (finished_match(anas, name) for name in ("zoe", "Zoë", "Zoe"))
    ana_phone.post(claim_url(earlier), {"seat": "0"})
    landing = ana_phone.post(claim_url(first), {"seat": "0"})["Location"]
    release(ana_phone, first)
    assert "also sits in" not in ana_phone.get(landing).content.decode()


def test_no_offer_once_the_claim_moved_to_another_seat_elsewhere(ana, anas, ana_phone):
    """The offer follows the seat claimed: moved to Ben's seat in another browser, the
    landing of the first claim offers Zoë's matches no more."""
    first = finished_match(anas, "zoe")
    finished_match(anas, "Zoë")
    landing = ana_phone.post(claim_url(first), {"seat": "0"})["Location"]
    Claim.objects.filter(match=first).update(position=1)
    assert "also sits in" not in ana_phone.get(landing).content.decode()


def test_a_claimed_address_naming_no_match_of_mine_offers_nothing(ana, anas, ana_phone, stranger):
    first = finished_match(anas, "zoe")
    finished_match(anas, "Zoë")
    theirs = finished_match(stranger, "Zoë")
    ana_phone.post(claim_url(first), {"seat": "0"})
    for claimed in ("nonsense", "", "9" * 40, theirs.pk):
        response = ana_phone.get(f"{SEATS}?claimed={claimed}")
        assert response.status_code == 200
        assert "also sits in" not in response.content.decode()
    first.deleted_at = timezone.now()
    first.save(update_fields=["deleted_at"])
    response = ana_phone.get(f"{SEATS}?claimed={first.pk}")
    assert response.status_code == 200 and "also sits in" not in response.content.decode()


def test_the_offer_says_the_player_as_the_statistics_do(ana, anas, ana_phone):
    """QA41: "zoe also sits in…", the claimed match's one-off spelling, where the
    statistics show the player as Zoë, typed in most matches."""
    first = finished_match(anas, "zoe")
    finished_match(anas, "Zoë")
    finished_match(anas, "Ben", "Zoë")
    seats = ana_phone.post(claim_url(first), {"seat": "0"}, follow=True).content.decode()
    assert "Zoë also sits in 2 other matches of yours." in seats
    # The name kept whole on the button's line (QA53: "Là aussi, je suis Jean-" / "Baptiste").
    assert 'I am <span class="name-whole">Zoë</span> in these 2 matches too' in seats
    assert 'value="Zoë"' in seats
    response = ana_phone.post(EVERYWHERE, {"name": "Zoë"}, follow=True)
    assert "You are Zoë in 2 more matches." in text_of(response.content.decode())


def test_statistics_with_no_claim_yet_ask_which_player_you_are(ana_phone):
    content = ana_phone.get(STATISTICS).content.decode()
    assert "No finished match counts yet: say which player you were in a match." in content
    assert "once they are finished" not in content


def test_statistics_with_a_claim_in_a_match_still_going_say_it_counts_once_finished(
    ana, anas, ana_phone
):
    """She just said which player she is: not asked again to do so (QA46)."""
    going = build(anas, {**CABO_FR, "rounds": CABO_FR["rounds"][:1]})
    Claim.objects.create(user=ana, match=going, position=0)
    content = ana_phone.get(STATISTICS).content.decode()
    assert "Your matches count here once they are finished." in content
    assert "No finished match counts yet" not in content


def test_the_claimed_matches_say_which_are_finished_abandoned_or_going(ana, anas, ana_phone):
    """QA: two rows "Cabo · 6 Dec 2026, Alice, Bob, Dan", one finished and one not,
    could not be told apart."""
    finished = build(anas, CABO_FR)
    going = build(anas, {**CABO_FR, "rounds": CABO_FR["rounds"][:1]})
    set_aside = build(anas, {**CABO_FR, "rounds": CABO_FR["rounds"][:1]})
    services.abandon_match(set_aside)
    for match in (finished, going, set_aside):
        Claim.objects.create(user=ana, match=match, position=0)
    content = ana_phone.get(STATISTICS).content.decode()
    badges = re.findall(r'<span class="badge (\w+)">([^<]+)</span>', content)
    assert sorted(badges) == [
        ("abandoned", "Abandoned"),
        ("done", "Finished"),
        ("live", "In progress"),
    ]
