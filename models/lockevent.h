#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QList>
#include <QString>

#include <limits>
#include <optional>

enum class LockEventKind { Acquired, Released, Renewed, Expired, HandedOver, Contended, Stuck, NearMiss, Lost, Server };

// One thing that happened to a lock, as LockScope derived it from what Redis showed (see
// EventDeriver), or to the server the locks live on (kind Server: the connection was lost,
// came back, the server stopped answering or restarted). Times are milliseconds since the
// epoch; numbers that could not be observed are `unknown` rather than a guess.
struct LockEvent
{
    Q_DECLARE_TR_FUNCTIONS(LockEvent) // its words for people are translated
public:
    static constexpr int kindCount = 10;
    static constexpr qint64 unknown = std::numeric_limits<qint64>::min();

    LockEventKind kind = LockEventKind::Acquired;
    qint64 timeMs = 0;
    QByteArray key;
    QString dialect;
    QString holder;
    QByteArray token;
    QString previousHolder;     // handed-over
    QByteArray previousToken;   // handed-over
    // The TTL the event left the lock with (acquired, renewed, handed-over, stuck, contended),
    // or that its holder gave up (released; 0 for expired). -1: no expiry.
    qint64 ttlMs = unknown;
    qint64 heldMs = unknown;        // how long the holding that ended (or is stuck) lasted
    bool heldAtLeast = false;       // it was held before LockScope first saw it: heldMs is a floor
    bool heldSinceOutage = false;   // with heldAtLeast: taken while the server could not be read, not before the watch
    qint64 ttlLeftMs = unknown;     // renewed, near-miss: what was left when it was renewed
    qint64 leaseMs = unknown;       // renewed, near-miss: the TTL the holder renews to
    qint64 intervalMs = unknown;    // renewed: since the previous renewal or the acquisition
    qint64 waiters = unknown;       // contended: clients waiting, where Redis shows them
    qint64 failedAttempts = unknown; // contended: failed SET NX counted by the sampler
    // stuck: "no-ttl" or "held-too-long"; lost: "server-restarted"; server: what happened
    // ("connection-lost", "connection-back", "not-answering", "answering", "restarted")
    QString reason;
    QString node;                   // the server ("host:port") it happened on, where known
    QString previousNode;           // lost in a failover: the master it was on before
    QString message;                // server: the words for it
    // Seen only through keyspace notifications: the key came and went between two reads,
    // so its holder and token are not known.
    bool inferred = false;

    static QString kindId(LockEventKind kind);
    static std::optional<LockEventKind> kindFromId(const QString &id);
    static QString kindText(LockEventKind kind);
    static QList<LockEventKind> allKinds();
    // The kinds that happen to locks (everything but Server).
    static QList<LockEventKind> lockKinds();
    bool isServerEvent() const { return kind == LockEventKind::Server; }
    // A Server event.
    static LockEvent server(const QString &what, const QString &node, const QString &message, qint64 timeMs);
    // A short human description of the details ("renewed with 0.2 s of 3.0 s left").
    QString details() const;
    // heldMs in words: "at least" it where the holding began before LockScope saw it.
    QString heldText() const;

    bool operator==(const LockEvent &other) const = default;
};
