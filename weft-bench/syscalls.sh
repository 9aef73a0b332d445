#!/usr/bin/env bash
# System calls and futex calls per round trip, Weft beside Tokio, on W3 (pingpong) and W6 (echo):
#   weft-bench/syscalls.sh [--tool perf|strace] [--secs S] [W3] [W6]      (from the project's root;
#   default: perf, 5 s of counted W6 load, both workloads)
# Needs weft-bench/target/weft-bench.jar built with -am (weft-bench/run does; a jar shaded by
# `mvn -pl weft-bench package` alone carries whatever weft-core the shared ~/.m2 holds), weft-examples built
# (mvn -B -q -o -pl weft-examples -am package -DskipTests), the Tokio programs of
# ../shared/anchors (build.sh builds them and prints their directory), perf or strace, python3.
#
# W3: the whole process under the tool, start to exit: RunOne W3 <impl> (WEFT_IMPLS, default
#   "weft") and tokio_rt W3; each runs a warm-up pass and the measured pass of P = 1,000 pairs x
#   R = 1,000 round trips, so the divisor is 2,000,000 round trips. For Weft also "<impl>-1pass":
#   the same run minus a run without the warm-up pass (-Dweft.bench.warmups=0), divided by the
#   1,000,000 round trips of the pass that makes the difference (JVM start-up and exit cancel out).
# W6: the server alone (Weft: weft-examples' EchoServer, "weft" on NIO's selector and "weft-epoll"
#   with --enable-native-access, so on the native epoll poller, "weft-uring" on io_uring
#   (-Dweft.poller=io_uring); W6_SERVERS chooses; Tokio:
#   tokio_rt W6), loaded by Tokio's
#   echo_load (100 connections, 64-byte messages, 2 client threads, as paired-w6.sh): first 3 s
#   of load untraced (the JIT's warm-up), then the tool attaches to the running server, echo_load
#   runs 2 s warm-up + S s, the tool detaches; the divisor is echo_load's all_round_trips (every
#   round trip of that load, its warm-up included).
# --tool perf: W3 under `perf trace -s -m 4096` (per-thread tables, 16 MiB buffers; fails if perf lost
#   events), W6 with `perf stat --per-thread -p` on syscall tracepoints (counting mode: exact, and
#   the lightest; perf trace loses events at W6's rate). Both split the counts per thread into the
#   runtime's threads (its prefix's, and weft-*), the main thread and the rest (JIT compilers, GC,
#   VM threads), and give the runtime's threads by name.
# --tool strace: `strace -c -f` (ptrace: far slower, which changes how often threads park and
#   re-arm; whole process only).
# Both slow the programs down (strace many times over): the counts per round trip matter, not the
# speed. Prints a SYSCALLS line per (workload, implementation) and a table.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
tool=perf; secs=5; workloads=()
while [ $# -gt 0 ]; do
  case "$1" in
    --tool) tool="$2"; shift 2 ;;
    --secs) secs="$2"; shift 2 ;;
    W3|W6) workloads+=("$1"); shift ;;
    *) echo "usage: weft-bench/syscalls.sh [--tool perf|strace] [--secs S] [W3] [W6]" >&2; exit 2 ;;
  esac
done
[ ${#workloads[@]} -eq 0 ] && workloads=(W3 W6)
case "$tool" in perf|strace) command -v "$tool" >/dev/null || { echo "no $tool here" >&2; exit 1; } ;;
  *) echo "--tool perf or strace" >&2; exit 2 ;; esac
bin="$("$root/../shared/anchors/build.sh")" || exit 1
J=""; for j in /usr/lib/jvm/*25*/bin/java; do [ -x "$j" ] && { J="$j"; break; }; done
JAR="$here/target/weft-bench.jar"
WCP="$root/weft-core/target/classes:$root/weft-examples/target/classes"
[ -f "$JAR" ] || { echo "no $JAR: run weft-bench/run once" >&2; exit 2; }
work="$(mktemp -d)"; spid=""; tpid=""
trap '[ -n "$tpid" ] && kill "$tpid" 2>/dev/null; [ -n "$spid" ] && kill "$spid" 2>/dev/null; rm -rf "$work"' EXIT INT TERM

