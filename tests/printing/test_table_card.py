"""The one-page table card (`?compact=1`, and its button on the list's page): units, stats, weapons, the rules by
name only, spells; no glossary, no tally."""
from __future__ import annotations

import copy

import pytest
from django.urls import reverse

from armylists.printing.pdf import roster_pdf

from .conftest import LISTS, pdf_pages, pdf_text
from .test_rules_explained import riverfolk_sheet

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("game", sorted(LISTS))
def test_the_table_card_is_one_page_with_every_unit_its_stats_and_rules_by_name(game, make_sheet, tmp_path):
    sheet = make_sheet(copy.deepcopy(LISTS[game]))
    pages = pdf_pages(roster_pdf(sheet, compact=True), tmp_path)
    assert len(pages) == 1
    text = pages[0]
    for card in sheet.cards:
        assert (card.custom_name or card.name) in text
        assert all(s.value in text for s in card.short_stats)
        assert all(r in text for r in card.rules)
    assert "Special rules" not in text and "Tally" not in text  # the rules named only
    for term in sheet.glossary:
        assert term.description not in text


def test_the_table_card_names_the_spells(tmp_path):
    sheet = riverfolk_sheet(tmp_path)
    text = pdf_text(roster_pdf(sheet, compact=True), tmp_path)
    assert sheet.spells and all(s.label in text for s in sheet.spells)
    assert all(s.value not in text for s in sheet.spells)  # named only


def test_the_list_page_offers_the_table_card_and_it_downloads(make_army_list, client, tmp_path):
    army_list = make_army_list()
    client.force_login(army_list.owner)
    page = client.get(reverse("builder:list-detail", args=[army_list.pk])).content.decode()
    pdf_url = reverse("printing:list-pdf", args=[army_list.pk])
    assert f"{pdf_url}?compact=1" in page
    card = client.get(f"{pdf_url}?compact=1")
    full = client.get(pdf_url)
    assert card.status_code == full.status_code == 200
    assert "table-card" in card["Content-Disposition"]
    assert len(pdf_pages(card.content, tmp_path)) == 1 and "Tally" in pdf_text(full.content, tmp_path)
    assert "Tally" not in pdf_text(card.content, tmp_path)
