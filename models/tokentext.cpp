#include "tokentext.h"

namespace {
bool printableAscii(unsigned char c)
{
    return c >= 0x20 && c < 0x7f;
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

std::optional<QByteArray> TokenText::unescape(const QString &text)
{
    const QByteArray in = text.toUtf8();
    QByteArray out;
    out.reserve(in.size());
    for (qsizetype i = 0; i < in.size(); ++i) {
        const char c = in.at(i);
        if (c != '\\') {
            out += c;
            continue;
        }
        if (i + 1 >= in.size())
            return std::nullopt;
        const char n = in.at(++i);
        if (n == 'x' && i + 2 < in.size() && hexDigit(in.at(i + 1)) >= 0 && hexDigit(in.at(i + 2)) >= 0) {
            out += char(hexDigit(in.at(i + 1)) * 16 + hexDigit(in.at(i + 2)));
            i += 2;
            continue;
        }
        switch (n) {
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'b':
            out += '\b';
            break;
        case 'a':
            out += '\a';
            break;
        default:
            out += n; // \\ \" and any other escaped character stand for themselves
        }
    }
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
