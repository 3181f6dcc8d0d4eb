"""Pages of live tables."""

from __future__ import annotations

from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.table_new, name="new"),
    path("<int:table_id>/", views.table_page, name="table"),
    path("<int:table_id>/join/", views.table_join, name="join"),
    path("<int:table_id>/computer/", views.table_seat_computer, name="seat-computer"),
    path("<int:table_id>/free/", views.table_seat_free, name="seat-free"),
    path("<int:table_id>/leave/", views.table_leave, name="leave"),
    path("<int:table_id>/again/", views.table_again, name="again"),
    path("<int:table_id>/hands/", views.hand_list, name="hands"),
    path("<int:table_id>/deals/", views.table_deals, name="deals"),
    path("<int:table_id>/hands/<int:number>/", views.hand_replay, name="replay"),
]
