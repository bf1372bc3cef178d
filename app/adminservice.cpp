#include "adminservice.h"

#include "auditlog.h"
#include "dialectregistry.h"
#include "keypattern.h"
#include "luascripts.h"
#include "monotonicclock.h"
#include "redisconnection.h"
#include "redistopology.h"
#include "shellword.h"
#include "tokentext.h"

#include <QPointer>

namespace {
bool holds(const LockInfo &lock, const QByteArray &token)
{
    for (const LockHolder &h : lock.holders)
        if (h.token == token)
            return true;
    return false;
}

QString holderList(const LockInfo &lock, const QByteArray &except = {})
{
    QStringList tokens;
    for (const LockHolder &h : lock.holders)
        if (except.isEmpty() || h.token != except)
            tokens << TokenText::quoted(h.token);
    return tokens.join(QStringLiteral(", "));
}

// A command the operator can paste to look at the key again, and at it alone: the
// session's connection options, and the key's name as the only pattern.
QString checkCommand(const QByteArray &key, const QStringList &connection)
{
    return ShellWord::joined(QStringList{ShellWord::program(), QStringLiteral("scan")} + connection
                             + QStringList{QStringLiteral("--no-default-patterns"), QStringLiteral("--pattern"), KeyPattern::forKey(key)});
}

QString doneWords(AdminAction action)
{
    switch (action) {
    case AdminAction::Acquire:
        return QObject::tr("acquired");
    case AdminAction::Extend:
        return QObject::tr("extended");
    case AdminAction::ForceRelease:
    case AdminAction::ReleaseHolder:
        break;
    }
    return QObject::tr("released");
}
} // namespace

AdminService::AdminService(RedisTopology *topology, const DialectRegistry *registry, const AuditLog *audit,
                           QObject *parent)
    : QObject(parent)
    , m_topology(topology)
    , m_registry(registry)
    , m_audit(audit)
{
}

AdminService::~AdminService()
{
    // The connection may outlive this service (its answers then reach nobody): what was sent
    // and not answered is recorded as unknown, so the log never holds an intent alone.
    for (const AdminPlan &plan : std::as_const(m_inFlight)) {
        const AdminResult unknown{AdminResult::Outcome::Unknown,
                                  tr("Unknown whether %1 was %2: LockScope stopped waiting for the answer (the session was "
                                     "closed). Check with: %3")
                                      .arg(TokenText::quoted(plan.key), doneWords(plan.action), checkCommand(plan.key, m_connectionArguments))};
        writeAudit(plan, &unknown, nullptr);
    }
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
    // An unrecognised key is operated like a plain token lock: its whole content is the guard.
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
    const LockFingerprint whole = LockFingerprint::whole(lock);
    if (!whole.isValid())
        return ActionSupport::no(whole.reason());
    if (action == AdminAction::ReleaseHolder && lock.holders.isEmpty())
        return ActionSupport::no(tr("Nobody holds it: there is no holder to release"));
    const QByteArray token = lock.primaryToken();
    const LockFingerprint guard = dialect->guardScope(action) == LockFingerprint::Scope::Holder && !token.isEmpty()
                                      ? LockFingerprint::holder(lock, token)
                                      : whole;
    const AdminRecipe recipe = dialect->recipe(action, lock, guard, token, 1);
    return recipe.supported ? ActionSupport::yes() : ActionSupport::no(recipe.reason);
}

AdminPlan AdminService::newPlan(AdminAction action, const LockInfo &observed, const QByteArray &token, qint64 ttlMs) const
{
    AdminPlan plan;
    plan.id = AdminPlan::newId();
    plan.action = action;
    plan.dialect = observed.dialect;
    plan.key = observed.key();
    plan.token = token;
    plan.ttlMs = ttlMs;
    return plan;
}

// The library's own script for the lock's dialect, with the guard it compares first.
void AdminService::applyRecipe(AdminPlan &plan, const Dialect *dialect, const LockInfo &observed) const
{
    if (!plan.guard.isValid()) {
        plan.allowed = false;
        plan.refusal = plan.guard.reason();
        return;
    }
    const AdminRecipe recipe = dialect->recipe(plan.action, observed, plan.guard, plan.token, plan.ttlMs);
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
    plan.fairQueue = recipe.fairQueue;
    plan.fairTimeouts = recipe.fairTimeouts;
    if (plan.action == AdminAction::Acquire && plan.command.size() > 2)
        plan.token = plan.command.at(2); // what the library's format made of it
}

