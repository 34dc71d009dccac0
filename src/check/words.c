/*
 * words.c - the words students write in homework tables, in English and
 * Chinese.
 *
 * Every list here is of words seen in real submissions: column names as
 * spreadsheets and pandas write them ("Grundy value", "SG(x)"), the
 * letters of the notes (P/N) and of other courses (W/L, 必胜/必败), the
 * marks of a blank ("?", "-", "nan"), and the lines around a table ("Name:",
 * "学号：", "P-positions:").  Words are compared folded: ASCII letters in
 * lower case, without spaces, so that "Grundy Value", "grundy value" and
 * "GrundyValue" are one word.
 */
#include "check/words.h"

#include <string.h>

size_t sg_word_fold(const char *word, size_t len, char *buf, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        char c = word[i];
        if (c == ' ' || c == '\t' || c == '$' || c == '*' || c == '`')
            continue;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (n + 1 >= size)
            return size;
        buf[n++] = c;
    }
    buf[n] = '\0';
    return n;
}

/* Whether WORD, folded, is one of LIST (NULL-terminated, folded). */
static bool in_list(const char *word, size_t len, const char *const *list)
{
    char f[96];
    size_t n = sg_word_fold(word, len, f, sizeof f);
    if (n >= sizeof f)
        return false;
    /* Most words differ at their first byte: a look at it spares the
     * comparison, which every word of every line would otherwise pay for
     * each list. */
    for (size_t i = 0; list[i]; i++)
        if (list[i][0] == f[0] && strcmp(f, list[i]) == 0)
            return true;
    return false;
}

int sg_word_label(const char *word, size_t len)
{
    static const char *const xs[] = {
        "x", "n", "position", "positions", "pos", "heap", "heaps", "heapsize",
        "size", "node", "nodes", "stones", "tokens", "pile", "pilesize",
        "局面", "状态", "石子数", "石子", "石子个数", "堆", "x值", "节点",
        "结点", "位置", "数目", NULL};
    static const char *const sgs[] = {
        "sg", "sg(x)", "sg[x]", "sg(n)", "sg[n]", "sg(i)", "sg[i]", "g(x)",
        "g(n)", "g[x]", "grundy", "grundy(x)", "grundyvalue", "grundyvalues",
        "grundynumber", "grundy-value", "sgvalue", "sgvalues", "sg-value",
        "sgfunction", "sgnumber", "sprague-grundy", "sprague-grundyvalue",
        "value", "values", "nimber", "nimvalue", "nim-value", "sg值",
        "sg(x)值", "sg函数", "sg函数值", "函数值", "值", "sg[x]值", NULL};
    static const char *const pns[] = {
        "p/n", "pn", "p-n", "n/p", "outcome", "result", "w/l", "wl",
        "win/lose", "win/loss", "winner", "type", "p/nposition",
        "positiontype", "胜负", "结果", "必胜/必败", "必败/必胜", "胜/负",
        "输赢", "p/n局面", "局面类型", "先手", "先手胜负", "p/n状态",
        "n/p局面", NULL};
    static const char *const mexes[] = {
        "mex", "mexstep", "step", "mex步骤", "计算", "mex计算", NULL};
    static const char *const targets[] = {
        "targets", "target", "options", "movesto", "剩余", "后继",
        "后继局面", NULL};
    if (in_list(word, len, xs))
        return LABEL_X;
    if (in_list(word, len, sgs))
        return LABEL_SG;
    if (in_list(word, len, pns))
        return LABEL_PN;
    if (in_list(word, len, mexes))
        return LABEL_MEX;
    if (in_list(word, len, targets))
        return LABEL_TARGETS;
    return LABEL_NONE;
}

char sg_word_letter(const char *word, size_t len)
{
    static const char *const ps[] = {
        "p", "l", "lose", "losing", "loss", "lost", "p-position", "p-pos",
        "pposition", "p局面", "p态", "必败", "必败态", "必败局面", "必败点",
        "败", "负", "输", "先手必败", "先手败", "先手输", "后手胜",
        "后手必胜", "后手赢", "second", "2nd", "secondplayer",
        "secondplayerwins", "previous", NULL};
    static const char *const ns[] = {
        "n", "w", "win", "winning", "won", "n-position", "n-pos",
        "nposition", "n局面", "n态", "必胜", "必胜态", "必胜局面", "必胜点",
        "胜", "赢", "先手必胜", "先手胜", "先手赢", "后手败", "后手必败",
        "后手输", "first", "1st", "firstplayer", "firstplayerwins", "next",
        NULL};
    /* "(P)", "[N]" and "P." read as the letter inside. */
    while (len >= 2 && ((word[0] == '(' && word[len - 1] == ')') ||
                        (word[0] == '[' && word[len - 1] == ']'))) {
        word++;
        len -= 2;
    }
    while (len > 1 && (word[len - 1] == '.' || word[len - 1] == ';'))
        len--;
    if (in_list(word, len, ps))
        return 'P';
    if (in_list(word, len, ns))
        return 'N';
    return 0;
}

