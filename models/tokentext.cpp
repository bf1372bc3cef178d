#include "tokentext.h"

#include <QUtf8StringView>

#include <algorithm>

namespace {
bool printableAscii(unsigned char c)
{
    return c >= 0x20 && c < 0x7f;
}

// The byte of a one-letter escape (the letter after the backslash); 0 when there is none.
char simpleEscape(QChar letter)
{
    switch (letter.unicode()) {
    case 'n':
        return '\n';
    case 'r':
        return '\r';
    case 't':
        return '\t';
    case 'a':
        return '\a';
    case 'b':
        return '\b';
    case '\\':
        return '\\';
    case '"':
        return '"';
    default:
        return 0;
    }
}
} // namespace

// The length of the UTF-8 sequence of a character that is plainly visible at the start of
// bytes (a letter, digit, punctuation or symbol beyond ASCII), or 0. Invalid or overlong
// sequences, and characters that draw as nothing or change how their neighbours draw
// (controls, format characters such as a zero-width space or a direction override, separators
// such as a no-break space, combining marks, private use, unassigned) are 0: their bytes are
// escaped, so a key never looks like one with those bytes left out.
qsizetype visibleCharacter(QByteArrayView bytes)
{
    const auto lead = static_cast<unsigned char>(bytes.front());
    const qsizetype length = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 && lead <= 0xdf ? 2 : 0;
    if (length == 0 || bytes.size() < length || (length == 3 && lead > 0xef))
        return 0;
    char32_t code = lead & (0xff >> (length + 1));
    for (qsizetype i = 1; i < length; ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if ((c & 0xc0) != 0x80)
            return 0;
        code = (code << 6) | (c & 0x3f);
    }
    const char32_t least = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
    if (code < least || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return 0;
    // Letters and symbols that draw as nothing (Hangul fillers, the blank braille pattern), and
    // the replacement characters, which would pass for a byte that was not UTF-8.
    switch (code) {
    case 0x115f:
    case 0x1160:
    case 0x2800:
    case 0x3164:
    case 0xffa0:
    case 0xfffc:
    case 0xfffd:
        return 0;
    default:
        break;
    }
    switch (QChar::category(code)) {
    case QChar::Letter_Uppercase:
    case QChar::Letter_Lowercase:
    case QChar::Letter_Titlecase:
    case QChar::Letter_Modifier:
    case QChar::Letter_Other:
    case QChar::Number_DecimalDigit:
    case QChar::Number_Letter:
    case QChar::Number_Other:
    case QChar::Punctuation_Connector:
    case QChar::Punctuation_Dash:
    case QChar::Punctuation_Open:
    case QChar::Punctuation_Close:
    case QChar::Punctuation_InitialQuote:
    case QChar::Punctuation_FinalQuote:
    case QChar::Punctuation_Other:
    case QChar::Symbol_Math:
    case QChar::Symbol_Currency:
    case QChar::Symbol_Modifier:
    case QChar::Symbol_Other:
        return length;
    default:
        return 0;
    }
}

// Whether bytes are text: valid UTF-8 but for a character cut at either end (a slice of a
// longer value, a value cut to the read cap), which must not make the rest look binary.
bool isText(QByteArrayView bytes)
{
    qsizetype from = 0;
    while (from < std::min<qsizetype>(3, bytes.size()) && (static_cast<unsigned char>(bytes[from]) & 0xc0) == 0x80)
        ++from;
    qsizetype to = bytes.size();
    for (qsizetype back = 1; back <= std::min<qsizetype>(3, to - from); ++back) {
        const auto c = static_cast<unsigned char>(bytes[to - back]);
        if ((c & 0xc0) == 0x80)
            continue; // a continuation byte: its lead is further back
        const qsizetype length = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xc2 && c <= 0xdf ? 2 : 1;
        if (length > back)
            to -= back; // a lead whose sequence the cut left short
        break;
    }
    return QUtf8StringView(bytes.sliced(from, to - from)).isValidUtf8();
}

bool TokenText::isPrintable(const QByteArray &bytes)
{
    for (char c : bytes)
        if (!printableAscii(static_cast<unsigned char>(c)) || c == '\\' || c == '"')
            return false;
    return true;
}

QString TokenText::escape(const QByteArray &bytes)
{
    return QString::fromUtf8(escapeBytes(bytes));
}

QString TokenText::quoted(const QByteArray &bytes)
{
    if (bytes.size() <= wholeUpTo)
        return QLatin1Char('"') + escape(bytes) + QLatin1Char('"');
    // Cut between characters: a character split in two would show as escapes.
    const auto continues = [&bytes](qsizetype at) { return (static_cast<unsigned char>(bytes[at]) & 0xc0) == 0x80; };
    qsizetype head = 96, tail = bytes.size() - 32;
    for (int i = 0; i < 3 && continues(head); ++i)
        --head;
    for (int i = 0; i < 3 && continues(tail); ++i)
        ++tail;
    return QStringLiteral("\"%1…%2\" (%3 bytes)")
        .arg(escape(bytes.first(head)), escape(bytes.sliced(tail)))
        .arg(bytes.size());
}

QByteArray TokenText::escapeBytes(const QByteArray &bytes)
{
    // Spaces at either end would be invisible (a token of one space, a blank cell): escaped.
    qsizetype first = 0, last = bytes.size() - 1;
    while (first < bytes.size() && bytes[first] == ' ')
        ++first;
    while (last >= first && bytes[last] == ' ')
        --last;
    if (isPrintable(bytes) && first == 0 && last == bytes.size() - 1)
        return bytes;
    // Only text shows its characters: in random bytes, the few runs that happen to be valid
    // UTF-8 would show as rare symbols (or blank boxes) among the escapes, and could not be
    // read back or typed.
    const bool text = isText(bytes);
    static const char hex[] = "0123456789abcdef";
    QByteArray out;
    out.reserve(bytes.size() * 2);
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c == ' ' && (i < first || i > last)) {
            out += "\\x20";
            continue;
        }
        if (c >= 0x80 && text) {
            if (const qsizetype n = visibleCharacter(QByteArrayView(bytes).sliced(i)); n > 0) {
                out += bytes.mid(i, n);
                i += n - 1;
                continue;
            }
        }
        switch (c) {
        case '\\':
        case '"':
            out += '\\';
            out += char(c);
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\a':
            out += "\\a";
            break;
        case '\b':
            out += "\\b";
            break;
        default:
            if (printableAscii(c)) {
                out += char(c);
            } else {
                out += "\\x";
                out += hex[c >> 4];
                out += hex[c & 0xf];
            }
        }
    }
    return out;
}

