from django.urls import include, path

from .views import armies, between, campaigns, missions, printing

app_name = "campaigns"

army_patterns = [
    path("", armies.army_detail, name="army-detail"),
    path("adjust/", armies.army_adjust, name="army-adjust"),
    path("manage/", between.army_manage, name="army-manage"),
    path("buy/", between.upgrade_buy, name="upgrade-buy"),
    path("sell/", between.upgrade_sell, name="upgrade-sell"),
    path("recruit/", between.unit_recruit, name="unit-recruit"),
    path("disband/", between.army_disband, name="army-disband"),
    path("sheet.pdf", printing.army_sheet_pdf, name="army-sheet-pdf"),
    path("units/<str:unit>/rename/", armies.unit_rename, name="unit-rename"),
    path("units/<str:unit>/notes/", armies.unit_notes, name="unit-notes"),
    path("units/<str:unit>/disband/", between.unit_disband, name="unit-disband"),
    path("units/<str:unit>/traits/", armies.unit_traits, name="unit-traits"),
    path("units/<str:unit>/status/", armies.unit_status, name="unit-status"),
]

campaign_patterns = [
    path("", campaigns.campaign_detail, name="campaign-detail"),
    path("invite/renew/", campaigns.campaign_invite_renew, name="campaign-invite-renew"),
    path("file/", campaigns.campaign_export, name="campaign-export"),
    path("log.txt", campaigns.campaign_log, name="campaign-log"),
    path("undo/", campaigns.campaign_undo, name="campaign-undo"),
    path("armies/new/", armies.army_create, name="army-create"),
    path("sheets.pdf", printing.campaign_sheets_pdf, name="campaign-sheets-pdf"),
    path("blank-sheet.pdf", printing.blank_sheet_pdf, name="blank-sheet-pdf"),
    path("summary.pdf", printing.campaign_summary_pdf, name="campaign-summary-pdf"),
    path("armies/<str:key>/", include(army_patterns)),
    path("missions/new/", missions.mission_create, name="mission-create"),
    path("missions/<int:number>/", missions.mission_detail, name="mission-detail"),
    path("missions/<int:number>/result/", missions.mission_result, name="mission-result"),
    path("missions/<int:number>/event/", missions.mission_event, name="mission-event"),
    path("missions/<int:number>/armies/<str:key>/", missions.post_battle, name="post-battle"),
]

urlpatterns = [
    path("", campaigns.campaign_index, name="campaign-index"),
    path("new/", campaigns.campaign_create, name="campaign-create"),
    path("join/<str:token>/", campaigns.campaign_join, name="campaign-join"),
    path("<slug:slug>/", include(campaign_patterns)),
]
