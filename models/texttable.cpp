#include "texttable.h"

TextTable::TextTable(const QStringList &headers)
    : m_headers(headers)
    , m_maxWidth(headers.size(), 0)
    , m_right(headers.size(), false)
{
}

void TextTable::setMaxWidth(int column, int width)
{
    if (column >= 0 && column < m_maxWidth.size())
        m_maxWidth[column] = width;
}

void TextTable::setRightAligned(int column, bool right)
{
    if (column >= 0 && column < m_right.size())
        m_right[column] = right;
}

void TextTable::addRow(const QStringList &cells)
{
    m_rows.append(cells);
}

namespace {
// East Asian wide and fullwidth characters (Hangul, CJK, kana, fullwidth forms).
int columnsOf(char32_t u)
{
    const bool wide = (u >= 0x1100 && u <= 0x115f) || (u >= 0x2e80 && u <= 0xa4cf) || (u >= 0xac00 && u <= 0xd7a3)
                      || (u >= 0xf900 && u <= 0xfaff) || (u >= 0xfe30 && u <= 0xfe4f) || (u >= 0xff00 && u <= 0xff60)
                      || (u >= 0xffe0 && u <= 0xffe6) || (u >= 0x1f300 && u <= 0x1f64f) || (u >= 0x1f680 && u <= 0x1f6ff)
                      || (u >= 0x1f900 && u <= 0x1f9ff) || (u >= 0x20000 && u <= 0x3fffd);
    return wide ? 2 : 1;
}

// The code point at i and how many UTF-16 units it takes (a pair beyond U+FFFF).
std::pair<char32_t, qsizetype> codePointAt(const QString &text, qsizetype i)
{
    const QChar c = text.at(i);
    if (c.isHighSurrogate() && i + 1 < text.size() && text.at(i + 1).isLowSurrogate())
        return {QChar::surrogateToUcs4(c, text.at(i + 1)), 2};
    return {c.unicode(), 1};
}
} // namespace

qsizetype TextTable::columns(const QString &text)
{
    qsizetype n = 0;
    for (qsizetype i = 0; i < text.size();) {
        const auto [code, units] = codePointAt(text, i);
        n += columnsOf(code);
        i += units;
    }
    return n;
}

QByteArray TextTable::render() const
{
    const qsizetype count = m_headers.size();
    auto cell = [this](const QStringList &row, qsizetype c) {
        QString text = row.value(c);
        const int max = m_maxWidth.at(c);
        if (max > 1 && columns(text) > max) {
            qsizetype used = 1; // the ellipsis
            qsizetype keep = 0;
            while (keep < text.size()) {
                const auto [code, units] = codePointAt(text, keep);
                if (used + columnsOf(code) > max)
                    break;
                used += columnsOf(code);
                keep += units;
            }
            text = text.left(keep) + QChar(0x2026);
        }
        return text;
    };
    QList<qsizetype> widths(count, 0);
    for (qsizetype c = 0; c < count; ++c) {
        widths[c] = columns(cell(m_headers, c));
        for (const QStringList &row : m_rows)
            widths[c] = std::max(widths[c], columns(cell(row, c)));
    }
    QString out;
    auto line = [&](const QStringList &row) {
        QString text;
        for (qsizetype c = 0; c < count; ++c) {
            const QString v = cell(row, c);
            const bool last = c == count - 1;
            const QString padding(widths.at(c) - columns(v), QLatin1Char(' '));
            if (m_right.at(c))
                text += padding + v;
            else
                text += last ? v : v + padding;
            if (!last)
                text += QStringLiteral("  ");
        }
        out += text + QLatin1Char('\n');
    };
    line(m_headers);
    for (const QStringList &row : m_rows)
        line(row);
    return out.toUtf8();
}