std::optional<QByteArray> TokenText::unescape(const QString &text, QString *error)
{
    auto refuse = [error](const QString &message) {
        if (error)
            *error = message;
        return std::nullopt;
    };
    QByteArray out;
    out.reserve(text.size());
    qsizetype literalFrom = 0; // typed characters are copied in runs, as UTF-8
    for (qsizetype i = 0; i < text.size(); ++i) {
        // The stand-in for bytes that were not UTF-8 (a raw \xff on a command line): the bytes
        // meant are lost, and acting on U+FFFD instead would touch another key.
        if (text.at(i) == QChar::ReplacementCharacter)
            return refuse(QStringLiteral("character %1 is not valid UTF-8 (or is U+FFFD): write bytes as \\xNN, "
                                         "as in lock:\\xff (U+FFFD itself is \\xef\\xbf\\xbd)")
                              .arg(i + 1));
        if (text.at(i) != QLatin1Char('\\'))
            continue;
        out += QStringView(text).mid(literalFrom, i - literalFrom).toUtf8();
        const QString where = QString::number(i + 1);
        if (i + 1 >= text.size())
            return refuse(QStringLiteral("a lone backslash at character %1 ends it: write \\\\ for a backslash").arg(where));
        const QChar n = text.at(i + 1);
        if (n == QLatin1Char('x')) {
            const QString digits = text.mid(i + 2, 2);
            const int high = digits.size() == 2 ? hexDigit(digits.at(0).toLatin1()) : -1;
            const int low = digits.size() == 2 ? hexDigit(digits.at(1).toLatin1()) : -1;
            if (high < 0 || low < 0) {
                return refuse(QStringLiteral("invalid escape \\x%1 at character %2: \\x takes two hex digits, as in \\xff")
                                  .arg(digits, where));
            }
            out += char(high * 16 + low);
            i += 3;
        } else {
            const char c = simpleEscape(n);
            if (c == 0) {
                return refuse(QStringLiteral("invalid escape \\%1 at character %2: the escapes are \\xNN, \\n, \\r, \\t, \\a, \\b, \\\\ and \\\"")
                                  .arg(QString(n), where));
            }
            out += c;
            ++i;
        }
        literalFrom = i + 1;
    }
    out += QStringView(text).mid(literalFrom).toUtf8();
    return out;
}

int TokenText::hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}
