#include "redlockadminservice.h"

#include "auditlog.h"
#include "dialectregistry.h"
#include "grouptransport.h"
#include "keypattern.h"
#include "luascripts.h"
#include "monotonicclock.h"
#include "profileoptions.h"
#include "redisconnection.h"
#include "serverinfo.h"
#include "shellword.h"
#include "tokentext.h"

#include <QPointer>
#include <QRandomGenerator>
#include <QTimer>

#include <utility>

namespace {
using NodeOutcome = RedlockNodeResult::Outcome;

// The scripts node-redlock (v3) and redsync run: compare the token, then DEL or PEXPIRE.
const QString releaseScript = QStringLiteral("plain/release");
const QString extendScript = QStringLiteral("plain/extend");

// How to look at key on the group again from a terminal: a saved group by name, else its
// servers as URLs (users; "PASSWORD" where a password goes, never the password). A node on
// a Unix socket or behind a tunnel has no URL: its saved group only.
QString lookCommand(const RedlockGroup &group, const QByteArray &key)
{
    const QStringList pattern{QStringLiteral("--no-default-patterns"), QStringLiteral("--pattern"), KeyPattern::forKey(key)};
    QStringList args{ShellWord::program(), QStringLiteral("scan")};
    if (!group.id.isEmpty() && !group.name.isEmpty())
        return ShellWord::joined(args << QStringLiteral("--group") << group.name << pattern);
    QStringList urls;
    for (const ConnectionProfile &node : group.nodes) {
        if (!node.socketPath.isEmpty() || node.ssh.enabled())
            return ShellWord::joined(args) + QStringLiteral(" --redlock … ") + ShellWord::joined(pattern);
        // A password is never written: its place is, for the operator to fill in.
        QString url = node.tls.enabled ? QStringLiteral("rediss://") : QStringLiteral("redis://");
        if (!node.password.isEmpty())
            url += node.user + QStringLiteral(":PASSWORD@");
        else if (!node.user.isEmpty())
            url += node.user + QStringLiteral(":@");
        url += node.endpoint();
        if (node.database != 0)
            url += QLatin1Char('/') + QString::number(node.database);
        urls << url;
    }
    return ShellWord::joined(args << QStringLiteral("--redlock") << urls.join(QLatin1Char(',')) << pattern);
}

int count(const QList<RedlockNodeResult> &nodes, NodeOutcome outcome)
{
    return int(std::count_if(nodes.cbegin(), nodes.cend(), [outcome](const RedlockNodeResult &n) { return n.outcome == outcome; }));
}
} // namespace

// One action under way: its plan, whom to tell, and the current round's answers.
struct RedlockAdminService::Run
{
    RedlockAdminPlan plan;
    QPointer<QObject> owner;
    bool hasOwner = false;
    ResultHandler handler;
    QList<RedlockNodeResult> nodes;
    int pending = 0;
    qint64 startedMs = 0;
    int attempts = 0;
    QStringList leftBehind; // acquire: nodes where the undo of a failed round may not have run
};

QString RedlockNodeResult::outcomeId(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Done:
        return QStringLiteral("done");
    case Outcome::Refused:
        return QStringLiteral("refused");
    case Outcome::Absent:
        return QStringLiteral("absent");
    case Outcome::LeftAlone:
        return QStringLiteral("left-alone");
    case Outcome::Error:
        return QStringLiteral("error");
    case Outcome::Unknown:
        return QStringLiteral("unknown");
    }
    return {};
}

QString RedlockAdminPlan::guardText() const
{
    if (action.action == AdminAction::Acquire)
        return QObject::tr("absent on a majority of %1 nodes").arg(nodes.size());
    if (guards.isEmpty())
        return QObject::tr("token %1 on every node").arg(TokenText::quoted(action.token));
    QStringList parts;
    for (qsizetype i = 0; i < nodes.size(); ++i)
        parts << (guards.at(i).isEmpty() ? QStringLiteral("%1 %2").arg(nodes.at(i), notActed.at(i))
                                         : QStringLiteral("%1 %2").arg(nodes.at(i), TokenText::quoted(guards.at(i))));
    return parts.join(QStringLiteral("; "));
}

QString RedlockAdminPlan::commandText() const
{
    if (guards.isEmpty())
        return action.commandText();
    return QObject::tr("%1 <the token seen on that node>").arg(action.commandText());
}

