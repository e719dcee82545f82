"""/account/...: Django's own sign-in and password views, with the pages in our style
(templates/accounts/), beside the account's own pages (views.py)."""

from functools import wraps

from django.contrib.auth import views as auth
from django.urls import path, reverse_lazy
from django.views.decorators.http import require_http_methods

from scorepad.core.htmx import form_status

from . import forms, views

app_name = "accounts"


def page(name: str) -> str:
    return f"accounts/{name}.html"


def site_form(view):
    """One of Django's auth form views as the site's forms answer: GET, HEAD and POST
    only (a FormView treats PUT as POST), and a form with faults sent back as 422
    (`form_status`), not 200."""

    @require_http_methods(["GET", "HEAD", "POST"])
    @wraps(view)
    def answer(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        form = (getattr(response, "context_data", None) or {}).get("form")
        if request.method == "POST" and form is not None and response.status_code == 200:
            response.status_code = form_status(request, form)
        return response

    return answer


urlpatterns = [
    path("", views.account, name="account"),
    path("sign-up/", views.sign_up, name="sign_up"),
    path(
        "log-in/",
        site_form(
            views.LogInView.as_view(
                form_class=forms.LogInForm,
                template_name=page("log_in"),
                redirect_authenticated_user=True,
            )
        ),
        name="log_in",
    ),
    path("log-out/", views.LogOutView.as_view(), name="log_out"),
    path(
        "password/",
        site_form(
            auth.PasswordChangeView.as_view(
                form_class=forms.PasswordChangeForm,
                template_name=page("password_change"),
                success_url=reverse_lazy("accounts:password_changed"),
            )
        ),
        name="password_change",
    ),
    path(
        "password/done/",
        auth.PasswordChangeDoneView.as_view(template_name=page("password_changed")),
        name="password_changed",
    ),
    path(
        "password/reset/",
        site_form(
            views.PasswordResetView.as_view(
                template_name=page("password_reset"),
                email_template_name="accounts/password_reset_email.txt",
                subject_template_name="accounts/password_reset_subject.txt",
                success_url=reverse_lazy("accounts:password_reset_sent"),
            )
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth.PasswordResetDoneView.as_view(template_name=page("password_reset_sent")),
        name="password_reset_sent",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        site_form(
            auth.PasswordResetConfirmView.as_view(
                form_class=forms.SetPasswordForm,
                template_name=page("password_reset_confirm"),
                success_url=reverse_lazy("accounts:password_reset_complete"),
            )
        ),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/complete/",
        auth.PasswordResetCompleteView.as_view(template_name=page("password_reset_complete")),
        name="password_reset_complete",
    ),
    path("email/", views.change_email, name="email_change"),
    path("delete/", views.delete_account, name="delete"),
    path("statistics/", views.statistics, name="statistics"),
    path("seats/", views.seats, name="seats"),
    path("seats/everywhere/", views.claim_everywhere, name="claim_everywhere"),
    path("matches/<id:match_id>/me/", views.claim_own, name="claim"),
    # The scorer's side of claims: no account needed, the match's owner is asking.
    path("matches/<id:match_id>/claims/", views.claimed_seats, name="claimed_seats"),
    path("matches/<id:match_id>/claims/<id:position>/free/", views.free_seat, name="free_seat"),
    path("live/<token:token>/me/", views.claim_followed, name="claim_followed"),
    path("claims/<id:claim_id>/release/", views.release, name="release"),
]
