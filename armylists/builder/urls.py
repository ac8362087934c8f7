from django.urls import include, path

from .views import entries, lists, share, transfer

app_name = "builder"

list_patterns = [
    path("", lists.lists, name="lists"),
    path("new/", lists.list_create, name="list-create"),
    path("import/", transfer.list_import, name="list-import"),
    path("<int:pk>/", lists.list_detail, name="list-detail"),
    path("<int:pk>/rename/", lists.list_rename, name="list-rename"),
    path("<int:pk>/duplicate/", lists.list_duplicate, name="list-duplicate"),
    path("<int:pk>/delete/", lists.list_delete, name="list-delete"),
    path("<int:pk>/settings/", entries.list_settings, name="list-settings"),
    path("<int:pk>/command-cards/", entries.list_command_cards, name="list-command-cards"),
    path("<int:pk>/undo/", entries.list_undo, name="list-undo"),
    path("<int:pk>/file/", transfer.list_export, name="list-export"),
    path("<int:pk>/text/", transfer.list_text_view, name="list-text"),
    path("<int:pk>/share/", share.list_share, name="list-share"),
    path("<int:pk>/entries/add/", entries.entry_add, name="list-entry-add"),
    path("<int:pk>/entries/edit/<slug:entry_id>", entries.entry_update, name="list-entry-update"),
    path("<int:pk>/entries/remove/<slug:entry_id>", entries.entry_remove, name="list-entry-remove"),
    path("<int:pk>/entries/duplicate/<slug:entry_id>", entries.entry_duplicate, name="list-entry-duplicate"),
    path("<int:pk>/entries/move/<slug:entry_id>", entries.entry_move, name="list-entry-move"),
    path("<int:pk>/entries/form/<slug:entry_id>", entries.entry_form, name="list-entry-form"),
    path("shared/<str:token>/", share.shared_list, name="shared-list"),
    path("shared/<str:token>/file/", share.shared_list_export, name="shared-list-export"),
]

urlpatterns = [
    path("lists/", include(list_patterns)),
]
