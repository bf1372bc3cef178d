#pragma once

#include "acquireattemptcounter.h"
#include "keypattern.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QTimer>

class RedisConnection;
class RedisTopology;

// Opt-in, time-limited sampling of failed lock acquisitions with MONITOR, on a connection of
// its own. A SET … NX that fails replies nil and leaves no trace in Redis; only MONITOR shows
// the attempt. MONITOR is expensive: the server copies every command it runs to this client
// (redis.io warns that one MONITOR client can cost more than half the throughput), so it runs
// for at most maxSeconds, only while the user asked for it, and stops by itself when it falls
// behind (commands arriving more than maxLagMs after the server ran them, or faster than
// maxLinesPerSecond).
class FailedAcquireSampler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailedAcquireSampler)

public:
    enum class State { Idle, Starting, Sampling };
    Q_ENUM(State)

    static constexpr int maxSeconds = 300;
    static constexpr qint64 maxLagMs = 2000;
    static constexpr qint64 maxLinesPerSecond = 50'000;

    // Samples every master of topology, each on a MONITOR connection of its own (taking the
    // same route as the master's connection).
    explicit FailedAcquireSampler(RedisTopology *topology, QObject *parent = nullptr);
    ~FailedAcquireSampler() override;

    void setPatterns(const QList<KeyPattern> &patterns) { m_patterns = patterns; }
    // Starts sampling for seconds (1 to maxSeconds); held maps the locks known to be held now
    // to their deadlines (ms since the epoch, -1 without expiry).
    void start(int seconds, const QHash<QByteArray, qint64> &held);
    void stop(const QString &why = QString());

    State state() const { return m_state; }
    bool isRunning() const { return m_state != State::Idle; }
    int secondsLeft() const;
    qint64 commandsSeen() const { return m_counter.commandsSeen(); }
    qint64 attempts() const { return m_counter.attempts(); }
    qint64 failures() const { return m_counter.failures(); }
    qint64 lagMs() const { return m_lagMs; }
    QString lastStopReason() const { return m_stopReason; }

Q_SIGNALS:
    // Once a second while sampling: failed attempts per lock in that second (atMs is monotonic).
    void failedAttempts(const QHash<QByteArray, qint64> &counts, qint64 atMs);
    void stateChanged(FailedAcquireSampler::State state);
    // Sampling ended: why (time limit, fell behind, stopped by the user, connection lost).
    void stopped(const QString &reason);
    void progress();

private:
    void onLine(const QByteArray &line);
    void flush();

    RedisTopology *m_topology;
    QList<KeyPattern> m_patterns;
    QList<RedisConnection *> m_connections;
    AcquireAttemptCounter m_counter;
    State m_state = State::Idle;
    QTimer m_limit;
    QTimer m_flush;
    QElapsedTimer m_running;
    qint64 m_lagMs = 0;
    qint64 m_linesThisSecond = 0;
    QString m_stopReason;
};