RedlockAdminService::RedlockAdminService(const RedlockGroup &group, const DialectRegistry *registry, const AuditLog *audit,
                                         QObject *parent, GroupTransport *transport)
    : QObject(parent)
    , m_group(group)
    , m_registry(registry)
    , m_audit(audit)
    , m_transport(transport ? transport : new GroupTransport(group.nodes, this))
{
    // A node whose tunnel comes up later connects then; until it does, it is not written to.
    connect(m_transport, &GroupTransport::nodeReady, this, [this](int node) {
        if (m_opened && node < m_connections.size())
            m_connections.at(node)->open();
    });
}

RedlockAdminService::~RedlockAdminService()
{
    const QHash<QString, RedlockAdminPlan> unanswered = std::exchange(m_inFlight, {});
    for (const RedlockAdminPlan &plan : unanswered) {
        const AdminResult unknown{AdminResult::Outcome::Unknown,
                                  tr("Unknown what %1 did on the group: LockScope stopped waiting for the answers (the "
                                     "session was closed). Look with: %2")
                                      .arg(plan.action.intentText(), lookCommand(m_group, plan.action.key))};
        writeAudit(plan, &unknown, nullptr);
    }
}

void RedlockAdminService::open()
{
    if (m_opened)
        return;
    m_opened = true;
    if (m_connections.isEmpty()) {
        for (const ConnectionProfile &profile : std::as_const(m_group.nodes)) {
            ConnectionOptions options = ProfileOptions::toOptions(profile, QStringLiteral("lockscope"));
            options.commandTimeoutMs = m_nodeTimeoutMs;
            options.connectTimeoutMs = std::min(options.connectTimeoutMs, m_nodeTimeoutMs);
            options.reconnectMaxMs = 1000;
            m_connections << new RedisConnection(m_transport->route(int(m_connections.size()), options), this);
        }
    }
    m_transport->start();
    for (int i = 0; i < m_connections.size(); ++i)
        if (m_transport->isReady(i))
            m_connections.at(i)->open();
}

void RedlockAdminService::close()
{
    m_opened = false;
    for (RedisConnection *c : std::as_const(m_connections))
        c->close();
}

QString RedlockAdminService::readOnlyReason() const
{
    if (m_readOnly)
        return tr("read-only mode is on");
    for (int i = 0; i < m_group.size(); ++i)
        if (m_group.nodes.at(i).readOnly)
            return tr("node %1 (%2) is a read-only connection").arg(i + 1).arg(m_group.nodeName(i));
    return {};
}

RedlockAdminPlan RedlockAdminService::newPlan(AdminAction action, const QByteArray &key, const QByteArray &token, qint64 ttlMs) const
{
    RedlockAdminPlan plan;
    plan.action.id = AdminPlan::newId();
    plan.action.action = action;
    plan.action.key = key;
    plan.action.token = token;
    plan.action.ttlMs = ttlMs;
    plan.driftFactor = m_group.driftFactor;
    for (int i = 0; i < m_group.size(); ++i)
        plan.nodes << m_group.nodeName(i);
    if (const QString why = readOnlyReason(); !why.isEmpty()) {
        plan.action.allowed = false;
        plan.action.refusal = why;
    } else if (key.isEmpty()) {
        plan.action.allowed = false;
        plan.action.refusal = tr("No key given");
    }
    return plan;
}

bool RedlockAdminService::isRedlockShaped(const Dialect *dialect, const QByteArray &key, const QByteArray &token, qint64 ttlMs)
{
    LockInfo target;
    target.sample.key = key;
    const AdminRecipe recipe = dialect->recipe(AdminAction::Acquire, target, LockFingerprint::absent(key), token, ttlMs);
    return recipe.supported && recipe.script.isEmpty()
        && recipe.command == QList<QByteArray>{"SET", key, token, "NX", "PX", QByteArray::number(ttlMs)};
}

QList<const Dialect *> RedlockAdminService::acquirableDialects() const
{
    QList<const Dialect *> out;
    for (const Dialect *d : m_registry->dialects())
        if (isRedlockShaped(d, QByteArrayLiteral("k"), d->newToken(), 30000))
            out << d;
    return out;
}

