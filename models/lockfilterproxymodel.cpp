#include "lockfilterproxymodel.h"

#include "lockinfo.h"
#include "locktablemodel.h"

LockFilterProxyModel::LockFilterProxyModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(LockTableModel::SortRole);
    setDynamicSortFilter(true);
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
