"""The login, sign-up and password reset forms."""
from __future__ import annotations

from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.core.validators import MaxLengthValidator


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
    """Django's sign-up form with an optional email address, where a password reset link is sent."""

    email = forms.EmailField(required=False, max_length=254,
                             help_text="Optional: where a link to reset a forgotten password is sent.")

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class SiteAddressPasswordResetForm(PasswordResetForm):
    """Django's reset form, its emailed link on the configured site address (SITE_URL), never the
    request's Host header: one reaching the web port directly put its own port in the link
    (docs/deploying.md, "The environment"). With SITE_URL empty (development) the request's host is used."""

    def save(self, *args, **kwargs):
        if settings.SITE_URL:
            site = urlsplit(settings.SITE_URL)
            kwargs |= {"domain_override": site.netloc, "use_https": site.scheme == "https"}
        return super().save(*args, **kwargs)
