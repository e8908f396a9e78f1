"""Routes of page_server.py for other APIs' shapes: fastapi-pagination, JSON:API (as Django
REST framework JSON:API answers) and a Relay connection over GraphQL POST, plus a request counter.

Each of these routes counts its requests under the `key` query parameter (default ""), and
  /anyapi/requests  answers {"count": n}: how many requests arrived with `key`
so a test can check that no extra request was made. Routes (data set: `total` items, as in
page_server.py):

  /fastapi/page     fastapi-pagination Page {"items","total","page","size","pages"} (page, size)
  /fastapi/offset   fastapi-pagination LimitOffsetPage {"items","total","limit","offset"}
  /fastapi/links    fastapi-pagination links.Page: Page plus "links" with *relative* URLs; it
                    ignores any `cursor` parameter (answers page 1), as the real one does
  /jsonapi/articles JSON:API: 406 without Accept: application/vnd.api+json, 400 for a page
                    parameter it does not know; page[number], page[size]; string ids,
                    {"title", "published"} attributes, links and meta.pagination
  /totals/array     bare array for offset+limit with the total in an `X-Total` header
  POST /rows        bare array for {"offset", "limit"} in a JSON body
  POST /graphql     Relay connection at data.viewer.items for variables first/after (and
                    last/before), with totalCount; without `Authorization: Bearer good` a 200
                    whose body has errors[].extensions.code == "UNAUTHENTICATED" and a message
                    that echoes the Authorization header; waits at `gate` like page_server's routes
"""
import base64
import json
import sys
import threading
from urllib.parse import parse_qs, urlencode, urlsplit

REQUEST_COUNTS = {}
REQUEST_COUNTS_LOCK = threading.Lock()


def _server():
    """page_server.py, which runs as __main__ and imports this module: its query helpers and data
    set are read from it at call time, so they exist once."""
    return sys.modules["__main__"]


def _first(query, name, default=None):
    return _server().first(query, name, default)


def _integer(query, name, default):
    return _server().integer(query, name, default)


def _rows(start, count, total):
    return _server().items(start, count, total)


def _count(query):
    key = _first(query, "key", "")
    with REQUEST_COUNTS_LOCK:
        REQUEST_COUNTS[key] = REQUEST_COUNTS.get(key, 0) + 1


