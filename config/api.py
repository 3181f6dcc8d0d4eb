"""What every API endpoint shares: one JSON error shape, its place in the schema, pagination.

Every 4xx (and 5xx) under /api/ answers `{"error": {"code", "message", "fields"}}`, whether
DRF raised it or Django did (unknown URL, a bad request refused before any view ran).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.db import models
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext_noop
from django.views import defaults
from rest_framework import exceptions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView, set_rollback
from rest_framework.views import exception_handler as drf_exception_handler

from config.errors import ServiceError
from config.refusals import refusal_in_language
from config.refused import refused

API_PREFIX = "/api/"
TOO_LARGE = gettext_noop("The request body is too large.")
# DRF's key for errors about the whole input rather than one field.
NON_FIELD = "non_field_errors"


def error_body(
    code: str,
    message: str,
    fields: dict[str, list[str]] | None = None,
    *,
    values: dict[str, str] | None = None,
) -> dict:
    """The one error shape clients parse; the message in the caller's language, its
    placeholders filled with `values`."""
    message = refusal_in_language(message)
    if values:
        message %= values
    return {"error": {"code": code, "message": message, "fields": fields or {}}}


def _flatten(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Nested serializer errors as {"field.sub": [messages]}; list items keep their index."""
    if isinstance(detail, dict):
        flat: dict[str, list[str]] = {}
        for key, value in detail.items():
            flat.update(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return flat
    if isinstance(detail, list) and any(isinstance(item, dict | list) for item in detail):
        flat = {}
        for index, item in enumerate(detail):
            flat.update(_flatten(item, f"{prefix}.{index}" if prefix else str(index)))
        return flat
    items = detail if isinstance(detail, list) else [detail]
    return {prefix or NON_FIELD: [str(item) for item in items]}


def _validation_body(detail: Any) -> dict:
    """A 400 names each wrong field; errors about the whole input become the message."""
    fields = _flatten(detail)
    general = fields.pop(NON_FIELD, [])
    message = " ".join(general) or gettext_noop("Some fields are not valid; see fields.")
    code = "invalid"
    if general and isinstance(detail, dict | list):
        first = detail[NON_FIELD][0] if isinstance(detail, dict) else detail[0]
        code = getattr(first, "code", code)
    return error_body(code, message, fields)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handling (status, headers), with the body rewritten to the error shape."""
    if isinstance(exc, ServiceError):
        set_rollback()
        return Response(error_body(exc.code, exc.message), status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        return Response(
            error_body("too_large", TOO_LARGE), status=HTTPStatus.REQUEST_ENTITY_TOO_LARGE
        )
    # Django's own 404 and 403 become DRF's, as DRF's handler would do, to keep their codes.
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError):
        response.data = _validation_body(exc.detail)
    else:
        code = getattr(exc.detail, "code", None) or exc.default_code
        response.data = error_body(str(code), str(exc.detail))
    return response


def _is_api(request: HttpRequest) -> bool:
    """Requests that get JSON errors; pages keep Django's HTML ones."""
    return request.path.startswith(API_PREFIX)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 400 (e.g. a disallowed host header), as JSON under /api/."""
    if _is_api(request):
        return JsonResponse(
            error_body("bad_request", gettext_noop("The request is malformed.")), status=400
        )
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 403, as JSON under /api/; a page's says the reason it was raised with."""
    if _is_api(request):
        body = error_body("permission_denied", gettext_noop("You may not do this."))
        return JsonResponse(body, status=403)
    return refused(request, str(exception) if exception.args else "")


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 404 for a URL no route matches, as JSON under /api/."""
    if _is_api(request):
        body = error_body(
            "not_found", gettext_noop("No API endpoint at %(path)s."), values={"path": request.path}
        )
        return JsonResponse(body, status=404)
    # The site's page, saying how long a table left waiting is kept (the likeliest dead link).
    context = {"keep_days": settings.OPEN_TABLE_KEEP_DAYS}
    return render(request, "404.html", context, status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's 500, as JSON under /api/ (the details go to the log, never to the client)."""
    if _is_api(request):
        body = error_body("server_error", gettext_noop("Something went wrong on our side."))
        return JsonResponse(body, status=500)
    return defaults.server_error(request)


# The error code of a Django error page of each status, where the handlers above did not run.
_CODE_OF_STATUS = {
    HTTPStatus.BAD_REQUEST: "bad_request",
    HTTPStatus.FORBIDDEN: "permission_denied",
    HTTPStatus.NOT_FOUND: "not_found",
    HTTPStatus.INTERNAL_SERVER_ERROR: "server_error",
}


class JsonErrorsMiddleware:
    """Under /api/, an error page Django drew itself (with DEBUG on, its HTML debug pages
    replace the handlers above) becomes the JSON error shape; its details stay in the log."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        content_type = response.get("Content-Type", "")
        if response.status_code < 400 or not _is_api(request) or "json" in content_type:
            return response
        status = HTTPStatus(response.status_code)
        if status is HTTPStatus.NOT_FOUND:
            return page_not_found(request, Http404())
        code = _CODE_OF_STATUS.get(status, status.phrase.lower().replace(" ", "_"))
        message = (
            gettext_noop("Something went wrong on our side.")
            if status >= 500
            else f"{status.phrase}."
        )
        return JsonResponse(error_body(code, message), status=status)


class ErrorDetailSerializer(serializers.Serializer):
    """The inside of an error body."""

    code = serializers.CharField(help_text="Machine-readable reason, e.g. not_found, invalid.")
    message = serializers.CharField(help_text="A sentence a person can read.")
    # DRF takes declared fields out of the class: this does not replace Serializer.fields.
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Messages per input field (dotted for nested ones); empty when none.",
    )


class ErrorSerializer(serializers.Serializer):
    """Every 4xx and 5xx body of the API."""

    error = ErrorDetailSerializer()


class StrictCharField(serializers.CharField):
    """A text input that must be a JSON string: DRF would turn 0 into "0" against the schema."""

    def to_internal_value(self, data: Any) -> str:
        """Refuse numbers, booleans and the like before DRF coerces them."""
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictEmailField(serializers.EmailField):
    """An email address that must be a JSON string."""

    def to_internal_value(self, data: Any) -> str:
        """Refuse non-strings before DRF coerces them."""
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictModelSerializer(serializers.ModelSerializer):
    """A model serializer whose text fields take JSON strings only."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.CharField: StrictCharField,
        models.TextField: StrictCharField,
        models.EmailField: StrictEmailField,
    }


class Pagination(PageNumberPagination):
    """Pages of 50 by default; a client may ask for 1 to 200 with page_size (else 400)."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request: Request) -> int:
        """The asked size, refused when it is not a whole number in range (DRF ignores it)."""
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not re.fullmatch(r"[0-9]{1,4}", raw) or not 1 <= int(raw) <= self.max_page_size:
            message = f"A whole number from 1 to {self.max_page_size}."
            raise exceptions.ValidationError({self.page_size_query_param: [message]})
        return int(raw)

    def get_page_number(self, request: Request, paginator: Any) -> int | str:
        """The asked page, refused when present but not a whole number (DRF reads "" as 1)."""
        raw = request.query_params.get(self.page_query_param)
        if raw is None or raw in self.last_page_strings:
            return super().get_page_number(request, paginator)
        if not re.fullmatch(r"[0-9]{1,9}", raw) or int(raw) < 1:
            message = "A whole number from 1."
            raise exceptions.ValidationError({self.page_query_param: [message]})
        return int(raw)

    def get_schema_operation_parameters(self, view: APIView) -> list[dict[str, Any]]:
        """DRF's parameters with their real bounds."""
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"]["maximum"] = self.max_page_size
        return parameters
