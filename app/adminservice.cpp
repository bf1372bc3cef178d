#include "adminservice.h"

#include "auditlog.h"
#include "dialectregistry.h"
#include "luascripts.h"
#include "plaindialect.h"
#include "redisconnection.h"
#include "redissonlockdialect.h"
#include "tokentext.h"

#include <QDateTime>

namespace {
QString shown(const QByteArray &bytes)
{
    return QLatin1Char('"') + TokenText::escape(bytes) + QLatin1Char('"');
}

QString operatorLogin()
{
    const QString user = qEnvironmentVariable("USER");
    return user.isEmpty() ? qEnvironmentVariable("LOGNAME") : user;
}

// A plain string lock, or an unrecognised string whose whole value we hold: either way a
// compare-and-delete against the value seen is safe.
bool isGuardableString(const LockInfo &lock)
{
    return lock.sample.type == RedisType::String && !lock.sample.truncated && lock.sample.size > 0
           && lock.sample.size <= PlainDialect::maxTokenSize;
}
} // namespace

AdminService::AdminService(RedisConnection *connection, const DialectRegistry *registry, const AuditLog *audit,
                           QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_registry(registry)
    , m_audit(audit)
{
}

void AdminService::setReadOnly(bool readOnly)
{
    if (readOnly == m_readOnly)
        return;
    m_readOnly = readOnly;
    Q_EMIT readOnlyChanged(readOnly);
}

ActionSupport AdminService::support(AdminAction action, const LockInfo &lock) const
{
    if (m_readOnly)
        return ActionSupport::no(tr("Read-only mode is on"));
    if (action == AdminAction::Acquire)
        return lock.isGone() ? ActionSupport::yes() : ActionSupport::no(tr("The lock is held"));
    if (lock.isGone())
        return ActionSupport::no(tr("The lock is gone from Redis"));
    if (const Dialect *dialect = m_registry->find(lock.dialect)) {
        const ActionSupport s = dialect->support(action);
        if (!s.enabled)
            return s;
    }
    if (lock.sample.type == RedisType::String) {
        if (!isGuardableString(lock))
            return ActionSupport::no(tr("The value is too large to guard the action with it"));
        return ActionSupport::yes();
    }
    if (lock.dialect == QLatin1String("redisson-lock"))
        return ActionSupport::yes();
    return ActionSupport::no(tr("No guarded %1 script for %2 locks").arg(AdminPlan::actionId(action), lock.dialectName));
}

// Chooses the library's own script for the lock's dialect: the guard compares what proves
// ownership in that layout (a string's value, a Redisson holder field).
void AdminService::chooseScript(AdminPlan &plan, const LockInfo &observed) const
{
    const bool release = plan.action == AdminAction::ForceRelease;
    const QByteArray ttl = QByteArray::number(plan.ttlMs);
    if (observed.dialect == QLatin1String("redisson-lock")) {
        if (release) {
            plan.script = LuaScripts::load(QStringLiteral("redisson/force-release"));
            plan.keys = {plan.key, RedissonLockDialect::unlockChannel(plan.key)};
            plan.args = {plan.token, QByteArrayLiteral("0")};
        } else {
            plan.script = LuaScripts::load(QStringLiteral("redisson/extend"));
            plan.keys = {plan.key};
            plan.args = {plan.token, ttl};
        }
        return;
    }
    plan.script = LuaScripts::load(release ? QStringLiteral("plain/release") : QStringLiteral("plain/extend"));
    plan.keys = {plan.key};
    if (release)
        plan.args = {plan.token};
    else
        plan.args = {plan.token, ttl};
}

AdminPlan AdminService::planAcquire(const QByteArray &key, const QByteArray &token, qint64 ttlMs) const
{
    AdminPlan plan;
    plan.action = AdminAction::Acquire;
    plan.dialect = QStringLiteral("plain");
    plan.key = key;
    plan.token = token;
    plan.ttlMs = ttlMs;
    plan.command = {"SET", key, token, "NX", "PX", QByteArray::number(ttlMs)};
    plan.description = tr("Take %1 with token %2 for %3 ms, only if nobody holds it (SET NX PX).")
                           .arg(shown(key), shown(token))
                           .arg(ttlMs);
    if (key.isEmpty() || token.isEmpty() || ttlMs <= 0) {
        plan.allowed = false;
        plan.refusal = tr("Acquire needs a key, a token and a TTL above 0 ms");
    }
    if (m_readOnly) {
        plan.allowed = false;
        plan.refusal = tr("Read-only mode is on");
    }
    return plan;
}

AdminPlan AdminService::planExtend(const LockInfo &observed, const QByteArray &token, qint64 ttlMs) const
{
    AdminPlan plan;
    plan.action = AdminAction::Extend;
    plan.dialect = observed.dialect;
    plan.key = observed.key();
    plan.token = token;
    plan.ttlMs = ttlMs;
    chooseScript(plan, observed);
    plan.description = tr("Set the TTL of %1 to %2 ms, only while it still holds token %3.")
                           .arg(shown(plan.key))
                           .arg(ttlMs)
                           .arg(shown(token));
    const ActionSupport s = support(AdminAction::Extend, observed);
    if (!s.enabled || token.isEmpty() || ttlMs <= 0) {
        plan.allowed = false;
        plan.refusal = !s.enabled ? s.reason : tr("Extend needs the holder's token and a TTL above 0 ms");
    }
    return plan;
}

AdminPlan AdminService::planForceRelease(const LockInfo &observed, const QByteArray &token) const
{
    AdminPlan plan;
    plan.action = AdminAction::ForceRelease;
    plan.dialect = observed.dialect;
    plan.key = observed.key();
    plan.token = token;
    chooseScript(plan, observed);
    plan.description = tr("Delete %1 only if it still holds token %2 (compare-and-delete). "
                          "If it changed hands since you looked, nothing is deleted.")
                           .arg(shown(plan.key), shown(token));
    if (observed.dialect == QLatin1String("redisson-lock"))
        plan.description += tr(" Then publish the unlock message so waiting Redisson clients retry at once.");
    const ActionSupport s = support(AdminAction::ForceRelease, observed);
    if (!s.enabled || token.isEmpty()) {
        plan.allowed = false;
        plan.refusal = !s.enabled ? s.reason : tr("There is no token to guard the release with");
    }
    return plan;
}

void AdminService::execute(const AdminPlan &plan, QObject *context, ResultHandler handler)
{
    QString auditError;
    if (m_readOnly) {
        finish(plan, {AdminResult::Outcome::Refused, tr("Refused: read-only mode is on")}, handler);
        return;
    }
    if (!plan.allowed) {
        finish(plan, {AdminResult::Outcome::Refused, tr("Refused: %1").arg(plan.refusal)}, handler);
        return;
    }
    if (!m_audit->isWritable(&auditError)) {
        // An action that cannot be audited does not run.
        finish(plan, {AdminResult::Outcome::Refused, tr("Refused: %1").arg(auditError)}, handler);
        return;
    }
    auto onReply = [this, plan, handler](const RedisReply &reply) { finish(plan, interpret(plan, reply), handler); };
    if (plan.isScript())
        plan.script.run(m_connection, plan.keys, plan.args, context, onReply);
    else
        m_connection->send(plan.command, context, onReply);
}

AdminResult AdminService::interpret(const AdminPlan &plan, const RedisReply &reply) const
{
    using Outcome = AdminResult::Outcome;
    const QString key = shown(plan.key);
    const QString token = shown(plan.token);
    if (reply.isError()) {
        if (!m_connection->isReady())
            return {Outcome::Failed, tr("Not done: %1").arg(reply.errorMessage())};
        return {Outcome::Failed, tr("Redis refused the %1 of %2: %3").arg(AdminPlan::actionId(plan.action), key, reply.errorMessage())};
    }
    if (plan.action == AdminAction::Acquire) {
        if (reply.isStatus("OK"))
            return {Outcome::Done, tr("Acquired %1 with token %2 for %3 ms").arg(key, token).arg(plan.ttlMs)};
        return {Outcome::Refused, tr("Not acquired: %1 is already held; nothing changed").arg(key)};
    }

    const qint64 code = reply.at(0).integer();
    const QString current = shown(reply.at(1).bytes());
    const bool release = plan.action == AdminAction::ForceRelease;
    if (code == 1)
        return {Outcome::Done, release ? tr("Released %1 (token %2)").arg(key, token)
                                       : tr("Extended %1 to %2 ms (token %3)").arg(key).arg(plan.ttlMs).arg(token)};
    if (code == -1)
        return {Outcome::Refused, (release ? tr("Nothing deleted: ") : tr("Not extended: "))
                                      + tr("%1 no longer exists; it expired or was released since you looked").arg(key)};
    return {Outcome::Refused, (release ? tr("Nothing deleted: ") : tr("Not extended: "))
                                  + tr("%1 now holds %2, not the token %3 you saw; it changed hands since you looked")
                                        .arg(key, current, token)};
}

void AdminService::finish(const AdminPlan &plan, const AdminResult &result, const ResultHandler &handler)
{
    AuditEntry entry;
    entry.time = QDateTime::currentDateTimeUtc();
    entry.server = m_connection->options().displayName();
    entry.user = operatorLogin();
    entry.redisUser = m_connection->options().user;
    entry.action = AdminPlan::actionId(plan.action);
    entry.key = plan.key;
    entry.token = plan.token;
    entry.ttlMs = plan.ttlMs;
    entry.result = result.outcomeId();
    entry.message = result.message;
    AdminResult final = result;
    QString error;
    if (!m_audit->append(entry, &error))
        final.message += QStringLiteral(" (warning: %1)").arg(error);
    Q_EMIT actionFinished(plan, final);
    if (handler)
        handler(final);
}
