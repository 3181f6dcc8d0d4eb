"""A visit to an address that only takes a form gets a page of the site saying so."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from config.api import API_PREFIX


class FormOnlyAddressMiddleware:
    """Where a button sends its form has no page: a copied link or a bookmark of it got
    Django's empty 405, and the browser a blank "HTTP ERROR 405" with no way on. The API's
    405 stays JSON (config.api.JsonErrorsMiddleware)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code != HTTPStatus.METHOD_NOT_ALLOWED
            or request.method not in ("GET", "HEAD")
            or request.path.startswith(API_PREFIX)
        ):
            return response
        page = render(request, "405.html", status=HTTPStatus.METHOD_NOT_ALLOWED)
        page["Allow"] = response["Allow"]
        return page