RedlockAdminPlan RedlockAdminService::planAcquire(const QByteArray &key, const QByteArray &token, qint64 ttlMs, const QString &dialectId) const
{
    RedlockAdminPlan plan = newPlan(AdminAction::Acquire, key, token, ttlMs);
    plan.action.dialect = dialectId;
    plan.retryCount = m_group.retryCount;
    plan.retryDelayMs = m_group.retryDelayMs;
    plan.retryJitterMs = m_group.retryJitterMs;
    const Dialect *dialect = m_registry->find(dialectId);
    if (plan.action.token.isEmpty() && dialect)
        plan.action.token = dialect->newToken();
    plan.action.command = {"SET", key, plan.action.token, "NX", "PX", QByteArray::number(ttlMs)};
    // Redlock is SET NX PX on every node: a library that writes its locks otherwise (a hash,
    // a TTL in seconds, a deadline for a value) is not one a group can be acquired for.
    const bool redlockShaped = dialect && isRedlockShaped(dialect, key, plan.action.token, ttlMs);
    plan.action.description = tr("Acquire %1 on the Redlock group of %2 nodes: SET NX PX on every node with token %3 for %4 ms; "
                                 "held with %5 of them within the validity window, otherwise released again everywhere "
                                 "(%6 retries, %7 ms apart)")
                                  .arg(TokenText::quoted(key))
                                  .arg(plan.nodes.size())
                                  .arg(TokenText::quoted(plan.action.token))
                                  .arg(ttlMs)
                                  .arg(m_group.quorum())
                                  .arg(plan.retryCount)
                                  .arg(plan.retryDelayMs);
    if (!plan.action.allowed)
        return plan;
    if (!dialect) {
        plan.action.allowed = false;
        plan.action.refusal = tr("No dialect \"%1\" (lockscope dialects lists them)").arg(dialectId);
    } else if (!redlockShaped) {
        plan.action.allowed = false;
        plan.action.refusal = tr("%1 does not write its locks with SET key token NX PX, which is what a Redlock group is acquired with")
                                  .arg(dialect->displayName());
    } else if (plan.action.token.isEmpty() || ttlMs <= 0) {
        plan.action.allowed = false;
        plan.action.refusal = tr("Acquire needs a key, a token and a TTL above 0 ms");
    }
    return plan;
}

RedlockAdminPlan RedlockAdminService::planExtend(const QByteArray &key, const QByteArray &token, qint64 ttlMs) const
{
    RedlockAdminPlan plan = newPlan(AdminAction::Extend, key, token, ttlMs);
    const LuaScript script = LuaScripts::load(extendScript);
    plan.action.scriptName = extendScript;
    plan.action.scriptSource = script.source();
    plan.action.scriptSha1 = script.sha1();
    plan.action.keys = {key};
    plan.action.args = {token, QByteArray::number(ttlMs)};
    plan.action.description = tr("Extend %1 to %2 ms on every node of the Redlock group where it holds token %3; extended "
                                 "with %4 of %5 nodes")
                                  .arg(TokenText::quoted(key))
                                  .arg(ttlMs)
                                  .arg(TokenText::quoted(token))
                                  .arg(m_group.quorum())
                                  .arg(plan.nodes.size());
    if (plan.action.allowed && (token.isEmpty() || ttlMs <= 0)) {
        plan.action.allowed = false;
        plan.action.refusal = tr("Extend needs the holder's token and a TTL above 0 ms");
    }
    return plan;
}

