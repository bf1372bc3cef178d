#pragma once

#include "demolock.h"
#include "demorecipe.h"
#include "demoworkerinfo.h"

#include <QList>
#include <QObject>
#include <QTimer>

#include <functional>

class DemoRunContext;
class RedisConnection;

// One simulated client process: its own connections, a lock protocol, and a job loop —
// wait for the lock (retrying by the recipe's policy, giving up after the acquire timeout),
// work inside the critical section, release, think, again. Everything runs on timers on
// the event loop. It reports entering and leaving to the run's CriticalSection, so the
// sandbox sees a second worker inside whatever the lock claims.
//
// A crash is a process dying: nothing more is sent, connections drop, the lock stays in
// Redis. Every pending callback carries the incarnation it was made in and is ignored
// once the worker has crashed, stopped or restarted.
class DemoWorker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoWorker)

public:
    DemoWorker(int id, DemoRunContext *context, QObject *parent = nullptr);
    ~DemoWorker() override;

    int id() const { return m_id; }
    DemoWorkerState state() const { return m_state; }
    DemoWorkerInfo info() const;
    bool isRunning() const { return m_running; }

    void start();
    // Retires quietly (the run is over, or fewer workers are wanted).
    void stop();
    // Dies like a killed process.
    void crash();
    // The lock's servers changed (a failover): reconnect to them.
    void retarget();

Q_SIGNALS:
    void attempted(int worker);
    void acquired(int worker, qint64 waitMs);
    void gaveUp(int worker);
    void entered(int worker, bool overlapped);
    void left(int worker);
    void sold(int worker, qint64 stockLeft);
    void staleWrite(int worker, bool accepted, qint64 fence);
    void faultClaimed(int worker, DemoRecipe::Fault fault);
    void crashed(int worker);
    void finishedAll(int worker); // nothing left to do (the sale is over)
    void narrated(const QString &text, bool bad);

private:
    template<typename F>
    auto live(F f);

    void boot();
    void openConnections();
    void closeConnections();
    void createLock();
    RedisConnection *dataConnection() const { return m_connections.value(0); }
    int ttlMs() const;

    void beginJob();
    void tryAcquire();
    void onAttempt(const DemoLock::Attempt &attempt);
    void retryLater();
    void giveUp();
    void acquiredNow(const DemoLock::Attempt &attempt);
    void enter();
    void runJob();
    void work(int ms, std::function<void()> then);
    void purchase();
    void fencedWrite();
    void recursive();
    void leave();
    void releaseLock();
    void waitForWorstMoment();
    void doRelease();
    void think();
    void renew();
    void restart();

    void setState(DemoWorkerState state, const QString &note = QString());
    void narrate(const QString &text, bool bad = false);
    QString name() const;
    QByteArray newToken();

    const int m_id;
    DemoRunContext *m_ctx;
    DemoLock *m_lock = nullptr;
    QList<RedisConnection *> m_connections;
    QTimer m_watchdog;
    QTimer m_restart;
    quint64 m_epoch = 0;
    bool m_running = false;

    DemoWorkerState m_state = DemoWorkerState::Idle;
    QString m_note;
    QByteArray m_clientId;
    QByteArray m_token;
    bool m_waiting = false;
    qint64 m_waitStartMs = 0;
    int m_failedAttempts = 0;
    quint64 m_attemptGeneration = 0;
    qint64 m_acquiredAtMs = 0;
    qint64 m_entry = 0;
    qint64 m_fence = 0;
    int m_granted = 0;
    bool m_stallNext = false;
    bool m_stallOnEntry = false;
    bool m_lockLost = false;
    bool m_soldOut = false;
    qint64 m_stallStartedMs = 0;

    qint64 m_acquisitions = 0;
    qint64 m_failures = 0;
    qint64 m_lastWaitMs = -1;
};
