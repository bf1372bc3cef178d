#include "demoworkertablemodel.h"

#include <QColor>

DemoWorkerTableModel::DemoWorkerTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

int DemoWorkerTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_workers.size());
}

int DemoWorkerTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QColor DemoWorkerTableModel::stateColor(DemoWorkerState state)
{
    switch (state) {
    case DemoWorkerState::Holding:
        return QColor(0x1b, 0x7f, 0x3b);
    case DemoWorkerState::Waiting:
        return QColor(0xa0, 0x60, 0x00);
    case DemoWorkerState::Paused:
        return QColor(0x6a, 0x1b, 0x9a);
    case DemoWorkerState::Crashed:
        return QColor(0xb3, 0x26, 0x1e);
    case DemoWorkerState::Idle:
    case DemoWorkerState::Done:
        break;
    }
    return QColor(0x70, 0x70, 0x70);
}

QVariant DemoWorkerTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_workers.size())
        return {};
    const DemoWorkerInfo &w = m_workers.at(index.row());
    if (role == StateRole)
        return int(w.state);
    if (role == Qt::ForegroundRole && index.column() == StateColumn)
        return stateColor(w.state);
    if (role == Qt::TextAlignmentRole && index.column() >= AcquisitionsColumn && index.column() <= LastWaitColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case WorkerColumn:
        return DemoWorkerInfo::workerName(w.id);
    case StateColumn:
        return QStringLiteral("● ") + DemoWorkerInfo::stateName(w.state);
    case AcquisitionsColumn:
        return w.acquisitions;
    case FailuresColumn:
        return w.failures;
    case LastWaitColumn:
        return w.lastWaitMs < 0 ? QString() : QStringLiteral("%1 ms").arg(w.lastWaitMs);
    case NoteColumn:
        return w.note;
    default:
        return {};
    }
}

QVariant DemoWorkerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case WorkerColumn:
        return tr("Worker");
    case StateColumn:
        return tr("State");
    case AcquisitionsColumn:
        return tr("Held");
    case FailuresColumn:
        return tr("Gave up");
    case LastWaitColumn:
        return tr("Last wait");
    case NoteColumn:
        return tr("Doing");
    default:
        return {};
    }
}

void DemoWorkerTableModel::setWorkers(const QList<DemoWorkerInfo> &workers)
{
    const qsizetype before = m_workers.size();
    const qsizetype after = workers.size();
    if (after < before) {
        beginRemoveRows({}, int(after), int(before - 1));
        m_workers.resize(after);
        endRemoveRows();
    }
    // Rows that stay: one ranged signal over the span that changed.
    int first = -1;
    int last = -1;
    for (qsizetype i = 0; i < std::min(before, after); ++i) {
        if (m_workers.at(i) == workers.at(i))
            continue;
        m_workers[i] = workers.at(i);
        if (first < 0)
            first = int(i);
        last = int(i);
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1), {Qt::DisplayRole, Qt::ForegroundRole, StateRole});
    if (after > before) {
        beginInsertRows({}, int(before), int(after - 1));
        for (qsizetype i = before; i < after; ++i)
            m_workers.append(workers.at(i));
        endInsertRows();
    }
}
