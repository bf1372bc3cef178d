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

QByteArray TextTable::render() const
{
    const qsizetype columns = m_headers.size();
    auto cell = [this](const QStringList &row, qsizetype c) {
        QString text = row.value(c);
        const int max = m_maxWidth.at(c);
        if (max > 1 && text.size() > max)
            text = text.left(max - 1) + QChar(0x2026);
        return text;
    };
    QList<qsizetype> widths(columns, 0);
    for (qsizetype c = 0; c < columns; ++c) {
        widths[c] = cell(m_headers, c).size();
        for (const QStringList &row : m_rows)
            widths[c] = std::max(widths[c], cell(row, c).size());
    }
    QString out;
    auto line = [&](const QStringList &row) {
        QString text;
        for (qsizetype c = 0; c < columns; ++c) {
            const QString v = cell(row, c);
            const bool last = c == columns - 1;
            if (m_right.at(c))
                text += v.rightJustified(widths.at(c));
            else
                text += last ? v : v.leftJustified(widths.at(c));
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