class AnyAPIRoutes:
    """A mixin of page_server.Handler: its route_* methods and do_POST."""

    def route_anyapi_requests(self, path, query, total, gate):
        with REQUEST_COUNTS_LOCK:
            count = REQUEST_COUNTS.get(_first(query, "key", ""), 0)
        self.send_json({"count": count})

    def _fastapi_page(self, path, query, total):
        page = _integer(query, "page", 1)
        size = _integer(query, "size", 50)
        pages = (total + size - 1) // size
        return page, size, {"items": _rows((page - 1) * size, size, total), "total": total,
                            "page": page, "size": size, "pages": pages}

    def route_fastapi_page(self, path, query, total, gate):
        _count(query)
        self.send_json(self._fastapi_page(path, query, total)[2])

    def route_fastapi_offset(self, path, query, total, gate):
        _count(query)
        offset, limit = _integer(query, "offset", 0), _integer(query, "limit", 50)
        self.send_json({"items": _rows(offset, limit, total), "total": total, "limit": limit,
                        "offset": offset})

    def route_fastapi_links(self, path, query, total, gate):
        _count(query)
        page, size, body = self._fastapi_page(path, query, total)
        rest = {k: v[0] for k, v in query.items() if k not in ("page", "cursor")}

        def link(number):
            return "%s?%s" % (path, urlencode(dict(rest, page=number, size=size)))

        pages = body["pages"]
        body["links"] = {"first": link(1), "last": link(pages), "self": link(page),
                         "next": link(page + 1) if page < pages else None,
                         "prev": link(page - 1) if page > 1 else None}
        self.send_json(body)

    def route_jsonapi_articles(self, path, query, total, gate):
        _count(query)
        if "application/vnd.api+json" not in self.headers.get("Accept", ""):
            self.send(406, '{"errors":[{"status":"406","detail":"Not Acceptable"}]}',
                      "application/vnd.api+json")
            return
        unknown = [k for k in query if k not in ("page[number]", "page[size]", "total", "key")]
        if unknown:
            self.send(400, json.dumps({"errors": [{"status": "400", "detail": "unknown %s" % unknown}]}),
                      "application/vnd.api+json")
            return
        page, size = _integer(query, "page[number]", 1), _integer(query, "page[size]", 10)
        pages = max(1, (total + size - 1) // size)
        rest = {k: v[0] for k, v in query.items() if k != "page[number]"}

        def link(number):
            return "%s%s?%s" % (self.base(), path, urlencode(dict(rest, **{"page[number]": number})))

        start = (page - 1) * size
        data = [{"type": "articles", "id": str(i),
                 "attributes": {"title": "article %d" % i, "published": "2026-05-%02d" % (1 + i % 28)}}
                for i in range(start, max(start, min(start + size, total)))]
        body = {"data": data,
                "links": {"first": link(1), "last": link(pages),
                          "next": link(page + 1) if page < pages else None,
                          "prev": link(page - 1) if page > 1 else None},
                "meta": {"pagination": {"page": page, "pages": pages, "count": total}}}
        self.send(200, json.dumps(body), "application/vnd.api+json")

    def route_totals_array(self, path, query, total, gate):
        _count(query)
        offset, limit = _integer(query, "offset", 0), _integer(query, "limit", 20)
        self.send_json(_rows(offset, limit, total), headers=[("X-Total", str(total))])

    def do_POST(self):
        parts = urlsplit(self.path)
        query = parse_qs(parts.query, keep_blank_values=True)
        length = int(self.headers.get("Content-Length", "0"))
        try:
            request = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            self.send(400, "the body is not JSON", "text/plain")
            return
        if parts.path == "/edits":
            self.post_edit(request)
            return
        if parts.path == "/rows":
            _count(query)
            self.send_json(_rows(int(request.get("offset", 0)), int(request.get("limit", 20)),
                                 _integer(query, "total", 250)))
            return
        if parts.path != "/graphql":
            self.send(404, "no POST route %s" % parts.path, "text/plain")
            return
        _count(query)
        gate = _first(query, "gate")
        if gate and not self.pass_gate(gate):
            return
        authorization = self.headers.get("Authorization")
        if authorization != "Bearer good":
            # Like a careless server, the message echoes the credentials it refused.
            self.send_json({"data": None, "errors": [
                {"message": "not signed in with %s" % authorization, "path": ["viewer"],
                 "extensions": {"code": "UNAUTHENTICATED"}}]})
            return
        self.send_json({"data": {"viewer": {"items": self._connection(
            request.get("variables") or {}, _integer(query, "total", 250))}}})

    @staticmethod
    def _connection(variables, total):
        def cursor(index):
            return base64.b64encode(("arrayconnection:%d" % index).encode()).decode()

        def index(text):
            return int(base64.b64decode(text).decode().split(":")[1])

        if variables.get("before") is not None:
            end = index(variables["before"])
            start = max(0, end - int(variables.get("last") or 20))
        else:
            start = index(variables["after"]) + 1 if variables.get("after") else 0
            end = min(total, start + int(variables.get("first") or 20))
        edges = [{"cursor": cursor(i), "node": {"id": i, "name": "item %d" % i}} for i in range(start, end)]
        return {"edges": edges, "totalCount": total,
                "pageInfo": {"hasNextPage": end < total, "hasPreviousPage": start > 0,
                             "startCursor": cursor(start) if edges else None,
                             "endCursor": cursor(end - 1) if edges else None}}
