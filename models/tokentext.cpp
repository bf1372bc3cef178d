#include "tokentext.h"

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

bool TokenText::isPrintable(const QByteArray &bytes)
{
    for (char c : bytes)
        if (!printableAscii(static_cast<unsigned char>(c)) || c == '\\' || c == '"')
            return false;
    return true;
}

QString TokenText::escape(const QByteArray &bytes)
{
    return QString::fromLatin1(escapeBytes(bytes));
}

QByteArray TokenText::escapeBytes(const QByteArray &bytes)
{
    if (isPrintable(bytes))
        return bytes;
    static const char hex[] = "0123456789abcdef";
    QByteArray out;
    out.reserve(bytes.size() * 2);
    for (char ch : bytes) {
        const auto c = static_cast<unsigned char>(ch);
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