// A value longer than LockScope reads is known by its start and its length only. A token as
// long that starts the same is, as far as can be told, the whole value: the guard then
// compares all of it in Redis, so acting for it is as safe as for a value read whole, and
// nothing changes when the token was wrong in a byte not read.
LockInfo AdminService::completedBy(const LockInfo &observed, const QByteArray &token) const
{
    const KeySample &s = observed.sample;
    if (s.type != RedisType::String || !s.truncated || token.size() != s.size || !token.startsWith(s.value))
        return observed;
    KeySample whole = s;
    whole.value = token;
    whole.truncated = false;
    std::optional<LockInfo> completed = m_registry->classify(whole);
    if (!completed)
        return observed;
    completed->stale = observed.stale;
    completed->staleReason = observed.staleReason;
    completed->staleSinceMs = observed.staleSinceMs;
    return *completed;
}

QString AdminService::holderMismatch(const LockInfo &observed, const QByteArray &token) const
{
    const QString key = TokenText::quoted(observed.key());
    if (token.isEmpty())
        return tr("There is no holder token to act for");
    if (!observed.holders.isEmpty()) {
        if (holds(observed, token))
            return {};
        if (observed.sample.truncated)
            return tr("LockScope read only %1 of the %2 entries of %3, and %4 is not among them: it cannot tell whether "
                      "%4 holds it, so it does not act for it. Act through its library.")
                .arg(observed.sample.entries.size())
                .arg(observed.sample.size)
                .arg(key, TokenText::quoted(token));
        return tr("%1 does not hold %2; it is held by %3").arg(TokenText::quoted(token), key, holderList(observed));
    }
    // A value LockScope recognises no holder in (an unknown format, a long value): the value
    // itself is the only token there is.
    if (observed.sample.type == RedisType::String && !observed.sample.truncated && observed.sample.value == token)
        return {};
    if (observed.sample.type == RedisType::String && observed.sample.truncated)
        return tr("%1 does not hold %2: LockScope read the first %3 of its %4 bytes, and a token that stands for all of it "
                  "is %4 bytes long and starts as they do")
            .arg(TokenText::quoted(token), key)
            .arg(observed.sample.value.size())
            .arg(observed.sample.size);
    const LockFingerprint whole = LockFingerprint::whole(observed);
    if (!whole.isValid()) // read in part: "as observed" would be refused too
        return tr("%1 does not hold %2: LockScope sees no holder in what it could read of it (%3); act on it through its "
                  "library")
            .arg(TokenText::quoted(token), key, whole.reason());
    return tr("%1 does not hold %2: LockScope sees no holder in it, only %3; act on it as observed instead")
        .arg(TokenText::quoted(token), key, whole.text());
}

