#!/usr/bin/env bash
# Drives the interactive listkit-demo the way a person does: in a detached tmux session of a
# fixed size, with send-keys, reading the screen with capture-pane. Every wait polls the pane
# with a deadline (no fixed sleeps), so the script is bounded and does not depend on timing.
#
# usage: Tests/Scripts/demo-tmux-test.sh [path/to/listkit-demo [PART]]
#   (default: .build/debug/listkit-demo; build it first with `swift build`)
#   PART runs one group of scenarios: launch, failure, edits, rollback, chat or signals (default:
#   all of them, one after the other); the test suite runs each part as a test of its own.
# exit status: 0 passed, 1 failed, 77 skipped (tmux is not installed)
set -euo pipefail
cd "$(dirname "$0")/../.."

# Close every descriptor inherited from whoever started this script (a test runner's sockets
# and pipes): tmux's server outlives this script and would keep them open, so a connection the
# runner closes would stay open and a pipe it closes would never reach end-of-file. 255 is the
# script itself.
for fd in /proc/$$/fd/*; do
  fd=${fd##*/}
  if [ "$fd" -gt 2 ] && [ "$fd" -ne 255 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
done

demo=${1:-${LISTKIT_DEMO:-.build/debug/listkit-demo}}
demo=$(cd "$(dirname "$demo")" && pwd)/$(basename "$demo")
only=${2:-all}
case $only in
  all | launch | failure | edits | rollback | chat | signals) ;;
  *) echo "FAIL: unknown part '$only'"; exit 1 ;;
esac
# part NAME: whether this run includes the scenarios of part NAME.
part() { [ "$only" = all ] || [ "$only" = "$1" ]; }
if ! command -v tmux >/dev/null 2>&1; then
  echo "SKIP: tmux is not installed"
  exit 77
fi
[ -x "$demo" ] || { echo "FAIL: $demo is not built (run swift build)"; exit 1; }

# A demo built under a sanitizer (`swift test --sanitize=...`) has the sanitizer's crash handler
# beneath its own: the demo restores the terminal and re-raises, then the sanitizer reports a
# SIGSEGV and exits with its own status instead of dying of the signal (AddressSanitizer 1,
# ThreadSanitizer 66). SIGILL, SIGINT and SIGTERM keep their default actions.
sanitizer=none
symbols=$( (nm "$demo" || llvm-nm "$demo") 2>/dev/null || true)
if grep -qE ' T __tsan_init$' <<<"$symbols"; then sanitizer=thread
elif grep -qE ' T __asan_init$' <<<"$symbols"; then sanitizer=address
fi
echo "   sanitizer in the demo: $sanitizer"

unset TMUX
# One tmux server per scenario, so a server still shutting down never meets the next one.
scenario=0
socket="listkit-demo-test-$$-0"
work=$(mktemp -d)
tmx() { tmux -L "$socket" -f /dev/null "$@"; }
# A demo killed with its server may still be saving its cached page: retry the removal once.
cleanup() {
  tmx kill-server >/dev/null 2>&1 || true
  rm -rf "$work" 2>/dev/null || { sleep 0.5; rm -rf "$work"; } || true
}
trap cleanup EXIT

step() { echo "== $*"; }
fail() {
  echo "FAIL: $*"
  echo "-- screen:"
  tmx capture-pane -p -t demo 2>/dev/null | sed 's/^/  | /' || true
  exit 1
}
screen() { tmx capture-pane -p -t demo; }

# poll PATTERN SECONDS: succeeds as soon as the screen matches the extended regex.
poll() {
  local pattern=$1 end=$((SECONDS + $2))
  while ((SECONDS < end)); do
    if screen | grep -qE -- "$pattern"; then return 0; fi
    sleep 0.1
  done
  return 1
}
# poll_until SECONDS COMMAND...: succeeds as soon as COMMAND (reading the screen) succeeds.
poll_until() {
  local end=$((SECONDS + $1))
  shift
  while ((SECONDS < end)); do
    if "$@"; then return 0; fi
    sleep 0.1
  done
  return 1
}
# expect PATTERN SECONDS WHAT: like poll, but failing the test.
expect() { poll "$1" "$2" || fail "timed out after $2 s waiting for /$1/: $3"; }
keys() { tmx send-keys -t demo "$@"; }
demo_pid() {
  local shell
  shell=$(tmx display-message -p -t demo '#{pane_pid}')
  local subshell
  subshell=$(ps -o pid= --ppid "$shell" | tr -d ' ' | head -n 1)
  ps -o pid= --ppid "$subshell" | tr -d ' ' | head -n 1
}

# A shell in a 100x30 window, with a marker on its screen and its terminal settings saved.
start_shell() {
  scenario=$((scenario + 1))
  socket="listkit-demo-test-$$-$scenario"
  tmx new-session -d -s demo -x 100 -y 30 "env -i PATH=$PATH TERM=xterm-256color HOME=$work bash --norc --noprofile"
  keys "PS1='prompt\$ '; clear; stty -a > $work/stty-before; echo BEFORE-DEMO" Enter
  expect '^BEFORE-DEMO$' 10 "the shell to start"
}

