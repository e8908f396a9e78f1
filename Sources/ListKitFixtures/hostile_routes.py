"""Hostile routes of the loopback fixture server (imported by page_server.py): a server that
tries to get the user's token out of ListKit, exhaust its memory or time, or crash it.

Every route is under /hostile/. The token is whatever the request carries in its Authorization
header (after "Bearer "), its X-Api-Key header, or its access_token query parameter.

  /hostile/redirect  answers `code` (default 302) with Location `to`
  /hostile/record    answers 200 [] and records the request line and headers
  /hostile/recorded  every request /hostile/record saw, as JSON strings (the test searches them)
  /hostile/echo      answers `code` (default 401) with the token in `encoding` (see ENCODINGS)
  /hostile/wrongtype 200 JSON array whose first id is the token as a string, after `prefix` x's
  /hostile/badkey    200 JSON array whose first item has the token as its only key
  /hostile/nexttoken DRF page 1 whose `next` is page 2 on this origin with the token in `param`
                     (percent-encoded in lower case); page 2 answers 500 echoing the query
  /hostile/drip      200 with Content-Length `announce` (or chunked when absent), then `chunk`
                     bytes each time gate `drip` opens, forever; the test sees the hang-up there
  /hostile/big       a body of `bytes` bytes, streamed, with Content-Length unless `chunked=1`
  /hostile/bomb      `bytes` zeros inside a JSON string, compressed with `coding` (gzip or
                     deflate), with Content-Length unless `chunked=1`
  /hostile/retry     answers `code` (default 429) with Retry-After `after` (none when absent)
  /hostile/hop       302 to /hostile/hop on this origin with `n` one less; at n=0, 200 []
"""
import base64
import json
import threading
import zlib

