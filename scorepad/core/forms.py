from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping

from django import forms
from django.forms.fields import InvalidJSONInput


class HiddenJSONField(forms.JSONField):
    """A hidden field holding the JSON its page wrote. What no page writes (a text past
    `max_length`, lists nested past what the parser follows, a number of thousands of
    digits) is a fault of the field like any broken JSON, which the form's view answers
    as a broken client's (400), never a crash (RecursionError, ValueError: a 500)."""

    widget = forms.HiddenInput

    def __init__(self, *, max_length: int = 1000, **kwargs) -> None:
        super().__init__(**kwargs)
        self.max_length = max_length  # of the text, before it is read: not a validator's

    def to_python(self, value):
        if isinstance(value, str) and len(value) > self.max_length:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        try:
            return super().to_python(value)
        except (RecursionError, ValueError):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid") from None

    def bound_data(self, data, initial):
        if isinstance(data, str) and len(data) > self.max_length:
            return InvalidJSONInput(data)
        try:
            return super().bound_data(data, initial)
        except (RecursionError, ValueError):
            return InvalidJSONInput(data)


class OnceForm(forms.Form):
    """The one-time key a state-changing form carries, fresh on each page: a repeated
    post with the same key (double tap, retry, the page shown again by Back) does the
    work once. A missing key (a page from before keys existed) does the work unguarded;
    a malformed one is a 400. Unlike a round's key, it stays as the page was served: the
    set-up sent again from a page shown again lands on its match (another set-up under
    that key gets a match of its own: `services.start_match`)."""

    key = forms.UUIDField(required=False, initial=uuid.uuid4, widget=forms.HiddenInput)


def listed_faults(
    form: forms.Form,
    said: Callable[[forms.BoundField, str], str] = lambda field, fault: fault,
    hidden: Mapping[str, str] | None = None,
) -> list[tuple[str, str]]:
    """Each fault of `form`'s fields, in the form's order, as (the field's id, what to
    say): listed at the top of a form sent back as a whole page, where it opens without
    JavaScript, each linking to its field (`_fault_list.html`). A fault said in a list
    may need more words than beside its field (`said`); a hidden field that carries a
    fault of several fields links to the field `hidden` names for it, others are left
    out."""
    listed = []
    for name in form.fields:
        field = form[name]
        if not field.errors:
            continue
        if field.is_hidden:
            field_id = (hidden or {}).get(name)
            if field_id is None:
                continue
        else:
            # A choice's first box (a group of them has no one id).
            field_id = field.id_for_label or field.subwidgets[0].id_for_label
        listed.extend((field_id, said(field, fault)) for fault in field.errors)
    return listed
