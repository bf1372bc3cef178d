#include "lockalertmodel.h"

#include "lockinfo.h"
#include "tokentext.h"

#include <QColor>
#include <QDateTime>
#include <QFont>

namespace {
QByteArray indexKey(LockAlert::Kind kind, const QByteArray &key)
{
    return QByteArray::number(int(kind)) + '\0' + key;
}
} // namespace

LockAlertModel::LockAlertModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int LockAlertModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_alerts.size());
}

int LockAlertModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LockAlertModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Last seen");
    case AlertColumn:
        return tr("Alert");
    case KeyColumn:
        return tr("Lock");
    case HolderColumn:
        return tr("Holder");
    case MessageColumn:
        return tr("What happened");
    case CountColumn:
        return tr("Times");
    }
    return {};
}

QVariant LockAlertModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_alerts.size())
        return {};
    const LockAlert &a = m_alerts.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return QDateTime::fromMSecsSinceEpoch(a.lastMs).toString(QStringLiteral("HH:mm:ss"));
        case AlertColumn:
            return a.resolved ? tr("%1 (over)").arg(LockAlert::kindText(a.kind)) : LockAlert::kindText(a.kind);
        case KeyColumn:
            return TokenText::escape(a.key);
        case HolderColumn:
            return a.holder;
        case MessageColumn:
            return a.message;
        case CountColumn:
            return a.count;
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == TimeColumn)
            return tr("First %1, last %2")
                .arg(QDateTime::fromMSecsSinceEpoch(a.firstMs).toString(Qt::ISODate),
                     QDateTime::fromMSecsSinceEpoch(a.lastMs).toString(Qt::ISODate));
        if (index.column() == MessageColumn || index.column() == KeyColumn)
            return index.column() == KeyColumn ? TokenText::escape(a.key) : a.message;
        break;
    case Qt::ForegroundRole:
        if (a.resolved)
            return QColor(Qt::gray);
        if (index.column() == AlertColumn)
            return a.kind == LockAlert::Kind::Stuck ? QColor(0xb3, 0x26, 0x1e)
                                                    : a.kind == LockAlert::Kind::NearMiss ? QColor(0xb0, 0x60, 0x00)
                                                                                          : QColor(0x6a, 0x1b, 0x9a);
        break;
    case Qt::FontRole:
        if (index.column() == KeyColumn) {
            QFont mono(QStringLiteral("monospace"));
            mono.setStyleHint(QFont::TypeWriter);
            return mono;
        }
        if (index.column() == AlertColumn && !a.resolved) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == CountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case KeyBytesRole:
        return a.key;
    case KindRole:
        return int(a.kind);
    case ResolvedRole:
        return a.resolved;
    }
    return {};
}

int LockAlertModel::rowOf(LockAlert::Kind kind, const QByteArray &key) const
{
    return m_rowByKindKey.value(indexKey(kind, key), -1);
}

void LockAlertModel::rebuildIndex()
{
    m_rowByKindKey.clear();
    for (int row = 0; row < m_alerts.size(); ++row)
        m_rowByKindKey.insert(indexKey(m_alerts.at(row).kind, m_alerts.at(row).key), row);
}

void LockAlertModel::raise(LockAlert::Kind kind, const QByteArray &key, const QString &holder, const QString &message, qint64 timeMs,
                           bool countRepeat)
{
    const int row = rowOf(kind, key);
    if (row >= 0 && !m_alerts.at(row).resolved) {
        LockAlert &a = m_alerts[row];
        if (countRepeat)
            ++a.count;
        a.lastMs = std::max(a.lastMs, timeMs);
        a.message = message;
        if (!holder.isEmpty())
            a.holder = holder;
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::DisplayRole, Qt::ToolTipRole});
        return;
    }
    LockAlert alert;
    alert.kind = kind;
    alert.key = key;
    alert.holder = holder;
    alert.message = message;
    alert.firstMs = alert.lastMs = timeMs;
    if (row >= 0) {
        // It happened again after it was over: a new alert, on top, that remembers the old count.
        alert.count = m_alerts.at(row).count + 1;
        beginRemoveRows({}, row, row);
        m_alerts.removeAt(row);
        endRemoveRows();
    }
    beginInsertRows({}, 0, 0);
    m_alerts.prepend(alert);
    rebuildIndex();
    endInsertRows();
    if (m_alerts.size() > maxAlerts) {
        const int first = int(maxAlerts);
        beginRemoveRows({}, first, int(m_alerts.size()) - 1);
        m_alerts.resize(maxAlerts);
        rebuildIndex();
        endRemoveRows();
    }
    Q_EMIT alertRaised(alert);
}

void LockAlertModel::resolve(LockAlert::Kind kind, const QByteArray &key, qint64 timeMs)
{
    const int row = rowOf(kind, key);
    if (row < 0 || m_alerts.at(row).resolved)
        return;
    m_alerts[row].resolved = true;
    m_alerts[row].lastMs = std::max(m_alerts[row].lastMs, timeMs);
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::DisplayRole, Qt::ForegroundRole, Qt::FontRole, ResolvedRole});
}

void LockAlertModel::record(const LockEvent &e)
{
    switch (e.kind) {
    case LockEventKind::Stuck:
        raise(LockAlert::Kind::Stuck, e.key, e.holder,
              e.reason == QLatin1String("no-ttl")
                  ? tr("No expiry, held for %1: if its holder died, it stays locked forever").arg(LockInfo::formatTtl(e.heldMs))
                  : tr("Held for %1, longer than the stuck threshold").arg(LockInfo::formatTtl(e.heldMs)),
              e.timeMs);
        break;
    case LockEventKind::NearMiss:
        raise(LockAlert::Kind::NearMiss, e.key, e.holder,
              tr("Renewed with only %1 of %2 left: the watchdog is falling behind")
                  .arg(LockInfo::formatTtl(e.ttlLeftMs), LockInfo::formatTtl(e.leaseMs)),
              e.timeMs);
        break;
    case LockEventKind::Released:
    case LockEventKind::Expired:
    case LockEventKind::HandedOver:
        resolve(LockAlert::Kind::Stuck, e.key, e.timeMs);
        break;
    default:
        break;
    }
}

void LockAlertModel::observeHeat(const QByteArray &key, qint64 score, const QString &details, qint64 nowMs)
{
    if (score >= m_hotScore)
        raise(LockAlert::Kind::Hot, key, QString(), details, nowMs, false); // still hot is not news
    else if (score < m_hotScore / 2)
        resolve(LockAlert::Kind::Hot, key, nowMs);
}

int LockAlertModel::openCount() const
{
    return int(std::count_if(m_alerts.cbegin(), m_alerts.cend(), [](const LockAlert &a) { return !a.resolved; }));
}

void LockAlertModel::clear()
{
    beginResetModel();
    m_alerts.clear();
    m_rowByKindKey.clear();
    endResetModel();
}