RedlockAdminPlan RedlockAdminService::planForceRelease(const RedlockObservation &observed) const
{
    using Status = RedlockObservation::Node::Status;
    const RedlockObservation::Assessment seen = observed.assess(m_group.driftFactor);
    RedlockAdminPlan plan = newPlan(AdminAction::ForceRelease, observed.key, seen.token, -1);
    for (const RedlockObservation::Node &n : observed.nodes)
        if (plan.action.dialect.isEmpty() && n.status == Status::Holding)
            plan.action.dialect = n.dialect; // the layout seen, as the audit and --json name it
    const LuaScript script = LuaScripts::load(releaseScript);
    plan.action.scriptName = releaseScript;
    plan.action.scriptSource = script.source();
    plan.action.scriptSha1 = script.sha1();
    plan.action.keys = {observed.key};
    int acting = 0;
    for (int i = 0; i < plan.nodes.size(); ++i) {
        const RedlockObservation::Node *n = i < observed.nodes.size() ? &observed.nodes.at(i) : nullptr;
        // A node that answered with a value too long to compare holds something: left alone.
        plan.seen << (!n ? Status::Unreadable : n->answered ? Status::Holding : n->status);
        if (n && n->status == Status::Holding && !n->token.isEmpty()) {
            plan.guards << n->token;
            plan.notActed << QString();
            ++acting;
        } else {
            plan.guards << QByteArray();
            const bool saysWhy = n && !n->error.isEmpty();
            plan.notActed << (saysWhy                                  ? tr("(%1: left alone)").arg(n->error)
                              : plan.seen.last() == Status::Unreadable ? tr("(could not be read: left alone)")
                              : plan.seen.last() == Status::Holding
                                  ? tr("(held, but its value was not read whole: no token to guard by, left alone)")
                                  : tr("(absent: nothing to release)"));
        }
    }
    plan.action.description = tr("Force-release %1 on the Redlock group: on each of the %2 node(s) holding it, delete it only "
                                 "while it holds the token seen there (%3)")
                                  .arg(TokenText::quoted(observed.key))
                                  .arg(acting)
                                  .arg(plan.guardText());
    if (plan.action.allowed && acting == 0) {
        plan.action.allowed = false;
        const bool cut = std::any_of(observed.nodes.cbegin(), observed.nodes.cend(), [](const RedlockObservation::Node &n) { return n.answered; });
        plan.action.refusal = cut ? tr("%1 holds a value longer than LockScope reads on every node that has it: a guard cannot rest "
                                       "on part of it. Release it by its whole value, given as --token.")
                                        .arg(TokenText::quoted(observed.key))
                                  : tr("%1 is held on no node that could be read: there is nothing to release").arg(TokenText::quoted(observed.key));
    }
    return plan;
}

RedlockAdminPlan RedlockAdminService::planRelease(const QByteArray &key, const QByteArray &token) const
{
    RedlockObservation held;
    held.key = key;
    for (int i = 0; i < m_group.size(); ++i)
        held.nodes << RedlockObservation::Node::holding(m_group.nodeName(i), token, -1);
    RedlockAdminPlan plan = planForceRelease(held);
    plan.action.token = token;
    plan.action.byHolder = true;
    plan.action.description = tr("Release %1 on every node of the Redlock group where it holds token %2 (compare, then delete)")
                                  .arg(TokenText::quoted(key), TokenText::quoted(token));
    if (plan.action.allowed && token.isEmpty()) {
        plan.action.allowed = false;
        plan.action.refusal = tr("Release needs the holder's token");
    }
    return plan;
}

void RedlockAdminService::execute(const RedlockAdminPlan &planned, QObject *context, ResultHandler handler)
{
    auto run = std::make_shared<Run>();
    run->plan = planned;
    if (run->plan.action.id.isEmpty())
        run->plan.action.id = AdminPlan::newId();
    run->owner = context;
    run->hasOwner = context != nullptr;
    run->handler = std::move(handler);
    // The intent goes to the log before anything is sent; an action that cannot be audited
    // does not run.
    QString auditError;
    if (!writeAudit(run->plan, nullptr, &auditError)) {
        if (run->handler)
            run->handler({{AdminResult::Outcome::Refused, tr("Refused: %1").arg(auditError)}, {}, -1, 0});
        return;
    }
    if (const QString why = readOnlyReason(); !why.isEmpty()) {
        finish(run, {{AdminResult::Outcome::Refused, tr("Refused: %1").arg(why)}, {}, -1, 0});
        return;
    }
    if (!run->plan.action.allowed) {
        finish(run, {{AdminResult::Outcome::Refused, tr("Refused: %1").arg(run->plan.action.refusal)}, {}, -1, 0});
        return;
    }
    m_inFlight.insert(run->plan.action.id, run->plan);
    checkServers(this, [this, run](const QString &refusal) {
        if (!m_inFlight.contains(run->plan.action.id))
            return;
        if (!refusal.isEmpty())
            finish(run, {{AdminResult::Outcome::Refused, tr("Refused: %1").arg(refusal)}, {}, -1, 0});
        else
            act(run);
    });
}

void RedlockAdminService::checkServers(QObject *context, std::function<void(const QString &refusal)> done)
{
    open();
    // Nothing is written before every node is reachable or known not to be: a node still
    // waiting for its SSH tunnel would miss a release its majority needed.
    if (!m_transport->isSettled()) {
        connect(m_transport, &GroupTransport::settled, context, [this, context, done] { identify(context, done); },
                Qt::SingleShotConnection);
        return;
    }
    identify(context, done);
}

