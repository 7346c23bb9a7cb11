#!/usr/bin/env bash
# A campaign as a Slurm job array, end to end, on a private single-node Slurm: munged,
# slurmctld and slurmd run on 127.0.0.1 from a generated slurm.conf in a temporary folder
# (no systemd, nothing outside that folder). tools/slurm/submit.sh submits 4 SQLite shards
# of 20 s and the merge job; the test checks that the 4 shard summaries exist with their
# shard and one seed stream, that every finding's round seed is one of its shard's, that no
# finding id repeats, and that the merged groups hold exactly the shards' findings. Then it
# stops what it started, by PID. Needs slurm-wlm and munge (tools/setup.sh --slurm) and
# takes about a minute, so it runs only when asked; tools/test.sh (CI) asks:
#   ERIQ_SLURM_TEST=1 ctest --test-dir build -R slurm_array_test --output-on-failure
# ERIQ_SLURM_SERVER=mariadb (or postgres) runs the shards against a throwaway server per task
# instead (eriq-array.sbatch's ERIQ_SERVER; needs tools/setup.sh --server).
set -uo pipefail
if [ "${ERIQ_SLURM_TEST:-0}" != 1 ]; then
  echo "skipped: set ERIQ_SLURM_TEST=1 to run the Slurm job array test"
  exit 77
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${ERIQ_BIN:-$root/build/eriq-gen}
shards=4
fail() { echo "FAIL: $*"; exit 1; }
for c in munged slurmctld slurmd sbatch squeue sinfo scontrol scancel python3; do
  command -v "$c" >/dev/null || fail "$c not found: install slurm-wlm and munge (tools/setup.sh --slurm)"
done
[ -x "$bin" ] || fail "no eriq-gen at $bin"
while read -r var; do unset "$var"; done < <(compgen -e | grep -E '^(SLURM|SBATCH|SALLOC)_')