AdminPlan AdminService::planAcquire(const QByteArray &key, const QByteArray &token, qint64 ttlMs, const QString &dialectId) const
{
    LockInfo target;
    target.sample.key = key;
    target.dialect = dialectId;
    AdminPlan plan = newPlan(AdminAction::Acquire, target, token, ttlMs);
    plan.guard = LockFingerprint::absent(key);
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
    if (plan.token.size() > m_valueCap) {
        plan.allowed = false;
        plan.refusal = tr("A token of %1 bytes is longer than the %2 bytes LockScope reads of a value: it could not tell "
                          "the lock it makes from another. Use a shorter token.")
                           .arg(plan.token.size())
                           .arg(m_valueCap);
        return plan;
    }
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

AdminPlan AdminService::planExtend(const LockInfo &seen, const QByteArray &token, qint64 ttlMs) const
{
    const LockInfo observed = completedBy(seen, token);
    AdminPlan plan = newPlan(AdminAction::Extend, observed, token, ttlMs);
    plan.valueFromToken = seen.sample.truncated && !observed.sample.truncated;
    const Dialect *dialect = dialectOf(observed.dialect);
    const ActionSupport s = support(AdminAction::Extend, observed);
    if (!s.enabled) {
        plan.allowed = false;
        plan.refusal = s.reason;
        return plan;
    }
    if (const QString why = holderMismatch(observed, token); !why.isEmpty()) {
        plan.allowed = false;
        plan.refusal = why;
        return plan;
    }
    plan.guard = dialect->guardScope(AdminAction::Extend) == LockFingerprint::Scope::Holder && !observed.holders.isEmpty()
                     ? LockFingerprint::holder(observed, token)
                     : LockFingerprint::whole(observed);
    applyRecipe(plan, dialect, observed);
    if (ttlMs <= 0) {
        plan.allowed = false;
        plan.refusal = tr("Extend needs a TTL above 0 ms");
    } else if (const QString why = cutsOthersShort(observed, token, ttlMs); !why.isEmpty()) {
        plan.allowed = false;
        plan.refusal = why;
    } else if (const qint64 left = observed.remainingTtlMs(MonotonicClock::nowMs()); left > ttlMs) {
        // Allowed (an operator may mean to let a lock run out sooner), but not called an
        // extension without a word.
        plan.caution = tr("%1 has %2 left: a TTL of %3 ms shortens it, and its holder may lose it before it is done")
                           .arg(TokenText::quoted(observed.key()), LockInfo::formatTtl(left))
                           .arg(ttlMs);
    } else if (left < 0) {
        plan.caution = tr("%1 has no expiry: with a TTL of %2 ms it expires then, unless its holder renews it")
                           .arg(TokenText::quoted(observed.key()))
                           .arg(ttlMs);
    }
    return plan;
}

QString AdminService::cutsOthersShort(const LockInfo &observed, const QByteArray &token, qint64 ttlMs) const
{
    // The expiry of a shared lock's key is every holder's: extending one holder must not end
    // the others' holds sooner than they would have ended anyway.
    const Dialect *dialect = dialectOf(observed.dialect);
    const QString others = holderList(observed, token);
    if (!dialect->isShared() || !dialect->extendSetsKeyExpiry() || others.isEmpty())
        return {};
    const qint64 left = observed.remainingTtlMs(MonotonicClock::nowMs());
    if (left < 0)
        return tr("%1 is also held by %2 and has no expiry: an extend sets the expiry of the whole key, so one of %3 ms "
                  "would end their holds too. Release %4 alone instead, or force-release the lock as observed.")
            .arg(TokenText::quoted(observed.key()), others)
            .arg(ttlMs)
            .arg(TokenText::quoted(token));
    if (left <= ttlMs)
        return {};
    return tr("%1 is also held by %2 and has %3 left: an extend sets the expiry of the whole key, so one of %4 ms "
              "would end their holds %5 early. Give a TTL of at least %6 ms.")
        .arg(TokenText::quoted(observed.key()), others, LockInfo::formatTtl(left))
        .arg(ttlMs)
        .arg(LockInfo::formatTtl(left - ttlMs))
        .arg(left);
}

AdminPlan AdminService::planForceRelease(const LockInfo &observed) const
{
    AdminPlan plan = newPlan(AdminAction::ForceRelease, observed, observed.holders.size() == 1 ? observed.primaryToken() : QByteArray(), -1);
    if (observed.holders.isEmpty() && observed.sample.type == RedisType::String && !observed.sample.truncated)
        plan.token = observed.sample.value; // the only token there is
    const ActionSupport s = support(AdminAction::ForceRelease, observed);
    if (!s.enabled) {
        plan.allowed = false;
        plan.refusal = s.reason;
        return plan;
    }
    plan.guard = LockFingerprint::whole(observed);
    applyRecipe(plan, dialectOf(observed.dialect), observed);
    if (observed.dialect == QLatin1String(DialectRegistry::unknownId))
        plan.caution = tr("LockScope does not know the layout of %1: deleting it may not be how its library releases it "
                          "(waiters are not woken, keys beside it stay). Only the key exactly as you saw it is deleted.")
                           .arg(TokenText::quoted(observed.key()));
    return plan;
}

AdminPlan AdminService::planNotHeld(AdminAction action, const QByteArray &key, const QByteArray &token, qint64 ttlMs) const
{
    LockInfo absent;
    absent.sample.key = key;
    AdminPlan plan = newPlan(action, absent, token, ttlMs);
    plan.allowed = false;
    plan.refusal = tr("%1 is not held: no such key").arg(TokenText::quoted(key));
    plan.byHolder = action == AdminAction::ForceRelease && !token.isEmpty();
    return plan;
}

AdminPlan AdminService::planUnread(AdminAction action, const QByteArray &key, const QByteArray &token, qint64 ttlMs,
                                   const QString &why) const
{
    AdminPlan plan = planNotHeld(action, key, token, ttlMs);
    plan.refusal = tr("could not read %1 to see what to guard on: %2; nothing was run").arg(TokenText::quoted(key), why);
    return plan;
}

AdminPlan AdminService::planRelease(const LockInfo &seen, const QByteArray &token) const
{
    const LockInfo observed = completedBy(seen, token);
    const Dialect *dialect = dialectOf(observed.dialect);
    const QString why = holderMismatch(observed, token);
    if (why.isEmpty() && dialect->isShared() && !observed.holders.isEmpty()) {
        AdminPlan plan = newPlan(AdminAction::ReleaseHolder, observed, token, -1);
        const ActionSupport s = support(AdminAction::ReleaseHolder, observed);
        if (!s.enabled) {
            plan.allowed = false;
            plan.refusal = s.reason;
            return plan;
        }
        plan.guard = LockFingerprint::holder(observed, token);
        plan.valueFromToken = seen.sample.truncated && !observed.sample.truncated;
        applyRecipe(plan, dialect, observed);
        return plan;
    }
    if (why.isEmpty() && observed.holders.size() <= 1) {
        // An exclusive lock held by token: releasing that holder is releasing the lock.
        AdminPlan plan = planForceRelease(observed);
        plan.token = token;
        plan.byHolder = true;
        plan.valueFromToken = seen.sample.truncated && !observed.sample.truncated;
        return plan;
    }
    AdminPlan plan = newPlan(dialect->isShared() ? AdminAction::ReleaseHolder : AdminAction::ForceRelease, observed, token, -1);
    plan.byHolder = true; // a release by token, refused: never recorded as a force-release
    plan.allowed = false;
    plan.refusal = !why.isEmpty()
                       ? why
                       : tr("%1 has %2 holders (%3), and a %4 lock has one holder at a time: releasing only %5 is not "
                            "something it does. Force-release it as observed to remove them all.")
                             .arg(TokenText::quoted(observed.key()))
                             .arg(observed.holders.size())
                             .arg(holderList(observed), dialect->localizedName(), TokenText::quoted(token));
    return plan;
}

void AdminService::execute(const AdminPlan &planned, QObject *context, ResultHandler handler)
{
    AdminPlan plan = planned;
    if (plan.id.isEmpty())
        plan.id = AdminPlan::newId();
    QString auditError;
    // The intent goes to the log before anything else happens; an action that cannot be
    // audited does not run.
    if (!writeAudit(plan, nullptr, &auditError)) {
        const AdminResult refused{AdminResult::Outcome::Refused, tr("Refused: %1").arg(auditError)};
        Q_EMIT actionFinished(plan, refused);
        if (handler)
            handler(refused);
        return;
    }
    if (m_readOnly) {
        finish(plan, {AdminResult::Outcome::Refused, tr("Refused: read-only mode is on")}, handler);
        return;
    }
    if (!plan.allowed) {
        finish(plan, {AdminResult::Outcome::Refused, tr("Refused: %1").arg(plan.refusal)}, handler);
        return;
    }
    m_inFlight.insert(plan.id, plan);
    // The reply is this service's to record, whatever happened to the caller meanwhile.
    const QPointer<QObject> owner(context);
    const bool hasOwner = context != nullptr;
    auto onReply = [this, plan, owner, hasOwner, handler](const RedisReply &reply, const RedisConnection *answeredBy) {
        if (!m_inFlight.remove(plan.id))
            return;
        AdminResult result = interpret(plan, reply);
        if (answeredBy)
            result.node = m_topology->nodeName(answeredBy);
        finish(plan, result, hasOwner && !owner ? ResultHandler() : handler);
    };
    if (plan.isScript())
        m_topology->runScript(LuaScripts::load(plan.scriptName), plan.keys, plan.args, this, onReply);
    else
        m_topology->send(plan.key, plan.command, this, onReply);
}

// The state a guard reported back, {0, type, size, name, value, ...}, as a fingerprint the
// plan's guard can be compared with; holders decoded by whichever dialect now recognises it.
LockFingerprint AdminService::foundState(const AdminPlan &plan, const RedisReply &refusal) const
{
    KeySample sample;
    sample.key = plan.key;
    sample.type = redisTypeFromName(refusal.at(1).bytes());
    sample.size = refusal.at(2).integer();
    sample.pttlMs = -1;
    for (qsizetype i = 3; i + 1 < refusal.size(); i += 2)
        sample.entries.append({refusal.at(i).bytes(), refusal.at(i + 1).bytes()});
    if (sample.type == RedisType::String) {
        sample.value = sample.entries.isEmpty() ? QByteArray() : sample.entries.first().second;
        sample.truncated = sample.entries.isEmpty() && sample.size > 0;
        sample.entries.clear();
    } else {
        sample.truncated = sample.size > sample.entries.size();
    }
    LockInfo now;
    if (const std::optional<LockInfo> classified = m_registry->classify(sample))
        now = *classified;
    now.sample = sample;
    if (!sample.exists())
        now.goneAs = LockState::Released;
    return LockFingerprint::found(now);
}

AdminResult AdminService::interpret(const AdminPlan &plan, const RedisReply &reply) const
{
    using Outcome = AdminResult::Outcome;
    const QString key = TokenText::quoted(plan.key);
    const QString action = plan.actionName();
    if (reply.isError()) {
        switch (reply.origin()) {
        case RedisReply::Origin::Unanswered:
            return {Outcome::Unknown, tr("Unknown whether %1 was %2: no answer came (%3), so the %4 may or may not have run. "
                                         "Look before acting again: %5 (or its row in the lock table).")
                                          .arg(key, doneWords(plan.action), reply.errorMessage(), action, checkCommand(plan.key, m_connectionArguments))};
        case RedisReply::Origin::NotSent:
            return {Outcome::Failed, tr("Not done: %1; the %2 was not sent").arg(reply.errorMessage(), action)};
        case RedisReply::Origin::Server:
            break;
        }
        QString keys;
        // An ACL narrowed to the lock keys lacks a side key (a queue, a channel, a hold key):
        // Redis does not say which, so name them all.
        if (const QString why = reply.errorMessage(); plan.keys.size() > 1 && why.contains(QLatin1String("keys"))
                                                      && (why.startsWith(QLatin1String("NOPERM")) || why.contains(QLatin1String("can't access")))) {
            QStringList names;
            for (const QByteArray &k : plan.keys)
                names << TokenText::quoted(k);
            keys = tr(" (the %1 names the keys %2, and the user must be allowed each)").arg(action, names.join(QStringLiteral(", ")));
        }
        return {Outcome::Failed, tr("Redis refused the %1 of %2: %3%4; nothing was changed").arg(action, key, reply.errorMessage(), keys)};
    }
    // What a script says beside its result comes last, each as {tag, ...}: a wake-up Redis
    // refused, and a fair queue's stale waiters it dropped as Redisson's own scripts do.
    qsizetype size = reply.isArray() ? reply.size() : 0;
    const RedisReply unwoken = trailingNote(reply, &size, "unwoken", 3);
    const RedisReply moved = trailingNote(reply, &size, "moved", 3);
    const RedisReply dropped = trailingNote(reply, &size, "dropped", 2);
    const QString droppedText = dropped.isArray() ? tr("dropped %n waiter(s) whose timeout had passed from the head of its fair "
                                                       "queue, as Redisson's own scripts do",
                                                       nullptr, int(dropped.at(1).integer()))
                                                  : QString();
    if (plan.action == AdminAction::Acquire) {
        const QString token = TokenText::quoted(plan.token);
        if (reply.isStatus("OK") || (reply.isArray() && reply.at(0).integer() == 1))
            return {Outcome::Done, tr("Acquired %1 with token %2 for %3 ms").arg(key, token).arg(plan.ttlMs)
                                       + (droppedText.isEmpty() ? QString() : QStringLiteral("; ") + droppedText)
                                       + (moved.isArray() ? tr("; it left the fair queue, and the %n waiter(s) behind it moved up by %1 ms, as "
                                                               "tryLock moves them",
                                                               nullptr, int(moved.at(1).integer()))
                                                                .arg(moved.at(2).integer())
                                                          : QString())};
        if (reply.isArray() && reply.at(0).integer() == 0)
            return {Outcome::Refused, tr("Not acquired: %1 is already held (%2); nothing changed").arg(key, foundState(plan, reply).text())};
        if (reply.isArray() && reply.at(0).integer() == 2)
            return {Outcome::Refused, tr("Not acquired: %1 is free, but %2 queues for it first, and a fair lock lets only the first "
                                         "of its queue take it")
                                              .arg(key, TokenText::quoted(reply.at(1).bytes()))
                                          + QStringLiteral("; ") + (droppedText.isEmpty() ? tr("nothing changed") : droppedText)};
        return {Outcome::Refused, tr("Not acquired: %1 is already held; nothing changed").arg(key)};
    }
    if (size == 0)
        return {Outcome::Failed, tr("Unexpected answer to the %1 of %2: %3").arg(action, key, reply.toDebugString())};

    const qint64 code = reply.at(0).integer();
    const QString guard = plan.guard.text();
    if (code == 1) {
        AdminResult done = doneResult(plan, reply, size);
        if (!droppedText.isEmpty())
            done.message += QStringLiteral("; ") + droppedText;
        // A release that happened, but whose wake-up Redis refused, says so after what it did.
        if (unwoken.isArray())
            done.message += tr("; but its waiters were not woken: Redis refused to publish on %1 (%2), so they try again only when "
                               "their wait runs out")
                                .arg(TokenText::quoted(unwoken.at(1).bytes()), QString::fromUtf8(unwoken.at(2).bytes()));
        return done;
    }
    const QString prefix = plan.action == AdminAction::Extend          ? tr("Not extended: ")
                           : plan.action == AdminAction::ReleaseHolder ? tr("Nothing released: ")
                                                                       : tr("Nothing deleted: ");
    const LockFingerprint found = foundState(plan, reply);
    if (plan.valueFromToken && found.type() == RedisType::String && found.size() == plan.guard.size())
        return {Outcome::Refused, prefix + tr("%1 is not held by the token given: its value differs from it in the bytes "
                                              "past the %2 LockScope read, or changed since you looked")
                                               .arg(key)
                                               .arg(m_valueCap)};
    const QStringList changes = plan.guard.changesTo(found);
    return {Outcome::Refused, prefix + tr("%1 changed since you looked: %2").arg(key, changes.join(QStringLiteral("; ")))};
}

// The last of a reply's first *size elements when it is {tag, ...} of that many parts, and
// then *size no longer counts it; otherwise nil.
RedisReply AdminService::trailingNote(const RedisReply &reply, qsizetype *size, const char *tag, qsizetype parts)
{
    if (*size < 2)
        return RedisReply();
    const RedisReply &last = reply.at(*size - 1);
    if (!last.isArray() || last.size() != parts || last.at(0).bytes() != tag)
        return RedisReply();
    --*size;
    return last;
}

// What a guarded action that ran did, from the first size elements of its reply.
AdminResult AdminService::doneResult(const AdminPlan &plan, const RedisReply &reply, qsizetype size) const
{
    using Outcome = AdminResult::Outcome;
    const QString key = TokenText::quoted(plan.key);
    const QString guard = plan.guard.text();
    switch (plan.action) {
    case AdminAction::Extend:
        // A shared lock's other holders had renewed it past the TTL asked for since the look.
        if (size > 1 && reply.at(1).integer() > plan.ttlMs)
            return {Outcome::Done, tr("Kept %1's %2 ms left, longer than the %3 ms asked for: its other holders renewed it "
                                      "since you looked, and an extend never cuts them short (%4)")
                                       .arg(key)
                                       .arg(reply.at(1).integer())
                                       .arg(plan.ttlMs)
                                       .arg(guard)};
        return {Outcome::Done, tr("Extended %1 to %2 ms (%3)").arg(key).arg(plan.ttlMs).arg(guard)};
    case AdminAction::ReleaseHolder:
        if (size > 1 && reply.at(1).integer() == 0)
            return {Outcome::Done, tr("Released %1 from %2; its other holders keep it").arg(TokenText::quoted(plan.token), key)};
        if (size > 1)
            return {Outcome::Done, tr("Released %1 from %2; it was the last holder, so the lock is free").arg(TokenText::quoted(plan.token), key)};
        return {Outcome::Done, tr("Released %1 from %2").arg(TokenText::quoted(plan.token), key)};
    case AdminAction::ForceRelease:
    case AdminAction::Acquire:
        break;
    }
    return {Outcome::Done, tr("Released %1 (%2)").arg(key, guard)};
}

bool AdminService::writeAudit(const AdminPlan &plan, const AdminResult *outcome, QString *error) const
{
    AuditEntry entry = plan.auditEntry(outcome);
    entry.server = m_serverName.isEmpty() ? m_topology->options().displayName() : m_serverName;
    // Which master: the one that answered, or before that, the key's owner.
    if (m_topology->kind() != RedisTopology::Kind::Standalone) {
        const RedisConnection *owner = m_topology->nodeFor(plan.key);
        entry.node = outcome && !outcome->node.isEmpty() ? outcome->node : owner ? m_topology->nodeName(owner) : QString();
    }
    entry.redisUser = m_topology->options().user;
    return m_audit->append(entry, error);
}

void AdminService::finish(const AdminPlan &plan, const AdminResult &result, const ResultHandler &handler)
{
    AdminResult final = result;
    QString error;
    if (!writeAudit(plan, &result, &error))
        final.message += tr(" (warning: %1)").arg(error);
    Q_EMIT actionFinished(plan, final);
    if (handler)
        handler(final);
}