// Who answers at each node (INFO server's run_id), asked of every node at once: one server
// under two nodes' names would vote twice (an extend "done" on both while it alone holds
// the key), so such a group is not acted on.
void RedlockAdminService::identify(QObject *context, const std::function<void(const QString &refusal)> &done)
{
    const int n = int(m_connections.size());
    auto ids = std::make_shared<QList<QStringList>>(n);
    auto pending = std::make_shared<int>(n);
    for (int i = 0; i < n; ++i) {
        RedisConnection *c = m_connections.at(i);
        c->send({"INFO", "server"}, context, [this, done, ids, pending, i, c](const RedisReply &reply) {
            // A node that cannot be reached has none, and is compared with none.
            (*ids)[i] = ServerInfo::identities(*c, reply);
            if (--*pending > 0)
                return;
            const QList<ServerInfo::Duplicate> twice = ServerInfo::duplicates(*ids);
            if (twice.isEmpty()) {
                done(QString());
                return;
            }
            const ServerInfo::Duplicate &d = twice.first();
            done(tr("node %1 (%2) is the same server as node %3 (%4, %5): it would vote twice. "
                    "Nothing was sent; make each node of the group a server of its own.")
                     .arg(d.node + 1)
                     .arg(m_group.nodeName(d.node))
                     .arg(d.sameAs + 1)
                     .arg(m_group.nodeName(d.sameAs), ServerInfo::shown(d.identity)));
        }, std::min(m_nodeTimeoutMs, 2000));
    }
    if (n == 0)
        done(QString());
}

void RedlockAdminService::act(const std::shared_ptr<Run> &run)
{
    if (run->plan.action.action == AdminAction::Acquire) {
        attemptAcquire(run);
        return;
    }
    const int n = int(m_connections.size());
    run->nodes = QList<RedlockNodeResult>(n);
    run->startedMs = MonotonicClock::nowMs();
    for (int i = 0; i < n; ++i) {
        if (run->plan.action.action == AdminAction::ForceRelease && run->plan.guards.value(i).isEmpty()) {
            using Status = RedlockObservation::Node::Status;
            const Status seen = run->plan.seen.value(i, Status::Absent);
            const NodeOutcome outcome = seen == Status::Unreadable ? NodeOutcome::Error
                                        : seen == Status::Holding  ? NodeOutcome::LeftAlone
                                                                   : NodeOutcome::Absent;
            run->nodes[i] = {m_group.nodeName(i), outcome, {}, run->plan.notActed.value(i)};
            continue;
        }
        ++run->pending;
    }
    for (int i = 0; i < n; ++i) {
        const bool extend = run->plan.action.action == AdminAction::Extend;
        if (!extend && run->plan.guards.value(i).isEmpty())
            continue;
        const QList<QByteArray> args = extend ? run->plan.action.args : QList<QByteArray>{run->plan.guards.at(i)};
        scriptOn(i, run->plan.action.scriptName, args, run, [this, run, i](const RedlockNodeResult &r) {
            run->nodes[i] = r;
            if (--run->pending == 0)
                onAllAnswered(run);
        });
    }
}

void RedlockAdminService::attemptAcquire(const std::shared_ptr<Run> &run)
{
    if (!m_inFlight.contains(run->plan.action.id))
        return;
    ++run->attempts;
    const int n = int(m_connections.size());
    run->nodes = QList<RedlockNodeResult>(n);
    run->pending = n;
    run->startedMs = MonotonicClock::nowMs();
    for (int i = 0; i < n; ++i) {
        acquireOn(i, run, [this, run, i](const RedlockNodeResult &r) {
            run->nodes[i] = r;
            if (--run->pending == 0)
                onAllAnswered(run);
        });
    }
}

// SET NX PX, and a GET right behind it in the same write: what holds the key when NX said no.
void RedlockAdminService::acquireOn(int node, const std::shared_ptr<Run> &run, const NodeHandler &done)
{
    const AdminPlan &plan = run->plan.action;
    // redsync's timeout factor: a node may not take more than 5 % of the TTL.
    const int timeoutMs = int(std::clamp<qint64>(plan.ttlMs / 20, 50, m_nodeTimeoutMs));
    auto result = std::make_shared<RedlockNodeResult>();
    RedisConnection *c = m_connections.at(node);
    c->send(plan.command, this, [this, node, result](const RedisReply &reply) { *result = fromReply(node, reply, false); }, timeoutMs);
    c->send({"GET", plan.key}, this, [result, done](const RedisReply &reply) {
        if (result->outcome == NodeOutcome::Refused && reply.isString()) {
            result->found = reply.bytes();
            result->message = RedlockAdminService::tr("already held there, by %1").arg(TokenText::quoted(reply.bytes()));
        }
        done(*result);
    }, timeoutMs);
}

