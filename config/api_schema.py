"""The OpenAPI schema of the API: each operation lists the error responses it can give."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import get_doc
from rest_framework.permissions import SAFE_METHODS

from config.api import ErrorSerializer

# A bad page number gives 404, not 400 (DRF's choice).
PAGE_PARAMETER = "page"


class ApiSchema(AutoSchema):
    """Adds to each operation the error responses it can really give, in the error shape."""

    def get_description(self) -> str:  # type: ignore[override]  # AutoSchema's, not DRF's
        """The view's docstring says what the endpoint is for."""
        return get_doc(self.view.__class__)

    def get_summary(self) -> str | None:
        """The handler's docstring says what this one method does."""
        handler = getattr(self.view, getattr(self.view, "action", None) or self.method.lower())
        return get_doc(handler) or None

    def get_operation(
        self, path: str, path_regex: str, path_prefix: str, method: str, registry: Any
    ) -> dict[str, Any] | None:
        """The operation as drf-spectacular builds it, plus its error responses."""
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation.setdefault("responses", {})
        for code, description in self._error_codes(operation).items():
            if str(code) not in responses:
                # drf-spectacular's own helper, unannotated.
                response = self._get_response_for_code(ErrorSerializer, str(code))  # type: ignore[no-untyped-call]
                responses[str(code)] = {**response, "description": description}
        return operation

    def _error_codes(self, operation: dict[str, Any]) -> dict[int, str]:
        """Which failures this operation can meet, read from its method, inputs and view."""
        parameters = operation.get("parameters", [])
        has_body = "requestBody" in operation
        codes: dict[int, str] = {}
        query = {p["name"] for p in parameters if p["in"] == "query"}
        if has_body or query - {PAGE_PARAMETER}:
            codes[400] = "The input is not valid."
        if self.get_auth():
            codes[401] = "The credentials sent are wrong or missing."
        if self.method not in SAFE_METHODS:
            codes[403] = "Not allowed (or a signed-in session sent no CSRF token)."
        if any(p["in"] == "path" for p in parameters) or PAGE_PARAMETER in query:
            codes[404] = "No such object (or page)."
        if has_body:
            codes[413] = "The body is over the size limit."
            codes[415] = "The body is not JSON."
        if self.view.get_throttles():
            codes[429] = "Too many requests; retry after the Retry-After header's seconds."
        return codes
