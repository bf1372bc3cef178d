#include "holdertreemodel.h"

#include "tokentext.h"

#include <QFontDatabase>

#include <algorithm>

HolderTreeModel::HolderTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

QString HolderTreeModel::identityOf(const LockHolder &holder)
{
    const QString client = holder.field(QStringLiteral("client"));
    if (!client.isEmpty())
        return tr("client %1").arg(client);
    const QString host = holder.field(QStringLiteral("host"));
    if (!host.isEmpty()) {
        const QString pid = holder.field(QStringLiteral("pid"));
        return pid.isEmpty() ? tr("host %1").arg(host) : tr("host %1, pid %2").arg(host, pid);
    }
    const QString mac = holder.field(QStringLiteral("mac"));
    if (!mac.isEmpty())
        return tr("MAC %1").arg(mac);
    return tr("token %1").arg(TokenText::escape(holder.token));
}

void HolderTreeModel::setLocks(const QList<LockInfo> &locks)
{
    QHash<QString, qsizetype> at;
    QList<Group> groups;
    for (const LockInfo &lock : locks) {
        if (lock.isGone())
            continue;
        for (const LockHolder &h : lock.holders) {
            const QString identity = identityOf(h);
            auto it = at.find(identity);
            if (it == at.end()) {
                it = at.insert(identity, groups.size());
                groups.append({identity, identity, {}});
            }
            groups[*it].locks.append({lock.key(), lock.dialect, h.token, h.count});
        }
    }
    // Whoever holds most comes first: that is where a stuck system usually points.
    std::stable_sort(groups.begin(), groups.end(), [](const Group &a, const Group &b) {
        return a.locks.size() != b.locks.size() ? a.locks.size() > b.locks.size() : a.identity < b.identity;
    });
    for (Group &g : groups) {
        std::sort(g.locks.begin(), g.locks.end(), [](const Held &a, const Held &b) { return a.key < b.key; });
        g.label = tr("%1 — %n lock(s)", nullptr, int(g.locks.size())).arg(g.identity);
    }
    beginResetModel();
    m_groups = std::move(groups);
    endResetModel();
}

QList<QByteArray> HolderTreeModel::keysOf(const QString &identity) const
{
    QList<QByteArray> keys;
    for (const Group &g : m_groups)
        if (g.identity == identity)
            for (const Held &h : g.locks)
                keys << h.key;
    return keys;
}

QModelIndex HolderTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column < 0 || column >= ColumnCount || row < 0)
        return {};
    if (!parent.isValid())
        return row < m_groups.size() ? createIndex(row, column, topLevel) : QModelIndex();
    if (parent.internalId() != topLevel || row >= m_groups.at(parent.row()).locks.size())
        return {};
    return createIndex(row, column, quintptr(parent.row()) + 1);
}

QModelIndex HolderTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == topLevel)
        return {};
    return createIndex(int(child.internalId() - 1), 0, topLevel);
}

int HolderTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_groups.size());
    if (parent.internalId() != topLevel || parent.column() != 0)
        return 0;
    return int(m_groups.at(parent.row()).locks.size());
}

int HolderTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant HolderTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    if (index.internalId() == topLevel) {
        const Group &g = m_groups.at(index.row());
        if (index.column() == HolderColumn && (role == Qt::DisplayRole || role == Qt::ToolTipRole))
            return g.label;
        if (index.column() == CountColumn && role == Qt::DisplayRole)
            return qlonglong(g.locks.size());
        return {};
    }
    const Held &h = m_groups.at(int(index.internalId() - 1)).locks.at(index.row());
    if (role == Qt::UserRole)
        return h.key;
    if (role == Qt::FontRole && (index.column() == HolderColumn || index.column() == TokenColumn))
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case HolderColumn:
        return TokenText::escape(h.key);
    case DialectColumn:
        return h.dialect;
    case TokenColumn:
        return TokenText::escape(h.token);
    case CountColumn:
        return qlonglong(h.count);
    default:
        return {};
    }
}

QVariant HolderTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case HolderColumn:
        return tr("Holder / lock");
    case DialectColumn:
        return tr("Dialect");
    case TokenColumn:
        return tr("Token");
    case CountColumn:
        return tr("Count");
    default:
        return {};
    }
}
