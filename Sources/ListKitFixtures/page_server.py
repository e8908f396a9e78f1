#!/usr/bin/env python3
"""Loopback JSON API for ListKitHTTP's tests and benchmark (Python 3 standard library only).

Listens on 127.0.0.1 on an ephemeral port, prints the port as the first line on stdout, and
exits when stdin closes, when the process that started it ends however it ends (SIGKILL
included: see `watch_parent`), or on a signal. So it never outlives the test process.

The data set is `total` items {"id": i, "name": "item i"} (default 250). Every route accepts
`total` and `gate`: a request with `gate=NAME` waits, before answering, until the test opens that
gate (or the client hangs up). A slow server is a gate the test never opens, so no test depends on
how long anything takes. Routes:

  /array        bare JSON array; page+page_size, offset+limit or cursor+limit query names
  /drf/page     Django REST framework PageNumberPagination envelope (1-based `page`)
  /drf/offset   Django REST framework LimitOffsetPagination envelope
  /drf/cursor   Django REST framework CursorPagination envelope (opaque `cursor`)
  /link         bare array with an RFC 8288 Link header (GitHub style `page`/`per_page`, or
                `offset`/`limit` when the request has an offset); `page_name` renames `page`
  /nested       {"data": {"list": {"items": [...]}}, "meta": {"more": bool}}
  /custom       {"payload": {"entries": [...], "more": bool, "after": "..."}}
  /flaky        500 for the first `fail` requests (default 1) with the same `key`, then /drf/page
  /malformed    200 application/json that is not JSON
  /wrongtype    200 JSON array whose third item has a string id
  /truncated    Content-Length larger than the body sent, then the connection closes
  /hangup       closes the connection without sending any response
  /chunkeddrop  a chunked 200 whose body stops mid-chunk, then the connection closes
  /unauthorized 401 whose body echoes the Authorization header and the query (like a careless API)
  /forbidden    403 likewise
  /big          a valid JSON array of `bytes` bytes or more
  /html         200 text/html
  /echo         the request's method, path, query and headers as JSON
  /slowpages    like /drf/page but only page >= 2 waits at its `gate`
  /status       answers `code` with a short text body that echoes the query
  (and the routes of anyapi_routes.py: fastapi-pagination, JSON:API, POST /graphql)
  /hostile/...  a hostile server: see hostile_routes.py
  /edits        a server of edits that honours Idempotency-Key: see edit_routes.py

Gates, for the test (each answers {"arrived": n, "hangups": n, "open": bool} of gate `name`):
  /gate/open     opens gate `name`: every request waiting there, and every later one, goes on
  /gate/arrived  waits until `count` requests (default 1) have arrived at gate `name`
  /gate/hangups  waits until the clients of `count` requests (default 1) waiting at gate `name`
                 have hung up (cancelled or timed out)
A wait that is not satisfied within WAIT_BOUND seconds answers 504, so a broken test fails with a
message instead of hanging; a passing test never comes near it.
"""
import base64
import json
import os
import select
import signal
import socket
import stat
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

# The routes of other APIs' shapes (fastapi-pagination, JSON:API, GraphQL POST) live in a module
# of their own; no bytecode is written next to the sources.
sys.dont_write_bytecode = True
from anyapi_routes import AnyAPIRoutes  # noqa: E402
from hostile_routes import HostileRoutes  # the /hostile/ routes, kept in a module of their own
from edit_routes import EditRoutes  # POST /edits and GET /edits/state

FLAKY_COUNTS = {}
FLAKY_LOCK = threading.Lock()
AUTH = {}  # account name -> its tokens and counts (the sign-in block)
AUTH_LOCK = threading.Lock()
# A bound on a test's wait for a gate, only so a broken test fails instead of hanging.
WAIT_BOUND = 120.0


class Gate:
    """A named gate: requests wait at it until it opens. Its pipe becomes readable when it opens,
    so a waiting request sleeps in select() on the pipe and its connection, without polling."""

    def __init__(self):
        self.arrived = 0
        self.hangups = 0
        self.is_open = False
        self.read_end, self.write_end = os.pipe()

    def state(self):
        return {"arrived": self.arrived, "hangups": self.hangups, "open": self.is_open}


GATES = {}
GATES_CHANGED = threading.Condition()