work=$(mktemp -d /tmp/eriq-slurm.XXXXXX)
chmod 755 "$work"  # munged wants its socket's folder searchable by all
export SLURM_CONF=$work/slurm.conf
pids=()
stop_all() {
  if [ -f "$SLURM_CONF" ] && [ ${#pids[@]} -gt 1 ]; then
    scancel --quiet --user="$(id -un)" 2>/dev/null
    for _ in $(seq 1 50); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.2; done
  fi
  local i
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do kill "${pids[i]}" 2>/dev/null; done
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    for _ in $(seq 1 50); do kill -0 "${pids[i]}" 2>/dev/null || break; sleep 0.1; done
    kill -9 "${pids[i]}" 2>/dev/null
    wait "${pids[i]}" 2>/dev/null
  done
  rm -rf "$work"
}
trap stop_all EXIT
show_logs() { tail -n 20 "$work"/*.log "$work"/out/slurm-*.log 2>/dev/null; }

# munge: a fresh key, its socket and state in the work folder.
dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge.key"
munged --foreground --force --socket="$work/munge.sock" --key-file="$work/munge.key" \
  --pid-file="$work/munged.pid" --seed-file="$work/munged.seed" --log-file="$work/munged.log" \
  >"$work/munged.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 50); do [ -S "$work/munge.sock" ] && break; sleep 0.1; done
[ -S "$work/munge.sock" ] || { show_logs; fail "munged did not start"; }

read -r ctld_port slurmd_port < <(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
host=$(hostname -s)
user=$(id -un)
mkdir -p "$work/state" "$work/spool" "$work/out"
cat >"$SLURM_CONF" <<CONF
ClusterName=eriqtest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.sock
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MailProg=/bin/true
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=eriq Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -i >"$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N "$host" >"$work/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 1 150); do
  [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
  sleep 0.2
done
[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] || { show_logs; fail "the Slurm node did not come up idle"; }

started=$(date +%s)
server=${ERIQ_SLURM_SERVER:-none}
dialect=sqlite
[ "$server" = none ] || dialect=$server
submitted=$(cd "$root" && ERIQ_BIN=$bin ERIQ_OUT=$work/out ERIQ_TIME=20s ERIQ_SEED=1 \
  ERIQ_SERVER=$server ERIQ_DIALECT=$dialect ERIQ_ARGS="--reduce-time 5s" \
  tools/slurm/submit.sh "$shards") || { show_logs; fail "submit.sh failed"; }
eval "$submitted"
echo "array job $ERIQ_ARRAY_JOB, merge job $ERIQ_MERGE_JOB"
for _ in $(seq 1 1200); do
  [ -z "$(squeue -h 2>/dev/null)" ] && break
  sleep 0.5
done
[ -z "$(squeue -h)" ] || { squeue; show_logs; fail "jobs still queued or running after 10 minutes"; }
echo "array and merge finished after $(($(date +%s) - started)) s"
merge_state=$(scontrol -o show job "$ERIQ_MERGE_JOB" | grep -o 'JobState=[A-Z_]* .*ExitCode=[0-9:]*' |
  sed -E 's/JobState=([A-Z_]+).*ExitCode=([0-9:]+)/\1 \2/')
[ "$merge_state" = "COMPLETED 0:0" ] || { show_logs; fail "merge job: $merge_state"; }

python3 - "$work/out" "$shards" <<'PY' || { show_logs; exit 1; }
import json, os, sys
out, shards = sys.argv[1], int(sys.argv[2])
M = (1 << 64) - 1

def splitmix(x):
    x = (x + 0x9E3779B97F4A7C15) & M
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return x, z ^ (z >> 31)

def mix_seed(seed, index):  # src/gen/rng.hpp
    x = seed ^ ((index * 0xD1B54A32D192ED03) & M)
    x, _ = splitmix(x)
    return splitmix(x)[1]

folders, seeds, total = {}, {}, 0
for k in range(shards):
    d = os.path.join(out, f"shard-{k}")
    s = json.load(open(os.path.join(d, "summary.json")))
    assert s["seed"] == 1, s["seed"]
    assert s["shard"] == {"index": k, "count": shards, "source": "SLURM_ARRAY_TASK_ID",
                          "seed_stream": f"mix_seed(seed, {shards}*i + {k})"}, s["shard"]
    assert s["cases"] > 0 and s["tool_errors"] == 0, s
    mine = sorted(f for f in os.listdir(d) if os.path.isfile(os.path.join(d, f, "finding.toml")))
    assert len(mine) == s["findings"] + s["server_faults"], (k, len(mine), s["findings"])
    assert all(f.startswith(f"s{k}-") for f in mine), mine
    stream = {mix_seed(1, shards * i + k) for i in range(20000)}
    for line in open(os.path.join(d, "index.jsonl")) if mine else []:
        entry = json.loads(line)
        assert entry["seed"] in stream, ("a round seed outside shard", k, entry["seed"])
        seeds.setdefault(entry["seed"], set()).add(k)
    for f in mine:
        assert f not in folders, ("finding id repeats", f)
        folders[f] = os.path.realpath(os.path.join(d, f))
    total += s["findings"] + s["server_faults"]
    print(f"shard {k}: {s['cases']} cases, {s['findings']} findings")
assert all(len(ks) == 1 for ks in seeds.values()), "two shards ran one round"
triage = json.load(open(os.path.join(out, "triage.json")))
members = [os.path.realpath(m) for g in triage["groups"] for m in g["members"]]
assert triage["findings"] == total == len(members), (triage["findings"], total, len(members))
assert sorted(members) == sorted(folders.values()), "merged groups differ from the shards' findings"
assert sum(g["count"] for g in triage["groups"]) == total
assert triage["repeated_ids"] == []
assert os.path.isfile(os.path.join(out, "triage.html"))
print(f"merged: {total} findings in {len(triage['groups'])} groups, no id repeated")
PY
echo "slurm array test passed in $(($(date +%s) - started)) s after Slurm came up"
