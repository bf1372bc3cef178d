#include "redlockgroupmodel.h"

#include "lockinfo.h"
#include "tokentext.h"

#include <QColor>

namespace {
using Quorum = RedlockObservation::Quorum;
using Status = RedlockObservation::Node::Status;

bool hasMajority(const RedlockObservation::Assessment &a)
{
    return a.quorum == Quorum::Held || a.quorum == Quorum::Degraded;
}
} // namespace

RedlockGroupModel::RedlockGroupModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void RedlockGroupModel::setNodes(const QStringList &names)
{
    beginResetModel();
    m_nodes = names;
    m_nodeErrors = QStringList(names.size());
    endResetModel();
}

void RedlockGroupModel::setDriftFactor(double driftFactor)
{
    m_drift = driftFactor;
    for (Row &r : m_rows)
        r.assessment = r.observation.assess(m_drift);
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void RedlockGroupModel::setObservations(const QList<RedlockObservation> &observations, qint64 observedAtMs)
{
    m_observedAtMs = observedAtMs;
    m_nowMs = observedAtMs;
    // The same keys as before (the usual case, every scan): updated in place, so the view
    // keeps its selection and scroll position.
    const bool sameKeys = observations.size() == m_rows.size()
        && std::equal(observations.cbegin(), observations.cend(), m_rows.cbegin(),
                      [](const RedlockObservation &o, const Row &r) { return o.key == r.observation.key; });
    if (!sameKeys)
        beginResetModel();
    m_rows.clear();
    m_rows.reserve(observations.size());
    for (const RedlockObservation &o : observations)
        m_rows << Row{o, o.assess(m_drift)};
    if (!sameKeys)
        endResetModel();
    else if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

void RedlockGroupModel::setNodeErrors(const QStringList &errors)
{
    if (errors == m_nodeErrors)
        return;
    m_nodeErrors = errors;
    if (!m_nodes.isEmpty())
        Q_EMIT headerDataChanged(Qt::Horizontal, FirstNodeColumn, FirstNodeColumn + int(m_nodes.size()) - 1);
}

void RedlockGroupModel::tick(qint64 nowMs)
{
    m_nowMs = nowMs;
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, ValidityColumn), index(int(m_rows.size()) - 1, columnCount() - 1), {Qt::DisplayRole});
}

int RedlockGroupModel::rowOf(const QByteArray &key) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).observation.key == key)
            return i;
    return -1;
}

int RedlockGroupModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RedlockGroupModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FirstNodeColumn + int(m_nodes.size());
}

qint64 RedlockGroupModel::countdown(qint64 ms) const
{
    return ms < 0 ? ms : std::max<qint64>(0, ms - (m_nowMs - m_observedAtMs));
}

QVariant RedlockGroupModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row &row = m_rows.at(index.row());
    const RedlockObservation::Assessment &a = row.assessment;
    if (role == QuorumIdRole)
        return RedlockObservation::quorumId(a.quorum);
    if (index.column() >= FirstNodeColumn)
        return nodeData(row, index.column() - FirstNodeColumn, role);
    switch (index.column()) {
    case KeyColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole)
            return TokenText::escape(row.observation.key);
        break;
    case StateColumn: {
        // A majority none of whose nodes will ever expire it: stuck, as the lock table says.
        const bool stuck = hasMajority(a) && a.validityMs < 0;
        if (role == Qt::DisplayRole)
            return stuck ? tr("%1, stuck (no TTL)").arg(RedlockObservation::quorumText(a.quorum)) : RedlockObservation::quorumText(a.quorum);
        if (role == Qt::ToolTipRole)
            return tr("%1 of %2 nodes hold the majority token (quorum %3); %4 absent, %5 unreadable")
                .arg(a.tokenNodes.size()).arg(row.observation.nodes.size()).arg(a.quorumSize).arg(a.absent).arg(a.unreadable);
        if (role == Qt::ForegroundRole) {
            if (stuck)
                return QColor(0xb0, 0x30, 0x20);
            switch (a.quorum) {
            case Quorum::Held:
                return QColor(0x2e, 0x7d, 0x32);
            case Quorum::Degraded:
                return QColor(0xc0, 0x70, 0x00);
            case Quorum::Split:
            case Quorum::Unknown:
                return QColor(0xb0, 0x30, 0x20);
            case Quorum::Leftover:
            case Quorum::Free:
                return QColor(Qt::gray);
            }
        }
        break;
    }
    case ValidityColumn:
        if (role == Qt::DisplayRole && hasMajority(a))
            return LockInfo::formatTtl(countdown(a.validityMs));
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case HolderColumn:
        if ((role == Qt::DisplayRole || role == Qt::ToolTipRole) && hasMajority(a)) {
            const RedlockObservation::Node &n = row.observation.nodes.at(a.tokenNodes.first());
            return !n.holders.isEmpty() && !n.holders.first().holder.isEmpty() ? n.holders.first().holder : TokenText::escape(a.token);
        }
        break;
    default:
        break;
    }
    return {};
}

QVariant RedlockGroupModel::nodeData(const Row &row, int node, int role) const
{
    if (node >= row.observation.nodes.size())
        return {};
    const RedlockObservation::Node &n = row.observation.nodes.at(node);
    const bool majorityToken = hasMajority(row.assessment) && n.status == Status::Holding && n.token == row.assessment.token;
    switch (role) {
    case Qt::DisplayRole:
        switch (n.status) {
        case Status::Holding:
            return QStringLiteral("%1 %2").arg(majorityToken ? QStringLiteral("=") : row.observation.shortToken(node),
                                               LockInfo::formatTtl(countdown(n.ttlMs)));
        case Status::Absent:
            return QStringLiteral("–");
        case Status::Unreadable:
            return tr("unreadable");
        }
        break;
    case Qt::ToolTipRole:
        switch (n.status) {
        case Status::Holding:
            if (!n.warnings.isEmpty())
                return tr("%1 holds token %2 (warnings: %3)").arg(n.name, TokenText::escape(n.token), n.warnings.join(QStringLiteral(", ")));
            return tr("%1 holds token %2").arg(n.name, TokenText::escape(n.token));
        case Status::Absent:
            return tr("%1 has no such key").arg(n.name);
        case Status::Unreadable:
            return tr("%1 could not be read: %2 (not counted as not holding)").arg(n.name, n.error);
        }
        break;
    case Qt::ForegroundRole:
        if (n.status == Status::Unreadable)
            return QColor(0xb0, 0x30, 0x20);
        if (n.status == Status::Holding && !majorityToken)
            return QColor(0xc0, 0x70, 0x00);
        break;
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    default:
        break;
    }
    return {};
}

QVariant RedlockGroupModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (section >= FirstNodeColumn && section < columnCount()) {
        const int node = section - FirstNodeColumn;
        const bool down = !m_nodeErrors.value(node).isEmpty();
        if (role == Qt::DisplayRole)
            // Numbered as the CLI numbers them, and named: an operator knows servers by address.
            return (down ? tr("Node %1 (unreadable)") : tr("Node %1")).arg(node + 1) + QLatin1Char('\n') + m_nodes.at(node);
        if (role == Qt::ToolTipRole)
            return down ? tr("%1: %2").arg(m_nodes.at(node), m_nodeErrors.at(node)) : m_nodes.at(node);
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case KeyColumn:
        return tr("Key");
    case StateColumn:
        return tr("Group state");
    case ValidityColumn:
        return tr("Validity");
    case HolderColumn:
        return tr("Holder");
    default:
        return {};
    }
}
