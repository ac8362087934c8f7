"""The login, sign-up and password reset forms."""
from __future__ import annotations

from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.contrib.auth.validators import ASCIIUsernameValidator
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator

from armylists.boundary.names import lookalike, name_fault


class LoginForm(AuthenticationForm):
    """Django's login form, with the username's length checked before a login is tried.

    Django gives the field its max_length after the field is built, so no validator enforces it:
    a 100,000-character name reached authenticate(), and django-axes recorded the failure with it,
    longer than its column holds (a 500 on PostgreSQL). Such a name can be no one's, so it is refused
    as a form error and not counted as a guess.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        username = self.fields["username"]
        username.validators.append(MaxLengthValidator(username.max_length))


class SignUpForm(UserCreationForm):
    """Django's sign-up form with an optional email address, where a password reset link is sent.

    A new username is ASCII letters, digits and @.+-_ only, and not a lookalike of an existing one
    (docs/events.md, "Names"). Other people type it (to invite someone to organise or to play late), so it
    must be typable on any keyboard, and ASCII leaves no room for another script's lookalike letters or an
    invisible character; a person's real name, accents and script included, is their display name in each
    event. Django's own check takes any Unicode letter and refuses only a difference of case.
    """

    email = forms.EmailField(required=False, max_length=254,
                             help_text="Optional: where a link to reset a forgotten password is sent.")

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = (
            "Letters a–z and A–Z, digits and @ . + - _ only (others type it to invite you). Your name as you "
            "write it, accents and all, is your display name in each event.")

    def clean_username(self) -> str | None:
        username = self.cleaned_data.get("username") or ""
        if fault := name_fault(username):
            raise ValidationError(f"A username {fault}.")
        ASCIIUsernameValidator()(username)
        username = super().clean_username()
        if username is not None:
            taken = get_user_model().objects.values_list("username", flat=True).iterator(chunk_size=2000)
            if lookalike(username, taken) is not None:
                raise ValidationError("This username is too like an existing one; choose another.")
        return username


class SiteAddressPasswordResetForm(PasswordResetForm):
    """Django's reset form, its emailed link on the configured site address (SITE_URL), never the
    request's Host header: one reaching the web port directly put its own port in the link
    (docs/deploying.md, "The environment"). With SITE_URL empty (development) the request's host is used."""

    def save(self, *args, **kwargs):
        if settings.SITE_URL:
            site = urlsplit(settings.SITE_URL)
            kwargs |= {"domain_override": site.netloc, "use_https": site.scheme == "https"}
        return super().save(*args, **kwargs)
