#pragma once

#include "connectionprofile.h"

#include <QAbstractItemModel>
#include <QList>

// The saved connections as the connection manager lists them: each group a top-level row
// with its connections under it (by name), then the connections of no group. Each row shows
// the name with the colour tag as its decoration, and where the connection goes. The list is
// replaced whole whenever the store changes (it is a few dozen rows at most).
class ConnectionListModel final : public QAbstractItemModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionListModel)

public:
    enum Column { NameColumn, AddressColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role {
        IdRole = Qt::UserRole + 1, // a connection's id; empty on a group row
        IsGroupRole,
        ProductionRole,
        GroupRole, // the group a connection is in, or a group row's name
    };

    explicit ConnectionListModel(QObject *parent = nullptr);
    ~ConnectionListModel() override;

    void setConnections(const QList<ConnectionProfile> &profiles);
    const QList<ConnectionProfile> &connections() const { return m_profiles; }
    // The connection at index (either column), or nullptr for a group row.
    const ConnectionProfile *connection(const QModelIndex &index) const;
    QModelIndex indexOf(const QString &id, int column = NameColumn) const;
    // The group names in use, sorted, for the editor to offer.
    QStringList groups() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Group
    {
        QString name;
        QList<int> members; // rows of m_profiles, by name
    };

    // The profile row an index stands for, or -1 for a group row.
    int profileRow(const QModelIndex &index) const;

    QList<ConnectionProfile> m_profiles;
    QList<Group> m_groups;
    QList<int> m_ungrouped;
};
