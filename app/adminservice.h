#pragma once

#include "adminplan.h"
#include "adminresult.h"
#include "lockinfo.h"

#include <QObject>

#include <functional>

class AuditLog;
class Dialect;
class DialectRegistry;
class RedisConnection;
class RedisReply;

// Acquire, extend and force-release, through the same commands and Lua scripts the lock
// libraries use. Force-release and extend are guarded by the token the operator saw: if the
// lock changed hands since, Redis changes nothing and the result says so. Every attempt,
// refused ones included, goes to the audit log; read-only mode refuses them all.
class AdminService final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AdminService)

public:
    using ResultHandler = std::function<void(const AdminResult &result)>;

    AdminService(RedisConnection *connection, const DialectRegistry *registry, const AuditLog *audit,
                 QObject *parent = nullptr);

    bool isReadOnly() const { return m_readOnly; }
    // How the audit log names the server (the connection's name, or host:port).
    void setServerName(const QString &name) { m_serverName = name; }
    void setReadOnly(bool readOnly);

    // Whether the action can apply to this lock at all, with the reason when not.
    ActionSupport support(AdminAction action, const LockInfo &lock) const;

    // Acquire as the dialect's library would; an empty token gets a fresh one in its format.
    AdminPlan planAcquire(const QByteArray &key, const QByteArray &token, qint64 ttlMs,
                          const QString &dialect = QStringLiteral("plain")) const;
    AdminPlan planExtend(const LockInfo &observed, const QByteArray &token, qint64 ttlMs) const;
    AdminPlan planForceRelease(const LockInfo &observed, const QByteArray &token) const;

    void execute(const AdminPlan &plan, QObject *context, ResultHandler handler);

Q_SIGNALS:
    void readOnlyChanged(bool readOnly);
    // After every action, for the UI to refresh the lock and show the outcome.
    void actionFinished(const AdminPlan &plan, const AdminResult &result);

private:
    const Dialect *dialectOf(const QString &id) const;
    void applyRecipe(AdminPlan &plan, const Dialect *dialect, const LockInfo &observed) const;
    AdminResult interpret(const AdminPlan &plan, const RedisReply &reply) const;
    void finish(const AdminPlan &plan, const AdminResult &result, const ResultHandler &handler);

    RedisConnection *m_connection;
    const DialectRegistry *m_registry;
    const AuditLog *m_audit;
    QString m_serverName;
    bool m_readOnly = false;
};
