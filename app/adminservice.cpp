#include "adminservice.h"

#include "auditlog.h"
#include "dialectregistry.h"
#include "luascripts.h"
#include "plaindialect.h"
#include "redisconnection.h"
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

const Dialect *AdminService::dialectOf(const QString &id) const
{
    // An unrecognised string is operated like a plain token lock: its whole value is the guard.
    const Dialect *d = m_registry->find(id);
    return d ? d : m_registry->find(QStringLiteral("plain"));
}

ActionSupport AdminService::support(AdminAction action, const LockInfo &lock) const
{
    if (m_readOnly)
        return ActionSupport::no(tr("Read-only mode is on"));
    if (action == AdminAction::Acquire)
        return lock.isGone() ? ActionSupport::yes() : ActionSupport::no(tr("The lock is held"));
    if (lock.isGone())
        return ActionSupport::no(tr("The lock is gone from Redis"));
    const Dialect *dialect = dialectOf(lock.dialect);
    if (const ActionSupport s = dialect->support(action); !s.enabled)
        return s;
    if (lock.sample.type == RedisType::String && !isGuardableString(lock))
        return ActionSupport::no(tr("The value is too large to guard the action with it"));
    if (lock.holders.isEmpty() && lock.sample.type != RedisType::String)
        return ActionSupport::no(tr("Nobody holds it: there is no holder to guard the action with"));
    const AdminRecipe recipe = dialect->recipe(action, lock, lock.primaryToken(), 1);
    return recipe.supported ? ActionSupport::yes() : ActionSupport::no(recipe.reason);
}

// The library's own script for the lock's dialect: its guard compares what proves ownership
// in that layout (a string's value, a Redisson holder field, a semaphore member).
void AdminService::applyRecipe(AdminPlan &plan, const Dialect *dialect, const LockInfo &observed) const
{
    const AdminRecipe recipe = dialect->recipe(plan.action, observed, plan.token, plan.ttlMs);
    plan.description = recipe.description;
    if (!recipe.supported) {
        plan.allowed = false;
        plan.refusal = recipe.reason;
        return;
    }
    if (!recipe.script.isEmpty()) {
        const LuaScript script = LuaScripts::load(recipe.script);
        plan.scriptName = recipe.script;
        plan.scriptSource = script.source();
        plan.scriptSha1 = script.sha1();
    }
    plan.keys = recipe.keys;
    plan.args = recipe.args;
    plan.command = recipe.command;
    if (plan.action == AdminAction::Acquire && plan.command.size() > 2)
        plan.token = plan.command.at(2); // what the library's format made of it
}

AdminPlan AdminService::planAcquire(const QByteArray &key, const QByteArray &token, qint64 ttlMs, const QString &dialectId) const
{
    AdminPlan plan;
    plan.action = AdminAction::Acquire;
    plan.dialect = dialectId;
    plan.key = key;
    plan.token = token;
    plan.ttlMs = ttlMs;
    const Dialect *dialect = m_registry->find(dialectId);
    if (!dialect) {
        plan.allowed = false;
        plan.refusal = tr("No dialect \"%1\" (lockscope dialects lists them)").arg(dialectId);
        return plan;
    }
    if (const ActionSupport s = dialect->support(AdminAction::Acquire); !s.enabled) {
        plan.allowed = false;
        plan.refusal = s.reason;
        return plan;
    }
    if (plan.token.isEmpty())
        plan.token = dialect->newToken();
    LockInfo target;
    target.sample.key = key;
    applyRecipe(plan, dialect, target);
    if (key.isEmpty() || plan.token.isEmpty() || ttlMs <= 0) {
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
    applyRecipe(plan, dialectOf(observed.dialect), observed);
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
    applyRecipe(plan, dialectOf(observed.dialect), observed);
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
        LuaScripts::load(plan.scriptName).run(m_connection, plan.keys, plan.args, context, onReply);
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
        if (reply.isStatus("OK") || (reply.isArray() && reply.at(0).integer() == 1))
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
    const QString prefix = release ? tr("Nothing deleted: ") : tr("Not extended: ");
    if (reply.at(1).bytes().isEmpty())
        return {Outcome::Refused, prefix + tr("%1 no longer has the holder %2 you saw; it changed hands or expired since you looked")
                                               .arg(key, token)};
    return {Outcome::Refused, prefix + tr("%1 now holds %2, not the token %3 you saw; it changed hands since you looked")
                                           .arg(key, current, token)};
}

void AdminService::finish(const AdminPlan &plan, const AdminResult &result, const ResultHandler &handler)
{
    AuditEntry entry;
    entry.time = QDateTime::currentDateTimeUtc();
    entry.server = m_serverName.isEmpty() ? m_connection->options().displayName() : m_serverName;
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
