"""The edits routes of the fixture server: a server of edits that honours `Idempotency-Key`.

  POST /edits   body {"tag": "...", "id": n, "title": "...", "remove": bool}, header Idempotency-Key:
                the first request with a key applies the edit (the item with that id takes that
                title with " ✓" after it, as a server that adds its own mark, or is removed) and
                answers 200 with the item as the server now has it; a later one with the same key
                applies nothing and answers as the first did. Each edit's `tag` names the user's edit:
                the server counts how often an edit took effect, which must be once whatever the
                retries. It waits `EDIT_DELAY` seconds after applying and before answering, so that
                a client killed in that window leaves an edit applied but unanswered.
  GET /edits/state  {"effects": {tag: n}, "keys": {key: requests}, "items": {id: title}}
"""
import json
import threading
import time

EDITS_LOCK = threading.Lock()
ANSWERS = {}  # idempotency key -> the answer of its first request
KEYS = {}  # idempotency key -> the number of requests with it
EFFECTS = {}  # edit tag -> the number of times it took effect
ITEMS = {}  # item id -> title
EDIT_DELAY = 0.002


class EditRoutes:
    def post_edit(self, request):
        key = self.headers.get("Idempotency-Key")
        if not key:
            self.send(400, "an edit needs an Idempotency-Key", "text/plain")
            return
        with EDITS_LOCK:
            KEYS[key] = KEYS.get(key, 0) + 1
            answer = ANSWERS.get(key)
            if answer is None:
                item_id = int(request["id"])
                tag = str(request["tag"])
                EFFECTS[tag] = EFFECTS.get(tag, 0) + 1
                if request.get("remove"):
                    ITEMS.pop(item_id, None)
                    answer = {"id": item_id, "title": ""}
                else:
                    ITEMS[item_id] = str(request["title"]) + " \u2713"
                    answer = {"id": item_id, "title": ITEMS[item_id]}
                ANSWERS[key] = answer
                fresh = True
            else:
                fresh = False
        if fresh:
            time.sleep(EDIT_DELAY)
        self.send_json(answer)

    def route_edits_state(self, path, query, total, gate):
        with EDITS_LOCK:
            self.send_json({"effects": dict(EFFECTS), "keys": dict(KEYS),
                            "items": {str(k): v for k, v in ITEMS.items()}})