# trace OUT CMD...: CMD from start to exit under the tool, its summary in OUT
trace() {
  local out="$1"; shift
  if [ "$tool" = perf ]; then perf trace -s -m 4096 -o "$out" -- "$@"; else strace -c -f -o "$out" "$@"; fi
}
# the syscalls perf stat counts one by one (all of them: raw_syscalls:sys_enter; the rest is "other")
PERF_SYSCALLS="futex epoll_wait epoll_pwait epoll_ctl read write readv writev recvfrom sendto recvmsg sendmsg
  accept4 sched_yield ioctl poll ppoll mprotect madvise mmap munmap nanosleep clock_nanosleep lseek pread64
  rt_sigprocmask getrusage close io_uring_enter"
perf_events() {
  local e="raw_syscalls:sys_enter" c
  for c in $PERF_SYSCALLS; do e="$e,syscalls:sys_enter_$c"; done
  echo "$e"
}
# attach OUT PID: the tool on every thread of PID, in the background (tpid), until stopped with INT
attach() {
  if [ "$tool" = perf ]; then perf stat --per-thread -x';' -e "$(perf_events)" -o "$1" -p "$2" 2>/dev/null &
  else strace -c -f -o "$1" -p "$2" 2>/dev/null & fi
  tpid=$!
  # perf writes its "# started on" line once it counts; the first perf of a run can take seconds
  # to set its tracepoints up (a fixed sleep of 2 s then counted nothing at all)
  if [ "$tool" = perf ]; then
    for _ in $(seq 100); do grep -q '^# started on' "$1" 2>/dev/null && break; sleep 0.1; done
  fi
  sleep 2
}
detach() { kill -INT "$tpid" 2>/dev/null; wait "$tpid" 2>/dev/null; tpid=""; }
wait_port() { for _ in $(seq 150); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done; return 1; }