void RedlockAdminService::scriptOn(int node, const QString &scriptName, const QList<QByteArray> &args, const std::shared_ptr<Run> &run,
                                   const NodeHandler &done)
{
    // By SHA, as the plan shows it (the source once where the server's cache lacks it).
    const QString doneText = scriptName == extendScript ? tr("extended") : tr("released");
    LuaScripts::load(scriptName).run(m_connections.at(node), {run->plan.action.key}, args, this,
                                     [this, node, done, doneText](const RedisReply &reply) {
                                         RedlockNodeResult r = fromReply(node, reply, true);
                                         if (r.outcome == NodeOutcome::Done)
                                             r.message = doneText;
                                         done(r);
                                     });
}

RedlockNodeResult RedlockAdminService::fromReply(int node, const RedisReply &reply, bool scripted) const
{
    RedlockNodeResult r;
    r.node = m_group.nodeName(node);
    if (reply.errorIs("WRONGTYPE")) {
        // Reached, and holding something else under the name (another library's layout).
        r.outcome = NodeOutcome::Refused;
        r.message = tr("holds another kind of value now: left as it is (%1)").arg(reply.errorMessage());
        return r;
    }
    if (reply.isError()) {
        const bool unanswered = reply.origin() == RedisReply::Origin::Unanswered;
        r.outcome = unanswered ? NodeOutcome::Unknown : NodeOutcome::Error;
        r.message = unanswered ? tr("no answer in time (%1): it may or may not have run").arg(reply.errorMessage()) : reply.errorMessage();
        // Not sent because the node cannot be reached at all: its tunnel says why.
        if (reply.origin() == RedisReply::Origin::NotSent && !m_transport->failure(node).isEmpty())
            r.message = m_transport->failure(node);
        return r;
    }
    if (!scripted) {
        r.outcome = reply.isStatus("OK") ? NodeOutcome::Done : NodeOutcome::Refused;
        r.message = r.outcome == NodeOutcome::Done ? tr("set") : tr("already held there");
        return r;
    }
    const qint64 code = reply.isArray() && reply.size() > 0 ? reply.at(0).integer() : -2;
    if (code == 1) {
        r.outcome = NodeOutcome::Done;
    } else if (code == 0) {
        r.outcome = NodeOutcome::Refused;
        r.found = reply.size() > 1 ? reply.at(1).bytes() : QByteArray();
        r.message = tr("holds another token now: %1").arg(TokenText::quoted(r.found));
    } else if (code == -1) {
        r.outcome = NodeOutcome::Absent;
        r.message = tr("no such key there");
    } else {
        r.outcome = NodeOutcome::Error;
        r.message = tr("unexpected answer: %1").arg(reply.toDebugString());
    }
    return r;
}

void RedlockAdminService::onAllAnswered(const std::shared_ptr<Run> &run)
{
    if (!m_inFlight.contains(run->plan.action.id))
        return;
    if (run->plan.action.action != AdminAction::Acquire) {
        finish(run, summarise(run));
        return;
    }
    const qint64 elapsed = MonotonicClock::nowMs() - run->startedMs;
    const RedlockQuorum::Decision d = RedlockQuorum::decide(count(run->nodes, NodeOutcome::Done), int(run->nodes.size()),
                                                            run->plan.action.ttlMs, elapsed, run->plan.driftFactor);
    if (d.acquired) {
        RedlockAdminResult result = summarise(run);
        result.validityMs = d.validityMs;
        finish(run, result);
        return;
    }
    releaseLeftovers(run);
}

