#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (Ubuntu 22.04 by
# default). It installs the language toolchains with the script CI uses, Node.js if the image
# has none recent enough for TypeScript, Rust if absent, then builds the judge in release mode
# where run_autograder looks for it. The bundle (this repository, with this file and
# run_autograder at the zip's root) is unpacked in ${ZUMA_AUTOGRADER_ROOT:-/autograder}/source.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
ROOT="${ZUMA_AUTOGRADER_ROOT:-/autograder}"
SOURCE="$ROOT/source"
NODE_VERSION="${ZUMA_NODE_VERSION:-20.18.1}"

apt-get update -qq
apt-get install -y -qq --no-install-recommends ca-certificates curl xz-utils build-essential >/dev/null

# TypeScript 5 needs Node.js 14.17 or newer; Ubuntu 22.04's nodejs is 12. Node's own build,
# pinned, in /usr/local.
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 18 ]; then
  curl -fsSL "https://nodejs.org/dist/v$NODE_VERSION/node-v$NODE_VERSION-linux-x64.tar.xz" |
    tar -xJ -C /usr/local --strip-components=1
fi

# The judge's language toolchains, as CI installs them (without CI's own tools).
bash "$SOURCE/.ci/install-toolchains" --languages-only

if ! command -v cargo >/dev/null; then
  curl -fsSL https://sh.rustup.rs | sh -s -- -y --profile minimal
fi
export PATH="$HOME/.cargo/bin:$PATH"
cd "$SOURCE"
cargo build --release --locked
echo "built $SOURCE/target/release/zuma-judge"
