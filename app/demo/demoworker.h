#pragma once

#include "demolock.h"
#include "demorecipe.h"
#include "demoworkerinfo.h"
#include "demoworkermachine.h"

#include <QList>
#include <QObject>
#include <QTimer>

class DemoRunContext;
class RedisConnection;
class RedisReply;

// One simulated client process: its own connections and a lock protocol, running the job
// loop of a DemoWorkerMachine. This class is the machine's I/O: it turns the state's timer,
// the watchdog's tick and Redis's replies into events, reads the facts the machine asks for
// from the run (the armed fault, the clock, the critical section), and performs the actions
// that come back — sending commands, starting timers, and reporting entering and leaving
// to the run's CriticalSection, so the sandbox sees a second worker inside whatever the lock
// claims.
//
// A crash is a process dying: nothing more is sent, connections drop, the lock stays in
// Redis. Every reply handler carries the incarnation it was made in and falls silent once
// the worker has crashed, stopped or restarted.
class DemoWorker final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoWorker)

public:
    DemoWorker(int id, DemoRunContext *context, QObject *parent = nullptr);
    ~DemoWorker() override;

    int id() const { return m_id; }
    DemoWorkerState state() const { return m_display; }
    DemoWorkerInfo info() const;
    bool isRunning() const { return m_machine.state() != DemoWorkerMachine::State::Stopped; }

    void start();
    // Retires quietly (the run is over, or fewer workers are wanted).
    void stop();
    // Dies like a killed process.
    void crash();
    // The lock's servers changed (a failover): reconnect to them.
    void retarget();
    // Another worker entered the critical section: a late releaser waits for this.
    void otherEntered(int worker);

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
    using Machine = DemoWorkerMachine;

    // Runs one event to completion: events raised meanwhile (a handler answering at once)
    // queue behind it.
    void dispatch(Machine::Event event);
    Machine::Facts facts() const;
    void perform(Machine::Action action);
    void stateEntered(Machine::State state);
    // How long a timed state lasts, or -1 for no timer.
    int stateTimeMs(Machine::State state) const;

    // Replies, each turned into an event.
    void onAttempt(const DemoLock::Attempt &attempt);
    void onStock(const RedisReply &reply);
    void onBought(const RedisReply &reply);
    void onInnerAttempt(const DemoLock::Attempt &attempt);
    void onInnerRelease(DemoLock::ReleaseOutcome outcome);
    void onRelease(DemoLock::ReleaseOutcome outcome);
    void onRenew(DemoLock::RenewOutcome outcome);

    template<typename F>
    auto thisLife(F f);

    void openConnections();
    void closeConnections();
    void createLock();
    RedisConnection *dataConnection() const { return m_connections.value(0); }
    int ttlMs() const;

    // What the actions do that takes more than a line.
    void boot();
    void acquire();
    void enter();
    void claimFault();
    void stall();
    void writeResource();
    void release();
    void die();

    void narrate(const QString &text, bool bad = false);
    QString name() const;
    QByteArray newToken();

    const int m_id;
    DemoRunContext *m_ctx;
    DemoLock *m_lock = nullptr;
    QList<RedisConnection *> m_connections;
    Machine m_machine;
    QTimer m_stateTimer; // the time span of the current state (think, backoff, work, stall, …)
    QTimer m_watchdog;   // renews every TTL/3 while holding
    QList<Machine::Event> m_queue;
    bool m_dispatching = false;
    Machine::State m_previous = Machine::State::Stopped; // before the event being handled
    quint64 m_life = 0;

    DemoWorkerState m_display = DemoWorkerState::Idle;
    QString m_note;
    QString m_holdingNote;
    QByteArray m_clientId;
    QByteArray m_token;
    qint64 m_waitStartMs = 0;
    int m_failedAttempts = 0;
    quint64 m_attemptGeneration = 0;
    qint64 m_acquiredAtMs = 0;
    qint64 m_entry = 0;
    qint64 m_fence = 0;
    int m_granted = 0;
    bool m_notReplicated = false; // the failover struck this attempt: its lock is on the master only
    qint64 m_lingerStartedMs = 0;

    qint64 m_acquisitions = 0;
    qint64 m_failures = 0;
    qint64 m_lastWaitMs = -1;
};