bool sg_word_missing(const char *word, size_t len)
{
    static const char *const blanks[] = {
        "", "?", "??", "???", "-", "--", "---", "_", "__", "___", "____",
        "\xE2\x80\xA6", "...", "..", "n/a", "na", "nan", "none", "null",
        "tbd", "todo", "/", "空", "未知", "不会", "?", NULL};
    return in_list(word, len, blanks);
}

int sg_word_person(const char *word, size_t len)
{
    static const char *const names[] = {
        "name", "names", "student", "studentname", "fullname", "姓名",
        "名字", "学生", "学生姓名", "author", NULL};
    static const char *const ids[] = {
        "id", "studentid", "studentno", "studentno.", "studentnumber",
        "matriculationnumber", "matr.-nr.", "matr.nr.", "matrikelnummer",
        "学号", "学生号", "学籍号", "id号", NULL};
    if (in_list(word, len, names))
        return 1;
    if (in_list(word, len, ids))
        return 2;
    return 0;
}

char sg_word_position_list(const char *word, size_t len)
{
    static const char *const ps[] = {
        "p-positions", "p-position", "ppositions", "pposition", "p-pos",
        "losingpositions", "p's", "p局面", "p局面有", "必败态", "必败局面",
        "必败点", "p", "p-positionsare", "ppositionsare", NULL};
    static const char *const ns[] = {
        "n-positions", "n-position", "npositions", "nposition", "n-pos",
        "winningpositions", "n's", "n局面", "n局面有", "必胜态", "必胜局面",
        "必胜点", "n", "n-positionsare", "npositionsare", NULL};
    if (in_list(word, len, ps))
        return 'P';
    if (in_list(word, len, ns))
        return 'N';
    return 0;
}

int sg_word_winner(const char *word, size_t len)
{
    static const char *const firsts[] = {
        "first", "firstplayer", "thefirstplayer", "firstplayerwins",
        "player1", "1st", "n", "先手", "先手必胜", "先手胜", "先手赢",
        "后手必败", "后手败", "必胜", "alice", NULL};
    static const char *const seconds[] = {
        "second", "secondplayer", "thesecondplayer", "secondplayerwins",
        "player2", "2nd", "p", "后手", "后手必胜", "后手胜", "后手赢",
        "先手必败", "先手败", "必败", "bob", NULL};
    if (in_list(word, len, firsts))
        return 1;
    if (in_list(word, len, seconds))
        return 2;
    return 0;
}

num_result sg_word_number(const char *word, size_t len, uint64_t max,
                          uint64_t *value, char *letter, char *digit)
{
    *value = 0;
    *letter = 0;
    *digit = 0;
    if (len == 0)
        return NUM_NONE;
    bool negative = false;
    if (word[0] == '+' || word[0] == '-') {
        negative = word[0] == '-';
        word++;
        len--;
    }
    /* Digits, perhaps with a letter that looks like one of them. */
    size_t digits = 0, lookalike = 0, point = len;
    for (size_t i = 0; i < len; i++) {
        char c = word[i];
        if (c >= '0' && c <= '9')
            digits++;
        else if (c == 'O' || c == 'o' || c == 'l' || c == 'I')
            lookalike++;
        else if (c == '.' && point == len)
            point = i;
        else
            return NUM_NONE;
    }
    if (point == 0 || (digits == 0 && !(lookalike == 1 && len == 1)))
        return NUM_NONE;
    if (lookalike) {
        if (point != len)
            return NUM_NONE;
        for (size_t i = 0; i < len; i++) {
            if (word[i] < '0' || word[i] > '9') {
                *letter = word[i];
                *digit = word[i] == 'O' || word[i] == 'o' ? '0' : '1';
                break;
            }
        }
        return NUM_LETTER;
    }
    /* "2.0", as spreadsheets and pandas write whole numbers, is 2. */
    bool fraction = false;
    for (size_t i = point + 1; i < len; i++)
        if (word[i] != '0')
            fraction = true;
    if (point + 1 == len)
        fraction = true;
    if (fraction)
        return NUM_FRACTION;
    if (negative) {
        bool zero = true;
        for (size_t i = 0; i < point; i++)
            zero &= word[i] == '0';
        if (!zero)
            return NUM_NEGATIVE;
    }
    int r = sg_parse_u64(word, point, max, value);
    return r == 0 ? NUM_OK : NUM_TOO_LARGE;
}
