"""Protections every HTTP response and request body gets, whatever the route.

- ``BodyLimit`` counts the bytes a request body really carries, so a chunked body
  with no ``Content-Length`` cannot grow past the limit either.
- ``SecurityHeaders`` sends a content security policy that allows no inline script,
  ``nosniff``, no framing and no referrer.
- ``invalid_request`` answers a body that does not fit its model with a 422 naming the
  fields, never echoing the input (``1e400`` is infinity, which JSON cannot even write).
- ``PlainName`` is a person's name as a request may give it: short, no control characters.
- ``json_message`` reads one JSON object of bounded size and depth from a client.
"""

from __future__ import annotations

import json
import logging
import unicodedata
from typing import Annotated, Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, Field
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamenight.store import StoreError

log = logging.getLogger("gamenight.server")
MAX_DEPTH = 16
"""Deepest nesting of a client's JSON message (the protocol needs three)."""

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; "
       "object-src 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"x-frame-options", b"DENY"), (b"referrer-policy", b"no-referrer")]


class BodyLimit:
    """Refuse (413) any request whose body passes ``limit`` bytes, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.limit):
                await _too_large(send)
                return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise HTTPException(413, "request too large")
            return message

        await self.app(scope, counted, send)


async def _too_large(send: Send) -> None:
    body = b'{"detail":"request too large"}'
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """Add the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers: list[Any] = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in HEADERS if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


async def invalid_request(_: Request, exc: RequestValidationError) -> JSONResponse:
    errors = [{"loc": [str(part) for part in e.get("loc", ())], "msg": str(e.get("msg", "")),
               "type": str(e.get("type", ""))} for e in exc.errors()]
    return JSONResponse({"detail": errors}, status_code=422)


async def store_failed(_: Request, exc: StoreError) -> JSONResponse:
    """The database refused a write that got past every check: say so (503), log the details."""
    log.error("the database refused a request: %s", exc)
    return JSONResponse({"detail": "the database could not do that just now; try again"}, status_code=503)


def _no_controls(text: str) -> str:
    if any(unicodedata.category(ch) == "Cc" for ch in text):
        raise ValueError("a name cannot hold control characters")
    return text


PlainName = Annotated[str, Field(max_length=40), AfterValidator(_no_controls)]


def depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (0 for a plain value), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, d = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, d + 1)
            stack.extend((x, d + 1) for x in item)
    return deepest


def json_message(raw: str) -> dict[str, Any] | str:
    """``raw`` as a JSON object, or the error text to answer with."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return "messages must be JSON objects"
    if not isinstance(data, dict):
        return "messages must be JSON objects"
    if depth(data) > MAX_DEPTH:
        return f"messages nest at most {MAX_DEPTH} levels deep"
    return data