ENCODINGS = {
    "raw": lambda t: t,
    "json": lambda t: json.dumps(t).replace("/", "\\/")[1:-1],
    "jsonunicode": lambda t: "".join("\\u%04x" % ord(c) for c in t),
    "percentlower": lambda t: "".join("%%%02x" % b for b in t.encode()),
    "percentupper": lambda t: "".join("%%%02X" % b for b in t.encode()),
    "percentdouble": lambda t: "".join("%%25%02X" % b for b in t.encode()),
    "form": lambda t: "".join(c if c.isalnum() else ("+" if c == " " else "%%%02X" % ord(c)) for c in t),
    "base64": lambda t: base64.b64encode(b"user:" + t.encode()).decode(),
    "base64url": lambda t: base64.urlsafe_b64encode(b"xy" + t.encode()).decode(),
    "hex": lambda t: t.encode().hex().upper(),
    "html": lambda t: "".join("&#x%x;" % ord(c) for c in t),
    "prefix": lambda t: "x" * 190 + t,
    "combining": lambda t: t + "\u0301 was your token",
    "jwt": lambda t: ".".join([
        base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("="),
        base64.urlsafe_b64encode(json.dumps({"sub": "someone", "tok": t}).encode()).decode().rstrip("="),
        "c2lnbmF0dXJl"]),
    "multiline": lambda t: t[: len(t) // 2] + "\n" + t[len(t) // 2:],
}
BOMBS = {}
RECORDED = []
RECORDED_LOCK = threading.Lock()


class HostileRoutes:
    """Mixed into the fixture server's request handler."""

    def hostile_token(self, query):
        auth = self.headers.get("Authorization") or ""
        if auth.startswith("Bearer "):
            return auth[len("Bearer "):]
        return self.headers.get("X-Api-Key") or (query.get("access_token") or [""])[0]

    def route_hostile_redirect(self, path, query, total, gate):
        self.send_response(int((query.get("code") or ["302"])[0]))
        self.send_header("Location", query["to"][0])
        self.send_header("Content-Length", "0")
        self.end_headers()

    def route_hostile_hop(self, path, query, total, gate):
        n = int((query.get("n") or ["0"])[0])
        if n <= 0:
            self.send_json([])
            return
        self.send_response(302)
        self.send_header("Location", "%s/hostile/hop?n=%d" % (self.base(), n - 1))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def route_hostile_record(self, path, query, total, gate):
        with RECORDED_LOCK:
            RECORDED.append("%s %s\n%s" % (self.command, self.path, self.headers.as_string()))
        self.send_json([])

    def route_hostile_recorded(self, path, query, total, gate):
        with RECORDED_LOCK:
            self.send_json(list(RECORDED))

    def route_hostile_echo(self, path, query, total, gate):
        encoding = (query.get("encoding") or ["raw"])[0]
        echoed = ENCODINGS[encoding](self.hostile_token(query))
        body = json.dumps({"detail": "invalid token", "token": echoed}, ensure_ascii=False)
        if encoding in ("json", "jsonunicode"):
            body = '{"detail": "invalid token", "token": "%s"}' % echoed
        self.send(int((query.get("code") or ["401"])[0]), body)

    def route_hostile_wrongtype(self, path, query, total, gate):
        prefix = "x" * int((query.get("prefix") or ["0"])[0])
        self.send(200, json.dumps([{"id": prefix + self.hostile_token(query), "name": "a"}]))

    def route_hostile_badkey(self, path, query, total, gate):
        self.send(200, json.dumps([{self.hostile_token(query): 1}]))

    def route_hostile_nexttoken(self, path, query, total, gate):
        if (query.get("page") or ["1"])[0] != "1":
            self.send(500, "page 2 failed for %s" % self.path, "text/plain")
            return
        param = (query.get("param") or ["cursor"])[0]
        token = "".join("%%%02x" % b for b in self.hostile_token(query).encode())
        nxt = "%s/hostile/nexttoken?page=2&%s=%s" % (self.base(), param, token)
        self.send_json({"count": 4, "next": nxt, "previous": None,
                        "results": [{"id": 0, "name": "item 0"}, {"id": 1, "name": "item 1"}]})

    def route_hostile_drip(self, path, query, total, gate):
        chunk = b" " * int((query.get("chunk") or ["1024"])[0])
        announce = (query.get("announce") or [None])[0]
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if announce:
            self.send_header("Content-Length", announce)
        else:
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        name = (query.get("drip") or ["drip"])[0]
        while True:
            data = chunk if announce else b"%x\r\n%s\r\n" % (len(chunk), chunk)
            self.wfile.write(data)
            self.wfile.flush()
            if not self.pass_gate(name):
                return

    def route_hostile_big(self, path, query, total, gate):
        size = int((query.get("bytes") or [str(1 << 20)])[0])
        chunked = (query.get("chunked") or ["0"])[0] == "1"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        block = b" " * (1 << 16)
        sent = 0
        while sent < size:
            part = block[: min(len(block), size - sent)]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part) if chunked else part)
            sent += len(part)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")

    def route_hostile_bomb(self, path, query, total, gate):
        size = int((query.get("bytes") or [str(64 << 20)])[0])
        coding = (query.get("coding") or ["gzip"])[0]
        chunked = (query.get("chunked") or ["0"])[0] == "1"
        key = (size, coding)
        if key not in BOMBS:
            wbits = 31 if coding == "gzip" else 15
            compressor = zlib.compressobj(9, zlib.DEFLATED, wbits)
            parts = [compressor.compress(b'["')]
            block = b"0" * (1 << 20)
            for _ in range(size >> 20):
                parts.append(compressor.compress(block))
            parts.append(compressor.compress(b'"]'))
            parts.append(compressor.flush())
            BOMBS[key] = b"".join(parts)
        body = BOMBS[key]
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", coding)
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        step = 1 << 14
        for start in range(0, len(body), step):
            part = body[start:start + step]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part) if chunked else part)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")

    def route_hostile_retry(self, path, query, total, gate):
        after = (query.get("after") or [None])[0]
        headers = [("Retry-After", after)] if after else []
        self.send(int((query.get("code") or ["429"])[0]), '{"detail": "slow down"}', headers=headers)
