#pragma once

#include <QSortFilterProxyModel>

// Sorts the lock table on raw values and filters it by key, holder or token text.
class LockFilterProxyModel final : public QSortFilterProxyModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockFilterProxyModel)

public:
    explicit LockFilterProxyModel(QObject *parent = nullptr);

    QString filterText() const { return m_text; }
    void setFilterText(const QString &text);
    bool hidesGone() const { return m_hideGone; }
    void setHideGone(bool hide);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text;
    bool m_hideGone = false;
};
