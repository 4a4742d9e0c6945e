"""Sign-up with e-mail verification, log in and out, password reset: through allauth, with the mails
really delivered by the site's SMTP backend to a local SMTP server."""

import re

import pytest
from allauth.account.models import EmailAddress

from accounts.models import Profile, User

PASSWORD = "Hex-grid-Talon-42"
LINK = re.compile(r"https?://testserver(/accounts/[^\s]+/)")


def only_link(message) -> str:
    [path] = LINK.findall(message.get_body(("plain",)).get_content())
    return path


def sign_up(client, address: str, display_name: str | None = None, **fields: str):
    """Sign up as a player would; the name, when the test does not choose one, is made up from the address
    by the test (the site never does: tests/foundation/test_signup.py)."""
    name = display_name if display_name is not None else address.split("@")[0].title()
    return client.post("/accounts/signup/", {"email": address, "display_name": name, "password1": PASSWORD,
                                             "password2": PASSWORD, **fields})


def log_in(client, address: str, password: str = PASSWORD):
    return client.post("/accounts/login/", {"login": address, "password": password})


def signed_in_user(client):
    return client.get("/").context["user"]


@pytest.mark.django_db
def test_sign_up_verify_by_the_mailed_link_then_log_in(client, smtp_sink):
    response = sign_up(client, "dana@example.test")
    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    assert not signed_in_user(client).is_authenticated

    [mail] = smtp_sink.to("dana@example.test")
    assert "Confirm" in mail["Subject"] and mail["Subject"].startswith("[MetalTalon]")
    assert smtp_sink.envelopes[0][1] == ["dana@example.test"]
    confirm_path = only_link(mail)

    assert client.get(confirm_path).status_code == 200
    confirmed = client.post(confirm_path)
    assert confirmed.status_code == 302
    assert EmailAddress.objects.get(email="dana@example.test").verified

    assert log_in(client, "dana@example.test").status_code == 302
    user = signed_in_user(client)
    assert user.is_authenticated and user.email == "dana@example.test"
    assert Profile.objects.filter(user=user).exists()


@pytest.mark.django_db
def test_the_confirmation_mail_greets_from_metaltalon_not_the_servers_address(client, smtp_sink, settings):
    settings.SITE_URL = "https://play.metaltalon.example"
    sign_up(client, "kit@example.test")

    [mail] = smtp_sink.to("kit@example.test")
    body = mail.get_body(("plain",)).get_content()

    assert "Hello from MetalTalon!" in body and "Thank you for using MetalTalon!" in body
    assert "an account on play.metaltalon.example" in body
    assert "testserver" not in LINK.sub("", body)  # only the link names the host it was asked on


@pytest.mark.django_db
def test_confirming_in_the_browser_that_signed_up_logs_in_and_lands_on_a_welcome(client, smtp_sink):
    sign_up(client, "lou@example.test", display_name="Lou")
    [mail] = smtp_sink.to("lou@example.test")

    confirmed = client.post(only_link(mail))

    assert confirmed.status_code == 302 and confirmed["Location"] == "/"
    landing = client.get(confirmed["Location"])
    assert landing.context["user"].email == "lou@example.test"
    page = landing.content.decode()
    assert "Welcome to MetalTalon, Lou" in page and "You have confirmed lou@example.test" in page
    assert "Welcome back" not in page and "Start your first game" in page


@pytest.mark.django_db
def test_confirming_in_another_browser_asks_to_log_in_then_lands_on_the_home_page(client, smtp_sink):
    sign_up(client, "max@example.test")
    [mail] = smtp_sink.to("max@example.test")
    client.logout()  # the link opened elsewhere: it must not log anyone in by itself

    confirmed = client.post(only_link(mail))

    assert confirmed.status_code == 302 and confirmed["Location"] == "/accounts/login/?next=/"
    assert not signed_in_user(client).is_authenticated
    logged_in = client.post(confirmed["Location"], {"login": "max@example.test", "password": PASSWORD})
    assert logged_in.status_code == 302 and logged_in["Location"] == "/"


@pytest.mark.django_db
def test_log_in_is_refused_until_the_address_is_verified(client, smtp_sink):
    sign_up(client, "eve@example.test")
    client.logout()

    response = log_in(client, "eve@example.test")

    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    assert not signed_in_user(client).is_authenticated
    assert not EmailAddress.objects.get(email="eve@example.test").verified


@pytest.mark.django_db
def test_a_second_sign_up_with_the_same_address_creates_no_account(client, smtp_sink):
    sign_up(client, "finn@example.test")
    client.logout()

    sign_up(client, "FINN@example.test")

    assert User.objects.filter(email__iexact="finn@example.test").count() == 1


def make_verified_user(address: str, password: str = PASSWORD) -> User:
    user = User.objects.create_user(username=address.split("@")[0], email=address, password=password)
    EmailAddress.objects.create(user=user, email=address, verified=True, primary=True)
    return user


@pytest.mark.django_db
def test_log_out_ends_the_session(client):
    make_verified_user("gus@example.test")
    log_in(client, "gus@example.test")
    assert signed_in_user(client).is_authenticated

    assert client.post("/accounts/logout/").status_code == 302

    assert not signed_in_user(client).is_authenticated


@pytest.mark.django_db
def test_a_wrong_password_is_refused_with_a_message(client):
    make_verified_user("hal@example.test")

    response = log_in(client, "hal@example.test", "not-the-password")

    assert response.status_code == 200
    assert "not correct" in response.content.decode()
    assert not signed_in_user(client).is_authenticated


@pytest.mark.django_db
def test_password_reset_by_the_mailed_link(client, smtp_sink):
    make_verified_user("ivy@example.test", "Old-pass-for-ivy-9")

    assert client.post("/accounts/password/reset/", {"email": "ivy@example.test"}).status_code == 302
    [mail] = smtp_sink.to("ivy@example.test")
    assert "Password Reset" in mail["Subject"]
    key_page = client.get(only_link(mail))
    assert key_page.status_code == 302  # allauth moves the key out of the address bar
    set_page = key_page["Location"]
    new = "New-pass-for-ivy-77"
    done = client.post(set_page, {"password1": new, "password2": new})
    assert done.status_code == 302
    assert signed_in_user(client).email == "ivy@example.test"  # the reset signs its browser in
    client.post("/accounts/logout/")

    assert log_in(client, "ivy@example.test", "Old-pass-for-ivy-9").status_code == 200
    assert log_in(client, "ivy@example.test", new).status_code == 302
    assert signed_in_user(client).email == "ivy@example.test"


@pytest.mark.django_db
def test_sign_up_mail_goes_to_the_embedded_default_folder_and_the_dev_inbox(client, settings, tmp_path):
    folder = tmp_path / "mail"
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.filebased.EmailBackend",
                                    "OPTIONS": {"file_path": str(folder)}}}
    settings.DEBUG = True

    sign_up(client, "jo@example.test")

    assert len(list(folder.glob("*.log"))) == 1
    inbox = client.get("/dev/inbox/")
    assert inbox.status_code == 200
    html = inbox.content.decode()
    assert "jo@example.test" in html and "/accounts/confirm-email/" in html


@pytest.mark.django_db
def test_the_dev_inbox_does_not_exist_with_debug_off(client, settings):
    settings.DEBUG = False

    assert client.get("/dev/inbox/").status_code == 404
