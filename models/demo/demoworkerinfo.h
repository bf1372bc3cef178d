#pragma once

#include <QCoreApplication>
#include <QString>

enum class DemoWorkerState { Idle, Waiting, Holding, Paused, Crashed, Done };

// A snapshot of one simulated worker, for the workers list.
struct DemoWorkerInfo
{
    Q_DECLARE_TR_FUNCTIONS(DemoWorkerInfo) // its state names are for people
public:
    int id = 0;
    DemoWorkerState state = DemoWorkerState::Idle;
    qint64 acquisitions = 0;
    qint64 failures = 0;
    qint64 lastWaitMs = -1;
    QString note; // what it is doing: "holds lock (fence 12)", "frozen", "lock lost", …

    static QString stateName(DemoWorkerState state);
    static QString workerName(int id) { return QStringLiteral("w%1").arg(id); }
    bool operator==(const DemoWorkerInfo &) const = default;
};
