from __future__ import annotations

import uuid

from django import forms


class OnceForm(forms.Form):
    """The one-time key a state-changing form carries, fresh on each page: a repeated
    post with the same key (double tap, retry) does the work once. A missing key (a
    page from before keys existed) does the work unguarded; a malformed one is a 400."""

    key = forms.UUIDField(
        required=False,
        initial=uuid.uuid4,
        # Made anew in the browser each time the page is shown (static/js/app.js).
        widget=forms.HiddenInput(attrs={"data-once": ""}),
    )
