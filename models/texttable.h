#pragma once

#include <QByteArray>
#include <QList>
#include <QStringList>

// A plain-text table for terminals: columns padded to their widest cell, long cells cut
// with an ellipsis at a per-column limit so one huge token cannot wreck the layout. Widths are
// terminal columns, so a translated (Chinese) table lines up too.
class TextTable final
{
public:
    explicit TextTable(const QStringList &headers);

    void setMaxWidth(int column, int width);
    void setRightAligned(int column, bool right = true);
    void addRow(const QStringList &cells);
    qsizetype rowCount() const { return m_rows.size(); }

    QByteArray render() const;

    // How many terminal columns text takes: a CJK character takes two.
    static qsizetype columns(const QString &text);

private:
    QStringList m_headers;
    QList<QStringList> m_rows;
    QList<int> m_maxWidth;
    QList<bool> m_right;
};
