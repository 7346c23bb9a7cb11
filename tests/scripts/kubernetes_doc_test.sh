#!/usr/bin/env bash
# docs/kubernetes.md: every ```yaml block parses (PyYAML, Debian's python3-yaml), and the
# manifests say what eriq relies on: each Indexed Job's pods run eriq-gen with
# --shard-count equal to its completions, one --seed, and --out on a mounted volume; a merge
# Job runs eriq-gen triage over that folder; every volume a container mounts is declared.
# Exit 77 (skipped) without PyYAML.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
python3 -c 'import yaml' 2>/dev/null || { echo "skipped: python3-yaml is not installed"; exit 77; }
python3 - "$root/docs/kubernetes.md" <<'PY'
import re, sys, yaml

text = open(sys.argv[1]).read()
blocks = re.findall(r"^```yaml\n(.*?)^```$", text, flags=re.S | re.M)
assert blocks, "no yaml blocks"
docs = []
for n, block in enumerate(blocks, 1):
    try:
        docs += [d for d in yaml.safe_load_all(block) if d is not None]
    except yaml.YAMLError as e:
        sys.exit(f"FAIL: yaml block {n}: {e}")

def need(cond, what):
    if not cond:
        sys.exit(f"FAIL: {what}")

def option(args, name):
    need(args.count(name) == 1, f"{name} given once in {args}")
    return args[args.index(name) + 1]

claims = set()
for d in docs:
    need(isinstance(d, dict) and d.get("apiVersion") and d.get("kind"), f"apiVersion and kind: {d}")
    need(d.get("metadata", {}).get("name"), f"metadata.name: {d}")
    if d["kind"] == "PersistentVolumeClaim":
        need("ReadWriteMany" in d["spec"]["accessModes"], "the output volume is ReadWriteMany")
        claims.add(d["metadata"]["name"])

jobs = [d for d in docs if d["kind"] == "Job"]
indexed = [j for j in jobs if j["spec"].get("completionMode") == "Indexed"]
merges = [j for j in jobs if j["spec"].get("completionMode") is None]
need(indexed and merges, "an Indexed Job and a merge Job")
for job in jobs:
    need(job["apiVersion"] == "batch/v1", "Jobs are batch/v1")
    pod = job["spec"]["template"]["spec"]
    need(pod.get("restartPolicy") in ("Never", "OnFailure"), "a Job's pods do not restart Always")
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    for c in pod.get("containers", []) + pod.get("initContainers", []):
        for m in c.get("volumeMounts", []):
            need(m["name"] in volumes, f"volume {m['name']} is declared in {job['metadata']['name']}")
    for v in volumes.values():
        if "persistentVolumeClaim" in v:
            need(v["persistentVolumeClaim"]["claimName"] in claims, "the claim is defined on the page")
    for c in pod.get("initContainers", []):
        need(c.get("restartPolicy") == "Always", "init containers of a shard are native sidecars")

    eriq = [c for c in pod["containers"] if "eriq-gen" in " ".join(c["command"] + c.get("args", []))]
    need(len(eriq) == 1, f"one eriq-gen container in {job['metadata']['name']}")
    c = eriq[0]
    mounts = [m["mountPath"] for m in c["volumeMounts"]]
    if job in indexed:
        args = c["args"]
        need(c["command"] == ["eriq-gen"], "shards run eriq-gen itself")
        need(int(option(args, "--shard-count")) == job["spec"]["completions"],
             "--shard-count equals completions")
        need("--shard" not in args, "the shard index comes from JOB_COMPLETION_INDEX")
        need(job["spec"]["parallelism"] <= job["spec"]["completions"], "parallelism <= completions")
        int(option(args, "--seed"))
        need(option(args, "--out") in mounts, "--out is the mounted volume")
    else:
        script = " ".join(c.get("args", []))
        need("eriq-gen triage /out" in script and "/out" in mounts, "the merge triages the volume")
print(f"kubernetes.md: {len(blocks)} yaml blocks, {len(docs)} manifests, "
      f"{len(indexed)} Indexed Job(s), {len(merges)} merge Job(s)")
PY
