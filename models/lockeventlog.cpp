#include "lockeventlog.h"

#include "lockinfo.h"
#include "tokentext.h"

#include <QColor>
#include <QDateTime>
#include <QFont>

namespace {
// Time-expired rows leave once this much is stale (a tenth of the window, at most a
// minute), so removals stay rare and large.
constexpr qint64 maxRetentionSlackMs = 60'000;

QColor kindColor(LockEventKind kind)
{
    switch (kind) {
    case LockEventKind::Expired:
    case LockEventKind::Stuck:
        return QColor(0xb3, 0x26, 0x1e);
    case LockEventKind::NearMiss:
        return QColor(0xb0, 0x60, 0x00);
    case LockEventKind::Contended:
        return QColor(0x6a, 0x1b, 0x9a);
    default:
        return {};
    }
}
} // namespace

LockEventLog::LockEventLog(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int LockEventLog::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int LockEventLog::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LockEventLog::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case EventColumn:
        return tr("Event");
    case KeyColumn:
        return tr("Key");
    case HolderColumn:
        return tr("Holder");
    case TokenColumn:
        return tr("Token");
    case TtlColumn:
        return tr("TTL");
    case DetailsColumn:
        return tr("Details");
    }
    return {};
}

QVariant LockEventLog::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_events.size())
        return {};
    const LockEvent &e = m_events[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TimeColumn:
            return QDateTime::fromMSecsSinceEpoch(e.timeMs).toString(QStringLiteral("HH:mm:ss.zzz"));
        case EventColumn:
            return LockEvent::kindText(e.kind);
        case KeyColumn:
            return TokenText::escape(e.key);
        case HolderColumn:
            return e.kind == LockEventKind::HandedOver ? e.previousHolder + QStringLiteral(" → ") + e.holder : e.holder;
        case TokenColumn:
            return TokenText::escape(e.token);
        case TtlColumn:
            return e.ttlMs == LockEvent::unknown ? QStringLiteral("—") : LockInfo::formatTtl(e.ttlMs);
        case DetailsColumn:
            return e.details();
        }
        break;
    case Qt::ToolTipRole:
        switch (index.column()) {
        case TimeColumn:
            return QDateTime::fromMSecsSinceEpoch(e.timeMs).toString(Qt::ISODateWithMs);
        case KeyColumn:
            return TokenText::escape(e.key);
        case TokenColumn:
            return e.kind == LockEventKind::HandedOver
                       ? tr("%1 (was %2)").arg(TokenText::escape(e.token), TokenText::escape(e.previousToken))
                       : TokenText::escape(e.token);
        case DetailsColumn:
            return e.details();
        }
        break;
    case Qt::ForegroundRole:
        if (index.column() == EventColumn) {
            const QColor c = kindColor(e.kind);
            if (c.isValid())
                return c;
        }
        if (e.inferred)
            return QColor(Qt::gray);
        break;
    case Qt::FontRole:
        if (index.column() == KeyColumn || index.column() == TokenColumn) {
            QFont mono(QStringLiteral("monospace"));
            mono.setStyleHint(QFont::TypeWriter);
            return mono;
        }
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == TtlColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        break;
    case KindRole:
        return int(e.kind);
    case KeyBytesRole:
        return e.key;
    case TimeRole:
        return e.timeMs;
    case HolderTextRole:
        return e.holder + QLatin1Char('\n') + e.previousHolder + QLatin1Char('\n') + TokenText::escape(e.token)
               + QLatin1Char('\n') + TokenText::escape(e.previousToken);
    case EventRole:
        return QVariant::fromValue(e);
    }
    return {};
}

void LockEventLog::setCapacity(qsizetype events)
{
    m_capacity = std::max<qsizetype>(100, events);
    if (!m_events.empty())
        trim(m_events.back().timeMs);
}

void LockEventLog::append(const QList<LockEvent> &events)
{
    if (events.isEmpty())
        return;
    const int first = int(m_events.size());
    beginInsertRows({}, first, first + int(events.size()) - 1);
    qint64 newest = m_events.empty() ? events.first().timeMs : m_events.back().timeMs;
    for (const LockEvent &e : events) {
        m_events.push_back(e);
        newest = std::max(newest, e.timeMs);
    }
    endInsertRows();
    m_appended += quint64(events.size());
    trim(newest);
}

void LockEventLog::trim(qint64 newestMs)
{
    const qsizetype count = qsizetype(m_events.size());
    qsizetype drop = count > m_capacity + m_capacity / 10 ? count - m_capacity : 0;
    const qint64 cutoff = newestMs - m_retentionMs;
    const qint64 slack = std::min(maxRetentionSlackMs, m_retentionMs / 10);
    if (!m_events.empty() && m_events.front().timeMs < cutoff - slack)
        while (drop < count && m_events[size_t(drop)].timeMs < cutoff)
            ++drop;
    if (drop <= 0)
        return;
    beginRemoveRows({}, 0, int(drop) - 1);
    m_events.erase(m_events.begin(), m_events.begin() + drop);
    endRemoveRows();
}

void LockEventLog::clear()
{
    beginResetModel();
    m_events.clear();
    endResetModel();
}