# The demo is gone, the shell's screen is back, and the terminal settings are as before.
# expect_restored STATUS [REPORT]: also, under a sanitizer, the demo's report (written to a file,
# not the screen) must be empty, or name REPORT (the crash the sanitizer reported).
expect_restored() {
  local status=$1 report=${2:-}
  expect "^DEMO-EXIT=$status\$" 20 "the demo to exit with status $status"
  screen | grep -qE '^BEFORE-DEMO$' || fail "the shell's screen did not come back"
  ! screen | grep -q 'q quit' || fail "the demo's screen is still showing"
  rm -f "$work/stty-after"
  keys "stty -a > $work/stty-after; echo STTY-DONE" Enter
  expect '^STTY-DONE$' 10 "stty to run"
  # The first line holds the window size, which a resize may change.
  tail -n +2 "$work/stty-before" >"$work/modes-before"
  tail -n +2 "$work/stty-after" >"$work/modes-after"
  diff "$work/modes-before" "$work/modes-after" >/dev/null ||
    fail "terminal modes differ after the demo: $(diff "$work/modes-before" "$work/modes-after" | tr '\n' ' ')"
  grep -qE '(^| )icanon( |$)' "$work/stty-after" || fail "icanon is off after the demo"
  grep -qE '(^| )echo( |$)' "$work/stty-after" || fail "echo is off after the demo"
  if [ "$sanitizer" != none ]; then
    local found
    found=$(cat "$work"/sanitizer.* 2>/dev/null || true)
    if [ -z "$report" ]; then
      [ -z "$found" ] || fail "the $sanitizer sanitizer reported in the demo: $found"
    else
      grep -q -- "$report" <<<"$found" || fail "no $report report from the $sanitizer sanitizer: $found"
    fi
  fi
}

run_demo() {
  # The crash handler restores the terminal and then chains to the Swift runtime's crash report;
  # the report would scroll the shell's screen away and wait for a key, so it is off here.
  # In a subshell: an interactive shell drops the rest of a command line when a job dies of
  # SIGINT, and the exit status is what the test needs.
  # A sanitizer's report goes to a file (sanitizer.PID), so that it never hides the screen.
  rm -f "$work"/sanitizer.*
  keys "clear; echo BEFORE-DEMO; (SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=log_path=$work/sanitizer TSAN_OPTIONS=log_path=$work/sanitizer '$demo' $*; echo DEMO-EXIT=\$?)" Enter
  expect 'q quit' 20 "the demo to draw its first screen"
}

if part launch; then
step "flags: a bad flag is one line on stderr and status 2; --help is status 0"
set +e
"$demo" --bogus >"$work/out" 2>"$work/err"; status=$?
set -e
[ "$status" -eq 2 ] || fail "--bogus exited with $status, not 2"
[ "$(wc -l <"$work/err")" -eq 1 ] || fail "--bogus printed $(wc -l <"$work/err") lines on stderr"
[ ! -s "$work/out" ] || fail "--bogus printed on stdout"
"$demo" --help | grep -q -- '--fail-rate' || fail "--help does not list --fail-rate"

step "scroll to the end: every page loads, then 'no more data'"
start_shell
# Pages of 40 overfill the 29-line list, so exactly one page loads at launch.
run_demo --latency 100ms --page-size 40 --count 150 --seed 5
expect ' 40 photos · 1 page · idle │' 10 "the first page"
for _ in $(seq 1 12); do
  keys End
  if poll ' 150 photos · 4 pages · all loaded │' 3; then break; fi
done
expect ' 150 photos · 4 pages · all loaded │' 30 "all four pages after End"
keys End
expect '^No more data' 30 "the status row at the end"
screen | tail -n 1 | grep -q 'q quit' || fail "the key help is not on the last line"

step "refresh: r starts over from the first page"
keys r
expect ' 40 photos · 1 page · idle │' 10 "the refreshed first page"

step "resize: the screen follows the window"
tmx resize-window -t demo -x 70 -y 18
# Redrawn for 18 lines of 70 columns: the status on line 18, and rules exactly 70 columns wide
# (drawn for the new width, not clipped from 100, not wrapped).
redrawn_at_70x18() {
  screen | python3 -c '
import sys
lines = sys.stdin.read().split("\n")
status = [n for n, l in enumerate(lines, 1) if l.startswith(" 40 photos · ")]
sys.exit(0 if status == [18] and "── Photos " + "─" * 60 in lines else 1)'
}
poll_until 10 redrawn_at_70x18 || fail "the screen was not redrawn for 70x18 after the resize"

step "quit with q restores the terminal"
keys q
expect_restored 0

