#!/bin/sh
# `tasklane <command> [arguments]`: the command line of the standalone build, copied next to
# server.js as ./tasklane by scripts/prepare-standalone.mjs (in the Docker image: /app/tasklane, on
# the PATH as /usr/local/bin/tasklane). Each command is cli/<command>.mjs, bundled from
# scripts/cli/<command>.ts; `tasklane admin list-users` runs `node cli/admin.mjs list-users`.
set -eu
here=$(dirname "$(readlink -f "$0")")
commands=$(cd "$here/cli" && ls -- *.mjs 2>/dev/null | sed 's/\.mjs$//' | tr '\n' ' ')
if [ "$#" -eq 0 ] || [ "$1" = help ] || [ "$1" = --help ] || [ "$1" = -h ]; then
  echo "Usage: tasklane <command> [arguments]    commands: ${commands}" >&2
  echo "  tasklane admin help    lists the admin commands" >&2
  [ "$#" -eq 0 ] && exit 2
  exit 0
fi
command=$1
shift
case "$command" in
  */* | .* | "") ;;
  *) [ -f "$here/cli/$command.mjs" ] && exec node "$here/cli/$command.mjs" "$@" ;;
esac
echo "Unknown command \"$command\". Commands: ${commands}" >&2
exit 2
