#!/usr/bin/env bash
# Submits an eriq campaign as a Slurm job array of SHARDS shards (eriq-array.sbatch, tasks
# 0..SHARDS-1) and the merge job that runs after it (eriq-merge.sbatch). Prints the output
# folder and both job ids as shell assignments:
#   tools/slurm/submit.sh SHARDS [sbatch options for the array, e.g. --time=2:00:00 -p batch]
#   ERIQ_OUT=/shared/eriq ERIQ_TIME=1h ERIQ_SEED=7 tools/slurm/submit.sh 16
# ERIQ_OUT must be on a file system every node sees (default ./eriq-out-slurm-<UTC time>);
# the other ERIQ_* settings are eriq-array.sbatch's. Logs go to ERIQ_OUT/slurm-*.log.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=${ERIQ_ROOT:-$(cd "$here/../.." && pwd)}
shards=${1:?usage: submit.sh SHARDS [sbatch options]}
shift
case "$shards" in
  '' | *[!0-9]* | 0*) echo "submit.sh: SHARDS must be a number from 1, got '$shards'" >&2; exit 2 ;;
esac
out=${ERIQ_OUT:-$PWD/eriq-out-slurm-$(date -u +%Y%m%dT%H%M%SZ)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
export ERIQ_ROOT=$root ERIQ_OUT=$out

array=$(sbatch --parsable --array="0-$((shards - 1))" --output="$out/slurm-shard-%A_%a.log" \
  "$@" "$here/eriq-array.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterany:$array" --output="$out/slurm-merge-%j.log" \
  --export="ALL,ERIQ_SHARDS=$shards" "$here/eriq-merge.sbatch")
merge=${merge%%;*}
echo "ERIQ_OUT=$out"
echo "ERIQ_ARRAY_JOB=$array"
echo "ERIQ_MERGE_JOB=$merge"
