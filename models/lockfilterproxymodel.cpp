#include "lockfilterproxymodel.h"

#include "lockinfo.h"
#include "locktablemodel.h"

LockFilterProxyModel::LockFilterProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(LockTableModel::SortRole);
    setDynamicSortFilter(false);
    m_settleTimer.setSingleShot(true);
    m_settleTimer.setInterval(settleIntervalMs);
    connect(&m_settleTimer, &QTimer::timeout, this, &LockFilterProxyModel::settle);
}

void LockFilterProxyModel::setSourceModel(QAbstractItemModel *source)
{
    if (sourceModel())
        sourceModel()->disconnect(this);
    QSortFilterProxyModel::setSourceModel(source);
    if (!source)
        return;
    connect(source, &QAbstractItemModel::rowsInserted, this, &LockFilterProxyModel::scheduleSettle);
    connect(source, &QAbstractItemModel::dataChanged, this, &LockFilterProxyModel::scheduleSettle);
}

void LockFilterProxyModel::scheduleSettle()
{
    m_pending = true;
    if (!m_bulk && !m_settleTimer.isActive())
        m_settleTimer.start();
}

void LockFilterProxyModel::setBulkLoading(bool bulk)
{
    m_bulk = bulk;
    if (!bulk && m_pending)
        settle();
}

void LockFilterProxyModel::settle()
{
    m_settleTimer.stop();
    m_pending = false;
    if (m_hideGone || !m_text.isEmpty())
        invalidateRowsFilter();
    if (sortColumn() >= 0 && !isInOrder())
        sort(sortColumn(), sortOrder());
}

// A linear check saves the n log n sort in the common case: sorted by key, locks renew
// or count down, and nothing moves.
bool LockFilterProxyModel::isInOrder() const
{
    const auto *locks = qobject_cast<const LockTableModel *>(sourceModel());
    if (!locks)
        return false;
    const int column = sortColumn();
    const bool ascending = sortOrder() == Qt::AscendingOrder;
    int previous = -1;
    for (int row = 0; row < rowCount(); ++row) {
        const int current = mapToSource(index(row, column)).row();
        if (previous >= 0) {
            const bool outOfOrder = ascending ? locks->lessThan(current, previous, column)
                                              : locks->lessThan(previous, current, column);
            if (outOfOrder)
                return false;
        }
        previous = current;
    }
    return true;
}

void LockFilterProxyModel::setFilterText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateRowsFilter();
}

void LockFilterProxyModel::setHideGone(bool hide)
{
    if (hide == m_hideGone)
        return;
    m_hideGone = hide;
    invalidateRowsFilter();
}

bool LockFilterProxyModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_hideGone) {
        const auto state = LockState(index.data(LockTableModel::StateRole).toInt());
        if (state == LockState::Released || state == LockState::Expired)
            return false;
    }
    if (m_text.isEmpty())
        return true;
    return index.data(LockTableModel::FilterTextRole).toString().contains(m_text, Qt::CaseInsensitive);
}

bool LockFilterProxyModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (const auto *locks = qobject_cast<const LockTableModel *>(sourceModel()))
        return locks->lessThan(left.row(), right.row(), left.column());
    return QSortFilterProxyModel::lessThan(left, right);
}
