#pragma once

#include "redlockobservation.h"

#include <QAbstractTableModel>
#include <QStringList>

// A Redlock group as the window shows it: one row per lock key with the group's state, the
// validity counting down, the holder of the majority token, and a column per node with the
// token and TTL found there ("=" for the majority's token), "–" where the node has no such
// key, and "unreadable" where it could not be read (never counted as not holding). The
// same model shows an operator's group and the training sandbox's Redlock servers.
class RedlockGroupModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { KeyColumn, StateColumn, ValidityColumn, HolderColumn, FirstNodeColumn };
    // The state's stable id (held, degraded, split, leftover, unknown, free), for tests and filters.
    static constexpr int QuorumIdRole = Qt::UserRole + 1;

    explicit RedlockGroupModel(QObject *parent = nullptr);

    // host:port of each node, in the group's order: the node columns.
    void setNodes(const QStringList &names);
    const QStringList &nodes() const { return m_nodes; }
    void setDriftFactor(double driftFactor);
    // A reading of the whole group, made at observedAtMs (MonotonicClock): replaces the rows.
    void setObservations(const QList<RedlockObservation> &observations, qint64 observedAtMs);
    // Counts the validity and the TTLs down to nowMs (MonotonicClock).
    void tick(qint64 nowMs);
    // Nodes whose whole reading failed (empty where the node answered): their headers say so.
    void setNodeErrors(const QStringList &errors);

    const RedlockObservation &observationAt(int row) const { return m_rows.at(row).observation; }
    int rowOf(const QByteArray &key) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row
    {
        RedlockObservation observation;
        RedlockObservation::Assessment assessment;
    };

    qint64 countdown(qint64 ms) const;
    QVariant nodeData(const Row &row, int node, int role) const;

    QStringList m_nodes;
    QStringList m_nodeErrors;
    double m_drift = RedlockQuorum::defaultDriftFactor;
    QList<Row> m_rows;
    qint64 m_observedAtMs = 0;
    qint64 m_nowMs = 0;
};
