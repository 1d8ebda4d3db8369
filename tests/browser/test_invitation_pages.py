"""An invitation from start to table: the creator lands on the new game's own page (its link
to share, who is invited, Start); the invited player who opens the game's address before
answering sees the invitation there, Accept and Decline; anyone else still gets nothing."""

import re

from browser_steps import BROWSER_TEST, confirmed_user, log_in
from playwright.sync_api import expect
from table_views import DESKTOP, PHONE, screenshot

from games.models import Game

pytestmark = BROWSER_TEST


def test_the_creator_shares_the_game_from_its_page_and_the_invited_answer_at_its_address(
    chromium, live_server
):
    for name in ("ann", "bob", "cy"):
        confirmed_user(name)

    # Ann makes a private three-seat game from the lobby's form and invites Bob by name.
    ann = log_in(chromium, live_server, "ann", context=DESKTOP)
    ann.context.grant_permissions(["clipboard-read", "clipboard-write"])
    ann.goto(f"{live_server.url}/games/")
    form = ann.locator('form.new-game[action="/games/new/"]')
    form.locator("select[name=max_players]").select_option("3")
    form.locator("input[name=is_private]").check()
    form.locator("input[name=invite]").fill("bob")
    form.locator("button[type=submit]").click()

    # She lands on the game's own page, not the lobby: the link, who is invited, Start.
    game = Game.objects.get()
    address = f"{live_server.url}/games/{game.pk}/"
    expect(ann).to_have_url(address)
    room = ann.locator("#waiting-room")
    expect(ann.locator(".messages")).to_contain_text("Send its invitation link to friends")
    link = room.locator("#invite-link")
    expect(link).to_have_value(re.compile(rf"/games/invite/{game.invite_token}/$"))
    # Who is invited, and the creator's way to take the invitation back.
    expect(room.locator(".invited-list")).to_have_text("bob (no answer yet) Withdraw")
    expect(room.get_by_role("button", name="Start now")).to_be_disabled()
    copy = room.locator("button[data-copy]")
    expect(copy).to_have_text("Copy the link")
    copy.click()
    expect(copy).to_have_text("Link copied")
    assert ann.evaluate("navigator.clipboard.readText()") == link.input_value()
    screenshot(ann, "waiting-room-desktop")
    phone = log_in(chromium, live_server, "ann", context=PHONE)
    phone.goto(address)
    expect(phone.locator("#waiting-room #invite-link")).to_be_visible()
    screenshot(phone, "waiting-room-phone")
    phone.context.close()

    # Cy, not invited, learns nothing of the private game at its address.
    cy = log_in(chromium, live_server, "cy", context=DESKTOP)
    response = cy.goto(address)
    assert response.status == 404
    expect(cy.locator("main")).not_to_contain_text("ann")

    # Bob opens the address before answering: the invitation, with Accept and Decline.
    for size, context in (("phone", PHONE), ("desktop", DESKTOP)):
        bob = log_in(chromium, live_server, "bob", context=context)
        response = bob.goto(address)
        assert response.status == 200
        invitation = bob.locator("#invitation")
        expect(invitation).to_contain_text("ann invites you")
        expect(invitation).to_contain_text("USA")
        expect(invitation.get_by_role("button", name="Decline")).to_be_visible()
        screenshot(bob, f"invitation-at-the-game-address-{size}")
    invitation.get_by_role("button", name="Accept").click()
    expect(bob).to_have_url(address)
    expect(bob.locator(".messages")).to_contain_text("You have a seat.")
    expect(bob.locator("#waiting-room .seat-list")).to_contain_text("bob")

    # Ann's page sees Bob arrive by itself; she starts the game from there.
    expect(ann.locator("#waiting-room .seat-list")).to_contain_text("bob", timeout=15000)
    expect(ann.locator("#waiting-room .invited-list")).to_have_count(0)
    ann.get_by_role("button", name="Start now").click()
    expect(ann.locator("#action-panel")).to_contain_text("Choose your opening tickets")
