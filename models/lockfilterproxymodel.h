#pragma once

#include <QSortFilterProxyModel>
#include <QTimer>

// Sorts the lock table on raw values and filters it by key, holder or token text.
// Sorting and filtering are re-applied at most once per settle interval, not on every source
// change: behind a dynamically sorting proxy, a batch of new locks lands at scattered rows and
// each scattered range costs the view O(rows), which stalls the GUI for seconds on 100k locks.
// New rows therefore appear at the end and move into place at the next settle.
class LockFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockFilterProxyModel)

public:
    static constexpr int settleIntervalMs = 1000;

    explicit LockFilterProxyModel(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *source) override;

    QString filterText() const { return m_text; }
    void setFilterText(const QString &text);
    bool hidesGone() const { return m_hideGone; }
    void setHideGone(bool hide);
    // While a scan streams in thousands of rows, settling waits until it ends.
    void setBulkLoading(bool bulk);
    // Re-sorts (unless still in order) and re-filters now.
    void settle();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    void scheduleSettle();
    bool isInOrder() const;

    QString m_text;
    bool m_hideGone = false;
    bool m_bulk = false;
    bool m_pending = false;
    QTimer m_settleTimer;
};
