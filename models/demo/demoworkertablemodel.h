#pragma once

#include "demoworkerinfo.h"

#include <QAbstractTableModel>
#include <QList>

// The simulated workers of a demo run, one row each, refreshed from snapshots a few times
// a second (not per event).
class DemoWorkerTableModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoWorkerTableModel)

public:
    enum Column { WorkerColumn, StateColumn, AcquisitionsColumn, FailuresColumn, LastWaitColumn, NoteColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role { StateRole = Qt::UserRole + 1 };

    explicit DemoWorkerTableModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setWorkers(const QList<DemoWorkerInfo> &workers);
    const QList<DemoWorkerInfo> &workers() const { return m_workers; }

    static QColor stateColor(DemoWorkerState state);

private:
    QList<DemoWorkerInfo> m_workers;
};
