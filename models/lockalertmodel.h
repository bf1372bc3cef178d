#pragma once

#include "lockalert.h"
#include "lockevent.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QList>

// The alerts panel: stuck locks and near-misses (from lock events) and hot locks (from the
// ranking), newest first, one row per kind and key. A stuck alert resolves when its lock is
// released, expires or changes hands; a hot alert when the lock cools below half the bar.
class LockAlertModel final : public QAbstractTableModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockAlertModel)

public:
    enum Column { TimeColumn, AlertColumn, KeyColumn, HolderColumn, MessageColumn, CountColumn, ColumnCount };
    Q_ENUM(Column)
    enum Role { KeyBytesRole = Qt::UserRole + 1, KindRole, ResolvedRole };

    static constexpr qsizetype maxAlerts = 500;

    explicit LockAlertModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void record(const LockEvent &event);
    // A hot lock at this score (the ranking's) now; scores under half the bar resolve it.
    void observeHeat(const QByteArray &key, qint64 score, const QString &details, qint64 nowMs);
    void setHotScore(qint64 score) { m_hotScore = score; }
    qint64 hotScore() const { return m_hotScore; }
    void clear();

    const QList<LockAlert> &alerts() const { return m_alerts; }
    int openCount() const;

Q_SIGNALS:
    // A new alert (not a repeat of an open one): the tray notification's cue.
    void alertRaised(const LockAlert &alert);

private:
    void raise(LockAlert::Kind kind, const QByteArray &key, const QString &holder, const QString &message, qint64 timeMs,
               bool countRepeat = true);
    void resolve(LockAlert::Kind kind, const QByteArray &key, qint64 timeMs);
    int rowOf(LockAlert::Kind kind, const QByteArray &key) const;
    void rebuildIndex();

    QList<LockAlert> m_alerts; // newest first
    QHash<QByteArray, int> m_rowByKindKey;
    qint64 m_hotScore = 120; // two acquisitions, handovers or failures a second, or 12 waiters
};
