#!/bin/sh
# Writes popping-render's man page (roff, section 1) to stdout, generated from the binary's own
# help: `popping-render --help` for the synopsis and description, then `popping-render help CMD`
# for every subcommand it lists. So the man page says exactly what --help says.
# usage: Scripts/manpage.sh PATH/TO/popping-render > popping-render.1
set -eu
BIN=$1
# roff escapes: backslashes, and a leading . or ' would start a request.
escape() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
help=$(COLUMNS=100 "$BIN" --help)
abstract=$(printf '%s\n' "$help" | sed -n 's/^OVERVIEW: //p')
commands=$(printf '%s\n' "$help" | sed -n '/^SUBCOMMANDS:/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\).*/\1/p')
printf '.TH POPPING-RENDER 1 "" "popping-render" "User Commands"\n'
printf '.SH NAME\npopping-render \\- %s\n' "$(printf '%s' "$abstract" | escape)"
printf '.SH SYNOPSIS\n.nf\n'
printf '%s\n' "$help" | sed -n '/^USAGE:/,/^$/p' | sed '1s/^USAGE: *//' | sed '/^$/d' | escape
printf '.fi\n.SH DESCRIPTION\n.nf\n'
printf '%s\n' "$help" | sed '/^OVERVIEW:/d;/^USAGE:/,/^$/d' | escape
printf '.fi\n'
for command in $commands; do
    [ "$command" = help ] && continue
    printf '.SH "%s"\n.nf\n' "$(printf 'popping-render %s' "$command" | tr '[:lower:]' '[:upper:]')"
    COLUMNS=100 "$BIN" help "$command" | escape
    printf '.fi\n'
done
printf '.SH SEE ALSO\nThe README and THIRD_PARTY_NOTICES.md in the source repository.\n'
