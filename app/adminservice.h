#pragma once

#include "adminplan.h"
#include "adminresult.h"
#include "discoveryoptions.h"
#include "lockinfo.h"

#include <QHash>
#include <QObject>

#include <functional>

class AuditLog;
class Dialect;
class DialectRegistry;
class RedisTopology;
class RedisReply;

// Acquire, extend and release, through the same commands and Lua scripts the lock libraries
// use. Every action is guarded by what the operator saw (LockFingerprint): if the lock
// changed since, Redis changes nothing and the result says what changed. Two release
// intents: planForceRelease() frees the lock as observed, every holder; planRelease() frees
// what one holder holds (on a shared lock, only that holder's hold).
//
// Every action is audited twice, with one id: its intent before it is sent, its outcome
// after. A reply that never comes (connection lost, timed out, the session closed, this
// service destroyed) is the outcome "unknown", never "not done". Read-only mode refuses all.
class AdminService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AdminService)

public:
    using ResultHandler = std::function<void(const AdminResult &result)>;

    AdminService(RedisTopology *topology, const DialectRegistry *registry, const AuditLog *audit,
                 QObject *parent = nullptr);
    // Actions still waiting for their answer get their outcome, unknown, in the audit log.
    ~AdminService() override;

    bool isReadOnly() const { return m_readOnly; }
    // How the audit log names the server (the connection's name, or host:port).
    void setServerName(const QString &name) { m_serverName = name; }
    // Bytes LockScope reads of a value (DiscoveryOptions::valueCap): a longer token could not
    // be read back.
    void setValueCap(int bytes) { m_valueCap = bytes; }
    // The lockscope options that reach this server, for the command an unknown outcome
    // suggests to look again with.
    void setConnectionArguments(const QStringList &arguments) { m_connectionArguments = arguments; }
    void setReadOnly(bool readOnly);

    // Whether the action can apply to this lock at all, with the reason when not.
    ActionSupport support(AdminAction action, const LockInfo &lock) const;

    // Acquire as the dialect's library would; an empty token gets a fresh one in its format.
    // Guarded on the key being absent.
    AdminPlan planAcquire(const QByteArray &key, const QByteArray &token, qint64 ttlMs,
                          const QString &dialect = QStringLiteral("plain")) const;
    // Extend for the holder token (which must hold the lock as observed).
    AdminPlan planExtend(const LockInfo &observed, const QByteArray &token, qint64 ttlMs) const;
    // Force-release the lock as observed: every holder the operator saw, guarded by all of it.
    // Works on a lock without holders too (an unrecognised value): the guard is the value.
    AdminPlan planForceRelease(const LockInfo &observed) const;
    // Release what token holds: on a shared lock only that holder's hold, as its own unlock
    // would (ReleaseHolder); on an exclusive lock the lock, which token must hold alone.
    AdminPlan planRelease(const LockInfo &observed, const QByteArray &token) const;
    // An extend or release of a key that is not there: refused, and audited as every
    // refused action is.
    AdminPlan planNotHeld(AdminAction action, const QByteArray &key, const QByteArray &token, qint64 ttlMs) const;
    // An action on a key that could not be read (why: the server's error): nothing to guard
    // on, so refused, and audited.
    AdminPlan planUnread(AdminAction action, const QByteArray &key, const QByteArray &token, qint64 ttlMs, const QString &why) const;

    // Runs the plan. handler is called (unless context is gone by then) with the result;
    // the audit log gets the outcome whether or not context is still there.
    void execute(const AdminPlan &plan, QObject *context, ResultHandler handler);
    // Actions sent whose answer has not come yet.
    qsizetype inFlightCount() const { return m_inFlight.size(); }

Q_SIGNALS:
    void readOnlyChanged(bool readOnly);
    // After every action, for the UI to refresh the lock and show the outcome.
    void actionFinished(const AdminPlan &plan, const AdminResult &result);

private:
    const Dialect *dialectOf(const QString &id) const;
    AdminPlan newPlan(AdminAction action, const LockInfo &observed, const QByteArray &token, qint64 ttlMs) const;
    void applyRecipe(AdminPlan &plan, const Dialect *dialect, const LockInfo &observed) const;
    // observed with token as its whole value, where token completes a string value read
    // only in part (as long as the value, and starting as it was read); otherwise observed.
    LockInfo completedBy(const LockInfo &observed, const QByteArray &token) const;
    // Why token cannot be acted for on observed, or empty when it can.
    QString holderMismatch(const LockInfo &observed, const QByteArray &token) const;
    // Why extending token's hold would end other holders' holds sooner, or empty.
    QString cutsOthersShort(const LockInfo &observed, const QByteArray &token, qint64 ttlMs) const;
    AdminResult interpret(const AdminPlan &plan, const RedisReply &reply) const;
    AdminResult doneResult(const AdminPlan &plan, const RedisReply &reply, qsizetype size) const;
    static RedisReply trailingNote(const RedisReply &reply, qsizetype *size, const char *tag, qsizetype parts);
    LockFingerprint foundState(const AdminPlan &plan, const RedisReply &refusal) const;
    bool writeAudit(const AdminPlan &plan, const AdminResult *outcome, QString *error) const;
    void finish(const AdminPlan &plan, const AdminResult &result, const ResultHandler &handler);

    RedisTopology *m_topology;
    const DialectRegistry *m_registry;
    const AuditLog *m_audit;
    QString m_serverName;
    int m_valueCap = DiscoveryOptions().valueCap;
    QStringList m_connectionArguments;
    bool m_readOnly = false;
    QHash<QString, AdminPlan> m_inFlight; // by plan id
};