def gate_named(name):
    """The gate with that name, made closed on first use; call with GATES_CHANGED held."""
    if name not in GATES:
        GATES[name] = Gate()
    return GATES[name]


def items(start, count, total):
    end = max(start, min(start + count, total))
    return [{"id": i, "name": "item %d" % i} for i in range(start, end)]


def first(query, name, default=None):
    values = query.get(name)
    return values[0] if values else default


def integer(query, name, default):
    try:
        return int(first(query, name, default))
    except (TypeError, ValueError):
        return default


class Handler(AnyAPIRoutes, HostileRoutes, EditRoutes, BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; without this, Nagle's algorithm and the
    # client's delayed ACK add about 40 ms to every keep-alive response.
    disable_nagle_algorithm = True

    def log_message(self, format, *args):  # keep the test output quiet
        pass

    def base(self):
        return "http://%s" % self.headers.get("Host", "127.0.0.1")

    def send(self, code, body, content_type="application/json", headers=None):
        data = body if isinstance(body, bytes) else body.encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or []):
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def send_json(self, value, code=200, headers=None):
        self.send(code, json.dumps(value, separators=(",", ":")), headers=headers)

    def do_GET(self):
        parts = urlsplit(self.path)
        query = parse_qs(parts.query, keep_blank_values=True)
        gate = first(query, "gate")
        total = integer(query, "total", 250)
        path = parts.path
        if path != "/slowpages" and gate and not self.pass_gate(gate):
            return
        route = getattr(self, "route_" + path.strip("/").replace("/", "_"), None)
        if route is None:
            self.send(404, "no route %s" % path, "text/plain")
            return
        route(path, query, total, gate)

    def pass_gate(self, name):
        """Waits at the gate until it opens (True) or the client hangs up (False)."""
        with GATES_CHANGED:
            gate = gate_named(name)
            gate.arrived += 1
            GATES_CHANGED.notify_all()
        watched = [gate.read_end, self.connection]
        while True:
            readable, _, _ = select.select(watched, [], [])
            if gate.read_end in readable:
                return True
            try:
                hung_up = self.connection.recv(1, socket.MSG_PEEK) == b""
            except OSError:
                hung_up = True
            if hung_up:
                with GATES_CHANGED:
                    gate.hangups += 1
                    GATES_CHANGED.notify_all()
                self.close_connection = True
                return False
            watched = [gate.read_end]  # bytes of a next request: wait for the gate alone

    def answer_gate(self, query, satisfied):
        name = first(query, "name", "")
        count = integer(query, "count", 1)
        with GATES_CHANGED:
            gate = gate_named(name)
            done = GATES_CHANGED.wait_for(lambda: satisfied(gate, count), timeout=WAIT_BOUND)
            state = gate.state()
        self.send_json(state, code=200 if done else 504)

    def route_gate_open(self, path, query, total, gate):
        with GATES_CHANGED:
            opened = gate_named(first(query, "name", ""))
            if not opened.is_open:
                opened.is_open = True
                os.write(opened.write_end, b"o")  # never read: the pipe stays readable
            GATES_CHANGED.notify_all()
            state = opened.state()
        self.send_json(state)

    def route_gate_arrived(self, path, query, total, gate):
        self.answer_gate(query, lambda g, count: g.arrived >= count)

    def route_gate_hangups(self, path, query, total, gate):
        self.answer_gate(query, lambda g, count: g.hangups >= count)

    # Bare array: whichever position style the loader sent.
    def route_array(self, path, query, total, gate):
        if "page" in query:
            size = integer(query, "page_size", 20)
            start = (integer(query, "page", 1) - 1) * size
        elif "offset" in query:
            size = integer(query, "limit", 20)
            start = integer(query, "offset", 0)
        else:
            size = integer(query, "limit", 20)
            cursor = first(query, "cursor")
            start = int(cursor) if cursor else 0
        self.send_json(items(start, size, total))

    def route_drf_page(self, path, query, total, gate):
        page = integer(query, "page", 1)
        size = integer(query, "page_size", 20)
        start = (page - 1) * size
        if page < 1 or (start >= total and page != 1):
            self.send(404, '{"detail":"Invalid page."}')
            return
        rest = {k: v[0] for k, v in query.items() if k != "page"}
        nxt = None
        if start + size < total:
            nxt = "%s%s?%s" % (self.base(), path, urlencode(dict(rest, page=page + 1)))
        prev = None if page == 1 else "%s%s?%s" % (self.base(), path, urlencode(dict(rest, page=page - 1)))
        self.send_json({"count": total, "next": nxt, "previous": prev, "results": items(start, size, total)})

    def route_slowpages(self, path, query, total, gate):
        if integer(query, "page", 1) >= 2 and gate and not self.pass_gate(gate):
            return
        self.route_drf_page("/slowpages", query, total, gate)

    def route_drf_offset(self, path, query, total, gate):
        offset = integer(query, "offset", 0)
        limit = integer(query, "limit", 20)
        rest = {k: v[0] for k, v in query.items() if k not in ("offset", "limit")}
        nxt = None
        if offset + limit < total:
            nxt = "%s%s?%s" % (self.base(), path, urlencode(dict(rest, limit=limit, offset=offset + limit)))
        prev = None
        if offset > 0:
            prev = "%s%s?%s" % (self.base(), path, urlencode(dict(rest, limit=limit, offset=max(0, offset - limit))))
        self.send_json({"count": total, "next": nxt, "previous": prev, "results": items(offset, limit, total)})

    def route_drf_cursor(self, path, query, total, gate):
        cursor = first(query, "cursor")
        start = int(base64.urlsafe_b64decode(cursor.encode()).decode().split("=")[1]) if cursor else 0
        size = integer(query, "page_size", 20)
        rest = {k: v[0] for k, v in query.items() if k != "cursor"}
        nxt = None
        if start + size < total:
            token = base64.urlsafe_b64encode(("o=%d" % (start + size)).encode()).decode()
            nxt = "%s%s?%s" % (self.base(), path, urlencode(dict(rest, cursor=token)))
        prev = None
        if start > 0:
            token = base64.urlsafe_b64encode(("o=%d" % max(0, start - size)).encode()).decode()
            prev = "%s%s?%s" % (self.base(), path, urlencode(dict(rest, cursor=token)))
        self.send_json({"next": nxt, "previous": prev, "results": items(start, size, total)})

    # A chat: newest page first; opaque cursors "m<id>" page older (before=) and newer (after=)
    # messages; around=<id> answers the limit-aligned page holding that message.
    def route_chat(self, path, query, total, delay):
        size = integer(query, "limit", 20)
        before, after, around = first(query, "before"), first(query, "after"), first(query, "around")
        if before:
            end = int(before[1:])
            start = max(0, end - size)
        elif after:
            start = int(after[1:])
            end = min(total, start + size)
        elif around:
            start = int(around) // size * size
            end = min(total, start + size)
        else:
            end = total
            start = max(0, end - size)
        self.send_json({"messages": items(start, end - start, total),
                        "older": ("m%d" % start) if start > 0 else None,
                        "newer": ("m%d" % end) if end < total else None,
                        "offset": start})

    def route_link(self, path, query, total, gate):
        # With an `offset` parameter, the links name offsets (`offset`/`limit`), not pages.
        by_offset = "offset" in query
        page_name = query.get("page_name", ["page"])[0]
        size = integer(query, "limit" if by_offset else "per_page", 30)
        page = integer(query, "offset", 0) // size + 1 if by_offset else integer(query, page_name, 1)
        start = (page - 1) * size
        last = max(1, (total + size - 1) // size)
        rest = {k: v[0] for k, v in query.items() if k not in (page_name, "offset")}

        def url(p):
            where = {"offset": (p - 1) * size} if by_offset else {page_name: p}
            return "%s%s?%s" % (self.base(), path, urlencode(dict(rest, **where)))

        # Deliberately varied formatting: spacing, quoted and unquoted rel, extra params,
        # a comma inside a quoted title, and rel="next" not first.
        links = ['<%s>; rel="first"' % url(1), '<%s> ;rel=last ; title="last, page"' % url(last)]
        if page < last:
            links.insert(1, '<%s>;  type="application/json";REL = "prefetch next"' % url(page + 1))
        if page > 1:
            links.append('<%s>; rel="prev"' % url(page - 1))
        self.send_json(items(start, size, total), headers=[("Link", " ,  ".join(links))])

    def route_nested(self, path, query, total, gate):
        page = integer(query, "page", 1)
        size = integer(query, "page_size", 20)
        start = (page - 1) * size
        self.send_json({"data": {"list": {"items": items(start, size, total)}},
                        "meta": {"more": start + size < total, "total": total}})

    def route_custom(self, path, query, total, gate):
        after = first(query, "after")
        start = int(after[1:]) if after else 0
        size = integer(query, "limit", 20)
        more = start + size < total
        self.send_json({"payload": {"entries": items(start, size, total), "more": more,
                                    "after": ("a%d" % (start + size)) if more else None}})

    def route_flaky(self, path, query, total, gate):
        key = first(query, "key", "")
        fail = integer(query, "fail", 1)
        with FLAKY_LOCK:
            seen = FLAKY_COUNTS.get(key, 0)
            FLAKY_COUNTS[key] = seen + 1
        if seen < fail:
            self.send(500, "Internal Server Error: the database is on fire (request %d)" % (seen + 1),
                      "text/plain")
            return
        self.route_drf_page(path, query, total, gate)

    def route_malformed(self, path, query, total, gate):
        self.send(200, '[{"id": 1, "name": "item 1"}, {"id": 2, "na')

    def route_wrongtype(self, path, query, total, gate):
        self.send(200, '[{"id": 0, "name": "a"}, {"id": 1, "name": "b"}, {"id": "two", "name": "c"}]')

    def route_truncated(self, path, query, total, gate):
        body = b'[{"id": 0, "name": "item 0"}, {"id": 1, '
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "4000")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        self.close_connection = True

    def route_hangup(self, path, query, total, gate):
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)

    def route_chunkeddrop(self, path, query, total, gate):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(b"40\r\n" + b'[{"id": 0, "name": "item 0"}, {"id": 1, ')
        self.wfile.flush()
        self.close_connection = True
        self.connection.shutdown(socket.SHUT_RDWR)

    def echo_secret_body(self, query):
        return "denied: authorization=%r query=%r" % (self.headers.get("Authorization"), query)

    def route_unauthorized(self, path, query, total, gate):
        self.send(401, self.echo_secret_body(query), "text/plain")

    def route_forbidden(self, path, query, total, gate):
        self.send(403, self.echo_secret_body(query), "text/plain")

    def route_big(self, path, query, total, gate):
        wanted = integer(query, "bytes", 1 << 20)
        one = {"id": 0, "name": "x" * 1000}
        count = wanted // 1000 + 1
        self.send(200, json.dumps([dict(one, id=i) for i in range(count)]))

    def route_html(self, path, query, total, gate):
        self.send(200, "<html><body>captive portal</body></html>", "text/html; charset=utf-8")

    def route_echo(self, path, query, total, gate):
        self.send_json({"method": self.command, "path": path, "query": query,
                        "headers": {k.lower(): v for k, v in self.headers.items()}})

    def route_status(self, path, query, total, gate):
        self.send(integer(query, "code", 500), "status page for %r" % query, "text/plain")


    # --- Sign-in: expiring tokens, and a server that repeats page 1 --------------------------
    # Per account (query `account`), the server holds the valid tokens and counts what happened:
    #   /auth/login    mints a token for `account` -> {"token": t}
    #   /auth/refresh  counts a refresh, revokes the account's tokens and mints a new one;
    #                  `fail=1` answers 400 invalid_grant instead, `reject=1` a token never valid
    #   /auth/expire   revokes every token of `account` (the test decides when a token expires)
    #   /auth/items    /drf/page for `Authorization: Bearer <a valid token of account>`, else a 401
    #                  whose body echoes the header (a careless API)
    #   /auth/stats    {"refreshes": n, "requests": n, "refused": n, "tokens": [...]} of `account`
    #   /repeatfirst   /drf/page that ignores `page`: always page 1, with a `next` link onwards

    def auth_account(self, query):
        name = first(query, "account", "")
        with AUTH_LOCK:
            return AUTH.setdefault(name, {"valid": set(), "minted": 0, "refreshes": 0,
                                          "requests": 0, "refused": 0})

    @staticmethod
    def mint(account):
        account["minted"] += 1
        # `+ / = ~` and a space: characters that percent-encoding and redaction must survive.
        return "s3cr3t+/=~ %d.%s" % (account["minted"], os.urandom(6).hex())

    def route_auth_login(self, path, query, total, gate):
        account = self.auth_account(query)
        with AUTH_LOCK:
            token = self.mint(account)
            account["valid"].add(token)
        self.send_json({"token": token})

    def route_auth_refresh(self, path, query, total, gate):
        account = self.auth_account(query)
        with AUTH_LOCK:
            account["refreshes"] += 1
            if first(query, "fail"):
                failed = True
            else:
                failed = False
                token = self.mint(account)
                if not first(query, "reject"):
                    account["valid"] = {token}
        if failed:
            self.send_json({"error": "invalid_grant"}, code=400)
        else:
            self.send_json({"token": token})

    def route_auth_expire(self, path, query, total, gate):
        account = self.auth_account(query)
        with AUTH_LOCK:
            expired = len(account["valid"])
            account["valid"] = set()
        self.send_json({"expired": expired})

    def route_auth_items(self, path, query, total, gate):
        account = self.auth_account(query)
        header = self.headers.get("Authorization") or ""
        with AUTH_LOCK:
            account["requests"] += 1
            allowed = header.startswith("Bearer ") and header[len("Bearer "):] in account["valid"]
            if not allowed:
                account["refused"] += 1
        if not allowed:
            self.send(401, self.echo_secret_body(query), "text/plain")
            return
        self.route_drf_page(path, query, total, gate)

    def route_auth_stats(self, path, query, total, gate):
        account = self.auth_account(query)
        with AUTH_LOCK:
            stats = {k: account[k] for k in ("refreshes", "requests", "refused")}
            stats["tokens"] = sorted(account["valid"])
        self.send_json(stats)

    def route_repeatfirst(self, path, query, total, gate):
        page = integer(query, "page", 1)
        size = integer(query, "page_size", 20)
        rest = {k: v[0] for k, v in query.items() if k != "page"}
        nxt = "%s%s?%s" % (self.base(), path, urlencode(dict(rest, page=page + 1)))
        self.send_json({"count": total, "next": nxt, "previous": None, "results": items(0, size, total)})

    # --- End of the sign-in block ------------------------------------------------------------


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that gives up (a timeout or cancellation test) is expected; stay quiet.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def watch_parent(parent):
    """Ends this process as soon as `parent` (the test process that started it) has ended.

    A closed stdin is not enough: a test process killed mid-run leaves the pipe open in every other
    child that inherited its end. Nor is Linux's PR_SET_PDEATHSIG: it fires when the parent's
    *thread* that started this process exits, and Foundation starts it from a pool thread that may
    retire while the test still runs. So: a pidfd of the parent where the system has one (Linux),
    readable when the parent has ended; elsewhere, a poll of getppid(), which changes when this
    process is handed to a new parent.
    """
    if os.getppid() != parent:
        os._exit(0)  # it ended before this process looked
    if hasattr(os, "pidfd_open"):
        try:
            fd = os.pidfd_open(parent)
        except OSError:
            fd = None  # already gone (or no pidfds here): the getppid() checks decide
        if fd is not None and os.getppid() == parent:  # the pidfd is the parent's, not a new owner's
            select.select([fd], [], [])
            os._exit(0)
    while os.getppid() == parent:
        threading.Event().wait(0.5)
    os._exit(0)  # handler threads may be waiting at a gate: nothing here needs an orderly end


def main():
    # The process that started this one says its pid (`--parent PID`): one that ends while this
    # one starts up must not leave it watching whoever inherited it.
    arguments = sys.argv[1:]
    parent = int(arguments[arguments.index("--parent") + 1]) if "--parent" in arguments else os.getppid()
    # What a test process's child may inherit: pipes another thread opened while Foundation started
    # this process (another server's stdin, a probe's stdout, whose readers would wait for this
    # process to close them), and the blocked signals of the thread that started it (SIGTERM among
    # them on a dispatch thread). Drop both before serving. Sockets stay: one of them is how
    # Foundation learns that this process has exited.
    for name in os.listdir("/dev/fd"):
        fd = int(name)
        try:
            if fd > 2 and stat.S_ISFIFO(os.fstat(fd).st_mode):
                os.close(fd)
        except OSError:
            pass  # the directory's own descriptor, closed by now
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)

    def watch_stdin():
        try:
            while sys.stdin.buffer.read(1024):
                pass
        finally:
            server.shutdown()

    threading.Thread(target=watch_stdin, daemon=True).start()
    threading.Thread(target=watch_parent, args=(parent,), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.1)
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