# report W IMPL ROUND_TRIPS RUNTIME_THREAD_PREFIX SUMMARY_FILE
report() {
  python3 - "$tool" "$@" <<'PY'
import re, sys
tool, w, impl, rts, prefix = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
def group_of(comm):
    if comm.startswith(prefix) or comm.startswith('weft-'):  # weft-driver: the process-wide driver thread
        return 'runtime'
    return 'main' if comm in ('java', 'tokio_rt') else 'other'
def counts(path, sign, groups):
    """Adds sign x the calls of the tool's summary at path to groups (group -> syscall -> calls)."""
    def add(group, name, calls, comm=None):
        for g in ('all', group) + ((f'thread {comm}',) if group == 'runtime' else ()):
            d = groups.setdefault(g, {})
            d[name] = d.get(name, 0) + sign * calls
    text = open(path).read()
    if tool == 'perf' and 'Summary of events' in text:  # perf trace -s: " comm (tid), N events, P%", rows
        if 'LOST' in text:
            sys.exit(f'perf trace lost events on {w} {impl}: ' + ' '.join(re.findall(r'LOST \d+ events', text)))
        head = re.compile(r'^ (.+) \((\d+)\), \d+ events')
        row = re.compile(r'^\s+([a-z_0-9]+)\s+(\d+)\s+(\d+)\s+[\d.]+')
        group = None
        for line in text.splitlines():
            m = head.match(line)
            if m:
                comm = m.group(1)
                group = group_of(comm)
            elif group and (m := row.match(line)):
                add(group, m.group(1), int(m.group(2)), comm)
    elif tool == 'perf':  # perf stat --per-thread -x';': "comm-tid;count;;event;..."
        threads = {}      # comm-tid -> event -> count
        for line in text.splitlines():
            p = line.split(';')
            if len(p) >= 4 and p[1].isdigit():
                threads.setdefault(p[0], {})[p[3].split(':')[1].replace('sys_enter_', '')] = int(p[1])
        for thread, c in threads.items():
            comm = thread.rsplit('-', 1)[0].strip()
            group = group_of(comm)
            listed = 0
            for ev, n in c.items():
                if ev != 'sys_enter':
                    add(group, ev, n, comm)
                    listed += n
            if c.get('sys_enter', 0) > listed:
                add(group, 'other', c['sys_enter'] - listed, comm)
    else:                 # strace -c: "% time  seconds  usecs/call  calls  [errors]  syscall" rows
        for line in text.splitlines():
            p = line.split()
            if len(p) >= 5 and p[0][0].isdigit() and p[-1] != 'total':
                add('process', p[-1], int(p[3]))  # no split per thread
groups = {}
counts(sys.argv[6], 1, groups)
if len(sys.argv) > 7:  # a baseline run to take away (the same program doing fewer round trips)
    counts(sys.argv[7], -1, groups)
def tot(g): return sum(groups.get(g, {}).values())
def fut(g): return groups.get(g, {}).get('futex', 0)
a = groups.get('all', {})
top = sorted(a.items(), key=lambda x: -x[1])[:6]
fields = [f'workload={w}', f'impl={impl}', f'tool={tool}', f'round_trips={rts}',
          f'futex={fut("all")}', f'all={tot("all")}',
          f'futex_per_rt={fut("all") / rts:.3g}', f'all_per_rt={tot("all") / rts:.3g}']
if tool == 'perf':
    for g in ('runtime', 'main', 'other'):
        fields += [f'{g}_futex_per_rt={fut(g) / rts:.3g}', f'{g}_all_per_rt={tot(g) / rts:.3g}']
fields.append('top=' + ','.join(f'{n}:{c / rts:.3g}' for n, c in top))
print('SYSCALLS ' + ' '.join(fields))
if tool == 'perf':
    rtop = sorted(groups.get('runtime', {}).items(), key=lambda x: -x[1])[:6]
    print(f'  {w} {impl}: the runtime\'s threads ({prefix}*): ' + ', '.join(f'{n} {c / rts:.3g}' for n, c in rtop) + ' per round trip')
    for g in sorted(k for k in groups if k.startswith('thread ')):
        t = sorted(((n, c) for n, c in groups[g].items() if c), key=lambda x: -x[1])[:5]
        if t:
            print(f'    {g[7:]} (threads of that name together): ' + ', '.join(f'{n} {c / rts:.3g}' for n, c in t))
PY
}

