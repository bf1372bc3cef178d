#include "demonodetablemodel.h"

#include "demoworkerinfo.h"

#include <QColor>

DemoNodeTableModel::DemoNodeTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int DemoNodeTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_nodes.size());
}

int DemoNodeTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString DemoNodeTableModel::holderText(const DemoNodeInfo &node)
{
    if (!node.up)
        return QString();
    if (node.holder == DemoNodeInfo::noHolder)
        return QStringLiteral("—");
    if (node.holder == DemoNodeInfo::unknownHolder)
        return QStringLiteral("?");
    QString text = DemoWorkerInfo::workerName(node.holder);
    if (node.holdCount > 1)
        text += QStringLiteral(" ×%1").arg(node.holdCount);
    return text;
}

QVariant DemoNodeTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_nodes.size())
        return {};
    const DemoNodeInfo &n = m_nodes.at(index.row());
    if (role == Qt::ForegroundRole && index.column() == StateColumn)
        return n.up ? QColor(0x1b, 0x7f, 0x3b) : QColor(0xb3, 0x26, 0x1e);
    if (role == Qt::TextAlignmentRole && index.column() == TtlColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case NodeColumn:
        return tr("node %1 :%2").arg(n.index + 1).arg(n.port);
    case StateColumn:
        return n.up ? tr("● up") : tr("● down");
    case RoleColumn:
        // The role as Redis names it (INFO replication), in the user's words.
        return n.role == QLatin1String("master") ? tr("master") : n.role == QLatin1String("replica") ? tr("replica") : n.role;
    case HolderColumn:
        return holderText(n);
    case TtlColumn:
        if (!n.up || n.pttlMs == -2)
            return QString();
        return n.pttlMs == -1 ? tr("no expiry") : tr("%1 ms").arg(n.pttlMs);
    default:
        return {};
    }
}

QVariant DemoNodeTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NodeColumn:
        return tr("Server");
    case StateColumn:
        return tr("State");
    case RoleColumn:
        return tr("Role");
    case HolderColumn:
        return tr("Holder");
    case TtlColumn:
        return tr("TTL");
    default:
        return {};
    }
}

void DemoNodeTableModel::setNodes(const QList<DemoNodeInfo> &nodes)
{
    if (nodes.size() != m_nodes.size()) {
        beginResetModel(); // the sandbox changed: a different set of servers
        m_nodes = nodes;
        endResetModel();
        return;
    }
    if (nodes == m_nodes)
        return;
    m_nodes = nodes;
    Q_EMIT dataChanged(index(0, 0), index(int(m_nodes.size()) - 1, ColumnCount - 1), {Qt::DisplayRole, Qt::ForegroundRole});
}
