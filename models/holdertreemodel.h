#pragma once

#include "lockinfo.h"

#include <QAbstractItemModel>

// The locks grouped by who holds them, answering "what does client X hold?": one top-level row
// per holder identity (a Redisson or Spring client id, a host and pid, a MAC, else the token
// itself), the locks it holds beneath. Rebuilt from a snapshot of the lock table.
class HolderTreeModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HolderTreeModel)

public:
    enum Column { HolderColumn, DialectColumn, TokenColumn, CountColumn, ColumnCount };
    Q_ENUM(Column)

    explicit HolderTreeModel(QObject *parent = nullptr);

    void setLocks(const QList<LockInfo> &locks);

    // Who a holder is, across locks: the same client UUID in two locks is one holder.
    static QString identityOf(const LockHolder &holder);

    int groupCount() const { return int(m_groups.size()); }
    QString groupIdentity(int group) const { return m_groups.at(group).identity; }
    QList<QByteArray> keysOf(const QString &identity) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Held
    {
        QByteArray key;
        QString dialect;
        QByteArray token;
        qint64 count = 1;
    };
    struct Group
    {
        QString identity;
        QString label;
        QList<Held> locks;
    };

    // Children point at their group by index + 1; top-level rows carry 0.
    static constexpr quintptr topLevel = 0;

    QList<Group> m_groups;
};