// A minority is worse than nothing (it blocks the others): the round is undone, guarded by
// our token, on every node where it may have been set, before the next attempt.
void RedlockAdminService::releaseLeftovers(const std::shared_ptr<Run> &run)
{
    run->leftBehind.clear();
    // A majority that came after the validity was gone is no majority either, and says so.
    const bool late = count(run->nodes, NodeOutcome::Done) >= RedlockQuorum::quorum(int(run->nodes.size()));
    auto pending = std::make_shared<int>(1);
    auto next = [this, run, pending] {
        if (--*pending > 0 || !m_inFlight.contains(run->plan.action.id))
            return;
        if (run->attempts <= run->plan.retryCount) {
            const int jitter = run->plan.retryJitterMs > 0 ? int(QRandomGenerator::global()->bounded(run->plan.retryJitterMs + 1)) : 0;
            QTimer::singleShot(run->plan.retryDelayMs + jitter, this, [this, run] { attemptAcquire(run); });
            return;
        }
        finish(run, summarise(run));
    };
    for (int i = 0; i < run->nodes.size(); ++i) {
        RedlockNodeResult &r = run->nodes[i];
        if (r.outcome != NodeOutcome::Done && r.outcome != NodeOutcome::Unknown)
            continue;
        ++*pending;
        scriptOn(i, releaseScript, {run->plan.action.token}, run, [run, i, next, late](const RedlockNodeResult &undo) {
            RedlockNodeResult &r = run->nodes[i];
            if (undo.outcome == NodeOutcome::Done || undo.outcome == NodeOutcome::Absent) {
                if (r.outcome == NodeOutcome::Done)
                    r.message = late ? tr("set, then released again: the majority came after the validity was gone")
                                     : tr("set, then released again: no majority");
            } else {
                run->leftBehind << r.node;
                r.message += tr("; its release failed (%1): it may hold the key until its TTL ends").arg(undo.message);
            }
            next();
        });
    }
    next();
}

RedlockAdminResult RedlockAdminService::summarise(const std::shared_ptr<Run> &run) const
{
    using Outcome = AdminResult::Outcome;
    const AdminPlan &plan = run->plan.action;
    RedlockAdminResult result;
    result.nodes = run->nodes;
    result.attempts = run->attempts;
    const int n = int(run->nodes.size());
    const int q = RedlockQuorum::quorum(n);
    const int done = count(run->nodes, NodeOutcome::Done);
    const int refused = count(run->nodes, NodeOutcome::Refused);
    const int unknown = count(run->nodes, NodeOutcome::Unknown);
    const int errors = count(run->nodes, NodeOutcome::Error);
    const QString key = TokenText::quoted(plan.key);
    switch (plan.action) {
    case AdminAction::Acquire: {
        const qint64 validity = RedlockQuorum::validityMs(plan.ttlMs, MonotonicClock::nowMs() - run->startedMs, run->plan.driftFactor);
        if (done >= q && validity > 0) {
            result.result = {Outcome::Done, tr("Acquired %1 with token %2 on %3 of %4 nodes; valid for %5 ms")
                                                .arg(key, TokenText::quoted(plan.token))
                                                .arg(done)
                                                .arg(n)
                                                .arg(validity)};
            return result;
        }
        const QString why = done >= q ? tr("a majority accepted, but after the validity was gone: a TTL longer than the time to reach the nodes is needed")
                                      : tr("%1 of %2 nodes accepted, %3 needed").arg(done).arg(n).arg(q);
        const QString attempts = tr("%n attempt(s)", nullptr, run->attempts);
        if (!run->leftBehind.isEmpty())
            result.result = {Outcome::Unknown, tr("Not acquired %1 after %2 (%3); undone everywhere but on %4, which may hold it until "
                                                  "its TTL ends. Look with: %5")
                                                   .arg(key, attempts, why, run->leftBehind.join(QStringLiteral(", ")),
                                                        lookCommand(m_group, plan.key))};
        else
            // A majority that answered too late had the servers' answers: a refusal (exit 1),
            // not a failure to reach them.
            result.result = {done < q && done + unknown + errors >= q && refused < q ? Outcome::Failed : Outcome::Refused,
                             done + unknown > 0 ? tr("Not acquired %1 after %2 (%3); released again wherever it was set").arg(key, attempts, why)
                                                : tr("Not acquired %1 after %2 (%3); nothing was set").arg(key, attempts, why)};
        return result;
    }
    case AdminAction::Extend: {
        const qint64 validity = RedlockQuorum::validityMs(plan.ttlMs, MonotonicClock::nowMs() - run->startedMs, run->plan.driftFactor);
        if (done >= q && validity > 0) {
            result.validityMs = validity;
            result.result = {Outcome::Done, tr("Extended %1 to %2 ms on %3 of %4 nodes; valid for %5 ms")
                                                .arg(key)
                                                .arg(plan.ttlMs)
                                                .arg(done)
                                                .arg(n)
                                                .arg(validity)};
            return result;
        }
        const Outcome outcome = done + unknown >= q ? Outcome::Unknown : done + unknown + errors >= q ? Outcome::Failed : Outcome::Refused;
        if (outcome == Outcome::Unknown) {
            // Nodes that did not answer may have extended it: "not extended" would be a guess.
            result.result = {outcome, tr("Unknown whether %1 was extended: done on %2 of %3 nodes, no answer from %4 (%5 needed). Look with: %6")
                                          .arg(key)
                                          .arg(done)
                                          .arg(n)
                                          .arg(unknown)
                                          .arg(q)
                                          .arg(lookCommand(m_group, plan.key))};
            return result;
        }
        result.result = {outcome, tr("Not extended: %1 holds token %2 on %3 of %4 nodes, %5 needed").arg(key, TokenText::quoted(plan.token)).arg(done).arg(n).arg(q)};
        return result;
    }
    case AdminAction::ForceRelease:
    case AdminAction::ReleaseHolder:
        break;
    }
    QStringList refusedOn;
    for (const RedlockNodeResult &r : run->nodes)
        if (r.outcome == NodeOutcome::Refused)
            refusedOn << tr("%1 (%2)").arg(r.node, r.message);
    int acted = 0;
    for (int i = 0; i < n; ++i)
        acted += run->plan.guards.value(i).isEmpty() ? 0 : 1;
    const QString released = tr("Released %1 on %2 of the %3 node(s) acted on").arg(key).arg(done).arg(acted);
    // Nodes that may hold the lock still: acted on and not reached, or left alone because
    // they could not be read (or not whole). Fewer than a majority cannot hold it: the lock
    // is released.
    int unreached = 0;
    int actedUnknown = 0;
    for (int i = 0; i < n; ++i) {
        const bool actedOn = !run->plan.guards.value(i).isEmpty();
        if (actedOn)
            unreached += run->nodes.at(i).outcome == NodeOutcome::Error ? 1 : 0;
        else
            unreached += run->plan.seen.value(i, RedlockObservation::Node::Status::Absent) != RedlockObservation::Node::Status::Absent ? 1 : 0;
        actedUnknown += actedOn && run->nodes.at(i).outcome == NodeOutcome::Unknown ? 1 : 0;
    }
    if (actedUnknown > 0)
        result.result = {Outcome::Unknown, released + tr("; no answer from %n node(s): look again before acting, with: %1", nullptr, actedUnknown)
                                                          .arg(lookCommand(m_group, plan.key))};
    else if (!refusedOn.isEmpty())
        result.result = {Outcome::Refused, released + tr("; refused where another token holds it now: %1").arg(refusedOn.join(QStringLiteral(", ")))};
    else if (unreached >= q)
        result.result = {Outcome::Failed, released + tr("; %n node(s) could not be reached or read whole, and they may still hold it: a majority", nullptr, unreached)};
    else if (unreached > 0)
        result.result = {Outcome::Done, released + tr("; %n node(s) could not be reached or read whole: too few to hold it", nullptr, unreached)};
    else
        result.result = {Outcome::Done, released};
    return result;
}

