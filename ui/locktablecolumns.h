#pragma once

#include <QHash>
#include <QObject>
#include <QPair>

class QTableView;

// The lock table's column widths. The defaults suit English and short values, and are never
// narrower than a (translated) header. Once the first locks are in, each column takes what its
// contents need, within bounds, and the key, which stretches, takes the rest: the sandbox's
// "Redisson ReadWriteLock" is not cut while the key column has room to spare. They are fitted
// again when the table changes width (the window laid out, the detail panel moved). Widths the
// user set, or a layout restored from the last run, are left alone.
class LockTableColumns final : public QObject
{
    Q_OBJECT

public:
    explicit LockTableColumns(QTableView *table);

    // Once the first locks are in; does nothing once the user has resized a column.
    void fitToContents();
    // A saved layout was restored: its widths are the user's.
    void keepUserWidths() { m_settled = true; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fit();
    int neededWidth(int column, int rows) const;

    QTableView *m_table;
    bool m_settled = false; // the user's widths
    bool m_fitted = false;  // fitted to rows: fitted again on a change of width
    bool m_fitting = false;
    QHash<int, QPair<int, int>> m_needs; // by column: its default and what its first rows need
};
