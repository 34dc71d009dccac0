# bash completion for sgviz, installed as
# $(DATADIR)/bash-completion/completions/sgviz.
#
# The commands and each command's options are read from sgviz's own help
# (`sgviz --help`, `sgviz COMMAND --help`) when they are first completed,
# so that the completion always knows the options of the sgviz it runs
# with and never needs changing when one is added.

_sgviz_words() {
    # The commands: the lines under "Commands:" in `sgviz --help`.
    "$1" --help 2>/dev/null | awk '/^Commands:/ { on = 1; next }
        on && /^  [a-z]/ { print $1; next } on && !/^  / { on = 0 }'
}

_sgviz_options() {
    # Every long option a command's help names.
    "$1" "$2" --help 2>/dev/null |
        grep -o -- '--[a-z][a-z0-9-]*' | sort -u
}

_sgviz() {
    local cur prev cmd i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            -*) ;;
            *) cmd=${COMP_WORDS[i]}; break ;;
        esac
    done
    if [[ -z $cmd ]]; then
        COMPREPLY=($(compgen -W "$(_sgviz_words "${COMP_WORDS[0]}") --help --version" -- "$cur"))
        return
    fi
    case $prev in
        -s|--set)
            COMPREPLY=($(compgen -W "1,3,4 pow2 fib all 1..3" -- "$cur")); return ;;
        -t|--code)
            COMPREPLY=($(compgen -W "kayles dawson dawson-chess lasker grundy nim 0.77 0.07 0.137" -- "$cur")); return ;;
        -l|--lang)
            COMPREPLY=($(compgen -W "en zh" -- "$cur")); return ;;
        -f|--format|-T)
            COMPREPLY=($(compgen -W "text csv md latex json c svg png pdf dot tikz html gif none" -- "$cur")); return ;;
        --theme)
            COMPREPLY=($(compgen -W "classic print dark" -- "$cur")); return ;;
        -g|--graph|-o|--output|-r|--rules|-H|--hackenbush|--template|--order|--feedback|--assignment)
            COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null; return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_sgviz_options "${COMP_WORDS[0]}" "$cmd")" -- "$cur"))
    else
        COMPREPLY=($(compgen -f -- "$cur")); compopt -o filenames 2>/dev/null
    fi
}

complete -F _sgviz sgviz