bool RedlockAdminService::writeAudit(const RedlockAdminPlan &plan, const AdminResult *outcome, QString *error) const
{
    AuditEntry entry = plan.action.auditEntry(outcome);
    entry.server = m_group.name.isEmpty() ? tr("Redlock group %1").arg(plan.nodes.join(QLatin1Char(','))) : m_group.name;
    entry.redisUser = m_group.nodes.isEmpty() ? QString() : m_group.nodes.first().user;
    entry.guard = plan.guardText();
    return m_audit->append(entry, error);
}

void RedlockAdminService::finish(const std::shared_ptr<Run> &run, const RedlockAdminResult &result)
{
    m_inFlight.remove(run->plan.action.id);
    RedlockAdminResult final = result;
    // The audit's outcome carries every node's part: what happened where.
    AdminResult audited = result.result;
    QStringList parts;
    for (const RedlockNodeResult &r : result.nodes)
        parts << QStringLiteral("%1 %2%3").arg(r.node, RedlockNodeResult::outcomeId(r.outcome),
                                               r.message.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(r.message));
    if (!parts.isEmpty())
        audited.message += QStringLiteral(" [") + parts.join(QStringLiteral("; ")) + QLatin1Char(']');
    QString error;
    if (!writeAudit(run->plan, &audited, &error))
        final.result.message += tr(" (warning: %1)").arg(error);
    if (run->handler && !(run->hasOwner && !run->owner))
        run->handler(final);
}
