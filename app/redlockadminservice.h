#pragma once

#include "adminplan.h"
#include "adminresult.h"
#include "redlockgroup.h"
#include "redlockobservation.h"

#include <QHash>
#include <QList>
#include <QObject>

#include <functional>
#include <memory>

class AuditLog;
class Dialect;
class DialectRegistry;
class GroupTransport;
class RedisConnection;
class RedisReply;

// What an action did on one node of a Redlock group.
struct RedlockNodeResult
{
    // Done: it ran there. Refused: the node holds another token (found says which) or, for
    // acquire, the key already. Absent: no such key there (nothing to extend or release).
    // LeftAlone: held there, but not read whole, so there is no token to guard a release by.
    // Error: it certainly did not run there (down, refused by Redis). Unknown: sent, and no
    // answer came in time: it may have run.
    enum class Outcome { Done, Refused, Absent, LeftAlone, Error, Unknown };

    QString node; // host:port
    Outcome outcome = Outcome::Error;
    QByteArray found; // Refused: the token there now, when it could be read
    QString message;

    static QString outcomeId(Outcome outcome);
};

// A group action's plan: the action as on one server (key, token, TTL, the command or
// script every node runs) and, for force-release, the token each node is guarded by.
struct RedlockAdminPlan
{
    AdminPlan action;
    QStringList nodes;           // host:port, in the group's order
    QList<QByteArray> guards;    // force-release: the token seen on each node, empty where none was
    QList<RedlockObservation::Node::Status> seen; // force-release: what the operator saw on each node
    QList<QString> notActed;     // force-release: why a node is left alone (absent, unreadable), or empty
    double driftFactor = RedlockQuorum::defaultDriftFactor;
    int retryCount = 0;
    int retryDelayMs = 0;
    int retryJitterMs = 0;

    // The per-node guards in words, for the audit log and the confirmation.
    QString guardText() const;
    // The command each node is sent; a force-release's guard is the token seen on that node,
    // which differs from node to node, so it is named where it goes.
    QString commandText() const;
};

struct RedlockAdminResult
{
    AdminResult result; // the group's outcome
    QList<RedlockNodeResult> nodes; // the last attempt's, in the group's order
    qint64 validityMs = -1;         // acquire and extend, when done
    int attempts = 0;               // acquire
};

// Acquire, extend and force-release a lock of a Redlock group with the libraries' semantics
// (the Redlock algorithm as redis.io, node-redlock and redsync have it), through the same
// commands and scripts: SET key token NX PX on every node at once, then a majority within
// the validity window or a guarded release everywhere it may have been set, and retries;
// a compare-then-PEXPIRE extend on every node, done with a majority; a compare-then-DEL
// release on every node, each node guarded by the token the operator saw there.
//
// Audited as AdminService audits (one intent, one outcome, the per-node results in its
// message); read-only refuses all. A node that does not answer in time is a "no" that may
// have run (unknown), never a yes.
class RedlockAdminService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RedlockAdminService)

public:
    using ResultHandler = std::function<void(const RedlockAdminResult &result)>;

    // Each node is reached as transport says (shared with the group's scan or watch, so one
    // tunnel per node); without one, the service makes its own from the group's profiles.
    RedlockAdminService(const RedlockGroup &group, const DialectRegistry *registry, const AuditLog *audit,
                        QObject *parent = nullptr, GroupTransport *transport = nullptr);
    // Actions still running get their outcome, unknown, in the audit log.
    ~RedlockAdminService() override;

    const RedlockGroup &group() const { return m_group; }
    // Read-only as set here, or as any node's saved connection is (the reason names it).
    bool isReadOnly() const { return !readOnlyReason().isEmpty(); }
    QString readOnlyReason() const;
    void setReadOnly(bool readOnly) { m_readOnly = readOnly; }
    // How long a node may take to answer one command (acquire: at most 5 % of the TTL too,
    // as redsync's timeout factor, so a slow node cannot eat the validity).
    void setNodeTimeoutMs(int ms) { m_nodeTimeoutMs = ms; }

    // The libraries whose locks a group can be acquired for: those that write SET key token NX PX.
    QList<const Dialect *> acquirableDialects() const;
    // An empty token gets a fresh one in the dialect's format (node-redlock's by default).
    RedlockAdminPlan planAcquire(const QByteArray &key, const QByteArray &token, qint64 ttlMs,
                                 const QString &dialect = QStringLiteral("node-redlock")) const;
    RedlockAdminPlan planExtend(const QByteArray &key, const QByteArray &token, qint64 ttlMs) const;
    // Every node guarded by the token seen there in observed; nodes seen absent or unreadable
    // are left alone, and said so.
    RedlockAdminPlan planForceRelease(const RedlockObservation &observed) const;

    // What token holds, released on every node as its own library's release does it (a node
    // holding another token refuses).
    RedlockAdminPlan planRelease(const QByteArray &key, const QByteArray &token) const;

    void execute(const RedlockAdminPlan &plan, QObject *context, ResultHandler handler);
    // The check every action makes before it writes, alone (for --dry-run): once every node is
    // reached or known not to be, why the group would be refused (one server under two
    // nodes' names), or an empty string. Reads INFO only.
    void checkServers(QObject *context, std::function<void(const QString &refusal)> done);
    qsizetype inFlightCount() const { return m_inFlight.size(); }
    // Closes the connections (opened again by the next action).
    void close();

private:
    struct Run;
    using NodeHandler = std::function<void(const RedlockNodeResult &)>;

    static bool isRedlockShaped(const Dialect *dialect, const QByteArray &key, const QByteArray &token, qint64 ttlMs);
    RedlockAdminPlan newPlan(AdminAction action, const QByteArray &key, const QByteArray &token, qint64 ttlMs) const;
    void open();
    void identify(QObject *context, const std::function<void(const QString &refusal)> &done);
    void act(const std::shared_ptr<Run> &run);
    void attemptAcquire(const std::shared_ptr<Run> &run);
    void acquireOn(int node, const std::shared_ptr<Run> &run, const NodeHandler &done);
    void scriptOn(int node, const QString &script, const QList<QByteArray> &args, const std::shared_ptr<Run> &run,
                  const NodeHandler &done);
    void releaseLeftovers(const std::shared_ptr<Run> &run);
    void onAllAnswered(const std::shared_ptr<Run> &run);
    RedlockNodeResult fromReply(int node, const RedisReply &reply, bool scripted) const;
    RedlockAdminResult summarise(const std::shared_ptr<Run> &run) const;
    bool writeAudit(const RedlockAdminPlan &plan, const AdminResult *outcome, QString *error) const;
    void finish(const std::shared_ptr<Run> &run, const RedlockAdminResult &result);

    RedlockGroup m_group;
    const DialectRegistry *m_registry;
    const AuditLog *m_audit;
    GroupTransport *m_transport;
    QList<RedisConnection *> m_connections;
    bool m_opened = false;
    bool m_readOnly = false;
    int m_nodeTimeoutMs = 5000;
    QHash<QString, RedlockAdminPlan> m_inFlight; // by plan id
};
