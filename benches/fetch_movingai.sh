#!/usr/bin/env bash
# Fetches the Moving AI benchmark's Dragon Age: Origins maps and scenario files (Sturtevant,
# "Benchmarks for Grid-Based Pathfinding", 2012) from movingai.com into a folder, once, for
# `cargo bench --bench movingai -- ROUNDS FOLDER`:
#
#     bash benches/fetch_movingai.sh [FOLDER]     # FOLDER defaults to target/movingai/dao
#     cargo bench --bench movingai -- 5 target/movingai/dao/{den520d,brc202d,ost003d,lak303d,orz900d}.map.scen
#
# Needs curl and unzip. The maps stay out of the repository (three are shipped in
# benches/data/movingai). MOVINGAI_URL overrides where the two archives are read from.
set -euo pipefail

folder=${1:-target/movingai/dao}
url=${MOVINGAI_URL:-https://movingai.com/benchmarks/dao}
for tool in curl unzip; do
    command -v "$tool" > /dev/null || { echo "fetch_movingai: needs $tool" >&2; exit 2; }
done

if [ -f "$folder/den520d.map" ] && [ -f "$folder/den520d.map.scen" ]; then
    echo "fetch_movingai: $folder holds the maps already"
    exit 0
fi
mkdir -p "$folder"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for archive in dao-map.zip dao-scen.zip; do
    echo "fetch_movingai: $url/$archive"
    curl --fail --silent --show-error --location --output "$work/$archive" "$url/$archive"
    unzip -q -o "$work/$archive" -d "$work/unpacked"
done
# The archives' own folders, whatever they are: every map and scenario file, flat.
find "$work/unpacked" -type f \( -name '*.map' -o -name '*.map.scen' \) -exec mv -f {} "$folder/" \;
maps=$(find "$folder" -maxdepth 1 -name '*.map' | wc -l)
scenarios=$(find "$folder" -maxdepth 1 -name '*.map.scen' | wc -l)
if [ "$maps" -eq 0 ] || [ "$scenarios" -eq 0 ]; then
    echo "fetch_movingai: no maps or no scenarios in the archives" >&2
    exit 1
fi
echo "fetch_movingai: $maps maps, $scenarios scenario files in $folder"