step "a second launch shows the cached first page with its age, then refreshes"
# The first run saved its first page under \$HOME/.cache (HOME is the scratch directory). With
# 10 s of latency the cached page is on screen well before the refresh answers, even in a
# sanitizer build on a loaded machine.
tmx resize-window -t demo -x 100 -y 30
run_demo --latency 10s --page-size 40 --count 150 --seed 5
expect '40 photos loaded · 1 page · [0-9]+ pinned · cached page, [0-9]+ s old · refreshing…' 10 "the cached page"
expect ' 40 photos · 1 page · idle │' 40 "the refresh to replace the cached page"
! screen | grep -q 'cached page' || fail "the cached page's age is still shown after the refresh"
keys q
expect_restored 0
tmx kill-server
fi

if part failure; then
step "an injected failure shows the error; r retries it"
start_shell
run_demo --latency 50ms --fail-rate 0.5 --page-size 40 --count 150 --seed 11
failed=no
for _ in $(seq 1 12); do
  if poll 'press r to retry' 2; then failed=yes; break; fi
  keys End
done
[ "$failed" = yes ] || fail "no injected failure showed up with --fail-rate 0.5 --seed 11"
before=$(screen | grep -oE '^ [0-9]+ photos' | head -n 1)
for _ in $(seq 1 12); do
  keys r
  if poll 'pages? · (idle|all loaded) │' 3; then break; fi
done
expect 'pages? · (idle|all loaded) │' 30 "a retry to succeed"
after=$(screen | grep -oE '^ [0-9]+ photos' | head -n 1)
echo "   before retry: $before; after: $after"
! screen | grep -q 'press r to retry' || fail "the error footer is still shown after a successful retry"

step "Ctrl-C quits and restores the terminal"
keys C-c
expect_restored 0
tmx kill-server
fi

if part edits; then
step "edits: n shows a new photo at the top at once, then under the server's id; l and d are kept"
start_shell
# A 6 s latency keeps each edit pending for 6 s, so "at once" is seen on a busy machine too.
run_demo --latency 6s --page-size 40 --count 150 --seed 5 --no-cache
expect ' 40 photos · 1 page · idle' 30 "the first page"
keys n
expect '^ +-[0-9]+ +New photo' 6 "the new photo at the top at once"
expect 'new photo saved' 40 "the server to keep the new photo"
expect '^ +151 +New photo' 30 "the server's id in place of the temporary one"
keys Down Down
keys l
expect 'like of [0-9]+ saved' 40 "a like to be kept"
keys d
expect 'delete of [0-9]+ saved' 40 "a delete to be kept"
keys q
expect_restored 0
tmx kill-server
fi

if part rollback; then
step "edits: with --fail-rate, a refused like rolls back"
start_shell
run_demo --latency 50ms --fail-rate 0.5 --page-size 40 --count 150 --seed 11 --no-cache
for _ in $(seq 1 12); do
  if poll ' 40 photos · 1 page · idle' 2; then break; fi
  keys r
done
expect ' 40 photos · 1 page · idle' 30 "a first page"
keys Down Down
refused=no
for _ in $(seq 1 20); do
  keys l
  if poll 'like of [0-9]+ failed, rolled back' 2; then refused=yes; break; fi
done
[ "$refused" = yes ] || fail "no like was refused with --fail-rate 0.5 --seed 11"
keys q
expect_restored 0
tmx kill-server
fi

if part chat; then
step "chat: a typed line and Enter show the message at the bottom at once; the server keeps it"
start_shell
keys "clear; echo BEFORE-DEMO; ('$demo' --chat --latency 6s --count 60 --page-size 20 --no-cache; echo DEMO-EXIT=\$?)" Enter
expect 'Enter sends' 40 "the chat to draw its first screen"
keys -l "Hello tmux"
expect '› Hello tmux' 30 "the message being typed on the status line"
keys Enter
expect '^ +-[0-9]+ +Hello tmux' 6 "the message at the bottom at once"
expect 'message saved' 40 "the server to keep the message"
expect '^ +61 +Hello tmux' 30 "the server's id in place of the temporary one"
keys C-c
expect_restored 0
tmx kill-server
fi

# SIGINT and SIGTERM from outside (raw mode turns Ctrl-C into a key), SIGSEGV and SIGILL as a
# crash and a Swift trap would raise them.
if part signals; then
  for signal in INT TERM SEGV ILL; do
    step "SIG$signal restores the terminal"
    start_shell
    run_demo --latency 0
    pid=$(demo_pid)
    [ -n "$pid" ] || fail "no demo process found"
    kill -s "$signal" "$pid"
    case $signal in INT) code=130 ;; TERM) code=143 ;; SEGV) code=139 ;; ILL) code=132 ;; esac
    report=
    case $sanitizer/$signal in address/SEGV | thread/SEGV) report=SEGV ;; esac
    case $sanitizer/$signal in address/SEGV) code=1 ;; thread/SEGV) code=66 ;; esac
    expect_restored "$code" "$report"
    tmx kill-server
  done
fi

echo "PASS: demo-tmux-test ($only)"
