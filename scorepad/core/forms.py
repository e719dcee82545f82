from __future__ import annotations

import uuid

from django import forms


class OnceForm(forms.Form):
    """The one-time key a state-changing form carries, fresh on each page: a repeated
    post with the same key (double tap, retry, the page shown again by Back) does the
    work once. A missing key (a page from before keys existed) does the work unguarded;
    a malformed one is a 400. Unlike a round's key, it stays as the page was served: the
    set-up sent again from a page shown again lands on its match (another set-up under
    that key gets a match of its own: `services.start_match`)."""

    key = forms.UUIDField(required=False, initial=uuid.uuid4, widget=forms.HiddenInput)
