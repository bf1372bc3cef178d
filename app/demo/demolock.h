#pragma once

#include <QByteArray>
#include <QList>
#include <QObject>

#include <functional>

class RedisConnection;

// One lock protocol as a demo worker runs it, over connections the worker owns (a process's
// connections die with the process, not with the protocol). Each call is asynchronous and
// answers through its handler, unless context is destroyed first — which is how a crashed
// or stopped worker silences everything it had in flight.
class DemoLock : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoLock)

public:
    enum class Outcome {
        Acquired,
        Busy,          // held by someone else
        NotReplicated, // written, but WAIT saw no replica acknowledge it: released again
        NoQuorum,      // Redlock: too few servers, or no validity left: released again
        Error,         // a connection or server error
        Crashed,       // the crash point fired between the commands of the acquire
    };
    struct Attempt
    {
        Outcome outcome = Outcome::Error;
        qint64 fence = 0;       // the fencing number, when the lock hands them out
        int holdCount = 1;      // re-entrant holds after this acquire
        int granted = 0;        // Redlock: servers that said yes
        qint64 validityMs = 0;  // Redlock: how long the lock may be used
        QByteArray detail;
    };
    enum class ReleaseOutcome {
        Released,  // deleted (for a plain DEL: deleted whatever was there)
        StillHeld, // re-entrant: one level released, the lock is still ours
        NotOwner,  // the token check refused: the lock is someone else's now
        Gone,      // nothing to release: the lock had expired
        Error,
    };
    enum class RenewOutcome { Renewed, Lost, Error };

    using AttemptHandler = std::function<void(const Attempt &)>;
    using ReleaseHandler = std::function<void(ReleaseOutcome)>;
    using RenewHandler = std::function<void(RenewOutcome)>;
    // Asked once the lock is written, before anything else is sent: returning true ends the
    // acquire there (Outcome::Crashed), as a process killed at that instant would.
    using CrashPoint = std::function<bool()>;
    // Told once the lock is written (before WAIT, say): the failover scenario strikes here.
    using WrittenHook = std::function<void()>;

    explicit DemoLock(const QByteArray &key, QObject *parent = nullptr);
    ~DemoLock() override;

    const QByteArray &key() const { return m_key; }
    void setConnections(const QList<RedisConnection *> &connections) { m_connections = connections; }
    void setCrashPoint(CrashPoint hook) { m_crashPoint = std::move(hook); }
    void setWrittenHook(WrittenHook hook) { m_written = std::move(hook); }

    // token identifies this holder; calls while the lock is held are re-entrant calls.
    virtual void acquire(const QByteArray &token, int ttlMs, QObject *context, AttemptHandler handler) = 0;
    virtual void release(QObject *context, ReleaseHandler handler) = 0;
    virtual void renew(int ttlMs, QObject *context, RenewHandler handler) = 0;
    // How many commands each attempt sends (Redis load).
    virtual int commandsPerAttempt() const { return 1; }
    // Forget any hold without telling Redis: the process that held it is gone.
    virtual void forget() = 0;

protected:
    bool crashPointFires() const { return m_crashPoint && m_crashPoint(); }
    void lockWritten() const
    {
        if (m_written)
            m_written();
    }

    QByteArray m_key;
    QList<RedisConnection *> m_connections;

private:
    CrashPoint m_crashPoint;
    WrittenHook m_written;
};
