"""What the admin's tests read and post: a change page's form as a browser would send it."""
from __future__ import annotations


def posted(page) -> dict:
    """An admin change page's form as it stands, its inlines' rows included, as a browser posts it."""
    form = page.context["adminform"].form
    data = {}
    for each in [form, *(f for inline in page.context["inline_admin_formsets"] for f in inline.formset.forms)]:
        for name in each.fields:
            value = each[name].value()
            if value is not None and value is not False:
                data[each.add_prefix(name)] = "on" if value is True else value
    for inline in page.context["inline_admin_formsets"]:
        management = inline.formset.management_form
        data |= {management.add_prefix(name): management[name].value() for name in management.fields}
    return data