out="$work/all.txt"
for w in "${workloads[@]}"; do
  case "$w" in
    W3)
      for impl in ${WEFT_IMPLS:-weft}; do
        for warmups in 1 0; do   # 1: as RunOne runs it (2 passes); 0: the measured pass alone
          echo "[syscalls] W3 $impl (warm-up passes: $warmups) under $tool ..." >&2
          trace "$work/w3-$impl-$warmups.txt" "$J" -Xmx8g --enable-native-access=ALL-UNNAMED -Dweft.bench.warmups=$warmups \
            --add-exports java.base/jdk.internal.vm=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED \
            -cp "$JAR" dev.weft.bench.workload.RunOne W3 "$impl" 2>/dev/null | grep '^RESULT' >&2
        done
        report W3 "$impl" 2000000 weft-bench- "$work/w3-$impl-1.txt" | tee -a "$out"
        # the second pass alone: (2 passes) - (1 pass) = 1,000,000 round trips, no JVM start-up in it
        report W3 "$impl-1pass" 1000000 weft-bench- "$work/w3-$impl-1.txt" "$work/w3-$impl-0.txt" | tee -a "$out"
      done
      echo "[syscalls] W3 tokio under $tool ..." >&2
      trace "$work/w3-tokio.txt" "$bin/tokio_rt" W3 2>/dev/null | grep '^RESULT' >&2
      report W3 tokio 2000000 tokio-runtime-w "$work/w3-tokio.txt" | tee -a "$out"
      ;;
    W6)
      port=19700
      # The first perf stat attached to a server in a run counted nothing (or next to nothing),
      # every time, whichever server came first (the file then holds perf's header and a few
      # counts; not understood). So a server counted at fewer than 1 system call per round trip
      # (an echo server makes at least a read and a write) is measured again, once, said on stderr.
      for s in ${W6_SERVERS:-weft weft-epoll tokio}; do
        for attempt in 1 2; do
          port=$((port + 1))
          echo "[syscalls] W6 $s server, $tool attached for 2 + $secs s of load (attempt $attempt) ..." >&2
          if [ "$s" = weft ]; then
            "$J" -Xmx2g -cp "$WCP" dev.weft.examples.echo.EchoServer "$port" > "$work/w6-$s.log" 2>&1 &
            prefix=echo-worker-
          elif [ "$s" = weft-epoll ]; then
            "$J" -Xmx2g --enable-native-access=ALL-UNNAMED -cp "$WCP" dev.weft.examples.echo.EchoServer "$port" > "$work/w6-$s.log" 2>&1 &
            prefix=echo-worker-
          elif [ "$s" = weft-uring ]; then
            "$J" -Xmx2g --enable-native-access=ALL-UNNAMED -Dweft.poller=io_uring -cp "$WCP" dev.weft.examples.echo.EchoServer "$port" > "$work/w6-$s.log" 2>&1 &
            prefix=echo-worker-
          else
            "$bin/tokio_rt" W6 "$port" 120 > "$work/w6-$s.log" 2>&1 &
            prefix=tokio-runtime-w
          fi
          spid=$!
          wait_port "$port" || { echo "the $s server did not listen" >&2; exit 1; }
          "$bin/echo_load" 127.0.0.1 "$port" 100 3 64 "$s" 0 2 >/dev/null 2>&1   # untraced warm-up
          attach "$work/w6-$s.txt" "$spid"
          line=$("$bin/echo_load" 127.0.0.1 "$port" 100 "$secs" 64 "$s" 2 2 2>/dev/null | grep '^RESULT')
          detach
          kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null; spid=""
          echo "$line" >&2
          rts=$(echo "$line" | sed -nE 's/.*all_round_trips=([0-9]+).*/\1/p')
          [ -n "$rts" ] || { echo "echo_load gave no round trips against $s" >&2; exit 1; }
          result=$(report W6 "$s" "$rts" "$prefix" "$work/w6-$s.txt")
          per_rt=$(echo "$result" | sed -nE 's/.* all_per_rt=([0-9.e+-]+) .*/\1/p')
          # an echo server makes at least a read and a write per round trip: fewer is a failed count
          if [ "$attempt" = 1 ] && awk -v x="${per_rt:-0}" 'BEGIN { exit !(x < 1) }'; then
            echo "[syscalls] W6 $s: the tool counted ${per_rt:-nothing} system calls per round trip; measuring again" >&2
            continue
          fi
          echo "$result" | tee -a "$out"
          break
        done
      done
      ;;
  esac
done
echo
grep '^SYSCALLS' "$out" | python3 -c '
import re, sys
print("| workload | impl | round trips | futex / rt | all syscalls / rt | runtime threads: futex / rt | all / rt | top syscalls / rt (whole process) |")
print("|---|---|---|---|---|---|---|---|")
for line in sys.stdin:
    kv = dict(re.findall(r"(\w+)=(\S+)", line))
    print("| %s | %s | {:,} | %s | %s | %s | %s | %s |".format(int(kv["round_trips"])) % (kv["workload"], kv["impl"],
          kv["futex_per_rt"], kv["all_per_rt"], kv.get("runtime_futex_per_rt", "-"), kv.get("runtime_all_per_rt", "-"),
          kv.get("top", "NOTHING COUNTED (did the tool attach?)").replace(",", ", ")))
'
