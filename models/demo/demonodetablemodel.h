#pragma once

#include "demonodeinfo.h"

#include <QAbstractTableModel>
#include <QList>

// The per-node holder matrix: one row per sandbox server with its state, role and the
// worker that holds the demo lock there.
class DemoNodeTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoNodeTableModel)

public:
    enum Column { NodeColumn, StateColumn, RoleColumn, HolderColumn, TtlColumn, ColumnCount };
    Q_ENUM(Column)

    explicit DemoNodeTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setNodes(const QList<DemoNodeInfo> &nodes);
    const QList<DemoNodeInfo> &nodes() const { return m_nodes; }

    static QString holderText(const DemoNodeInfo &node);

private:
    QList<DemoNodeInfo> m_nodes;
};
