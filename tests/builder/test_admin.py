import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_staff_can_look_at_lists_but_not_edit_their_contents(admin_client, make_list):
    army_list = make_list("aof-regiments", {"unit": "infantry"})
    assert admin_client.get(reverse("admin:builder_armylist_changelist")).status_code == 200
    page = admin_client.get(reverse("admin:builder_armylist_change", args=[army_list.pk])).content.decode()
    assert 'name="shared"' in page and 'name="document"' not in page
