#include "admincommand.h"

#include "adminservice.h"
#include "dialectregistry.h"
#include "fairqueuehead.h"
#include "jsonwriter.h"
#include "keyinspector.h"
#include "redisconnection.h"
#include "redistopology.h"
#include "session.h"
#include "tokentext.h"


AdminCommand::AdminCommand(const CliOptions &options, const DialectRegistry *registry, const AuditLog *audit,
                           QObject *parent)
    : CliCommand(options, registry, audit, parent)
{
    m_oneKey = true;
}

void AdminCommand::run()
{
    m_admin = session()->admin();
    if (options().command == CliOptions::Command::Acquire) {
        // Without --token the dialect makes one in its library's format.
        const AdminPlan plan = m_admin->planAcquire(options().key, options().tokenGiven ? options().token : QByteArray(),
                                                    options().ttlMs, options().dialect);
        if (options().dryRun && plan.allowed)
            dryRunAcquire(plan);
        else
            execute(plan);
        return;
    }
    m_inspector = new KeyInspector(topology(), this);
    QList<QByteArray> keys{options().key};
    if (!options().keyAsTyped.isEmpty())
        keys << options().keyAsTyped;
    m_inspector->inspect(keys, this, [this](const QList<KeySample> &samples, const QString &error) {
        if (isFinished())
            return; // answered by the session's close (a signal, a failure elsewhere)
        if (samples.size() > 1 && samples.at(1).exists()) {
            fail(Refused, tr("KEY is read with its escapes, as scan prints keys: %1 names %2, but a key whose name is those "
                             "characters exactly, %3, exists too. Give that one as %3 to act on it, or add --escaped-key to "
                             "act on %2; nothing was run")
                              .arg(QString::fromUtf8(options().keyAsTyped), TokenText::quoted(options().key),
                                   TokenText::quoted(options().keyAsTyped)));
            return;
        }
        const KeySample sample = samples.value(0);
        if (!error.isEmpty() || sample.isFailed()) {
            // Not read (its master cannot be reached, the user may not read it): nothing to
            // guard on, so nothing runs. Refused and audited as any refused action; exit code
            // 3, as for any server that could not be read.
            m_unread = true;
            execute(m_admin->planUnread(requestedAction(), options().key, options().token, options().ttlMs,
                                        error.isEmpty() ? sample.error : error));
            return;
        }
        m_observedOn = sample.node;
        onObserved(registry()->classify(sample));
    });
}

// A dry run says what the acquire would meet: a key there now would refuse it, as the
// action itself would be refused.
void AdminCommand::dryRunAcquire(const AdminPlan &plan)
{
    m_inspector = new KeyInspector(topology(), this);
    m_inspector->inspect({plan.key}, this, [this, plan](const QList<KeySample> &samples, const QString &error) {
        if (isFinished())
            return;
        AdminPlan looked = plan;
        const KeySample sample = samples.value(0);
        if (!error.isEmpty() || sample.isFailed()) {
            m_unread = true;
            looked.allowed = false;
            looked.refusal = tr("could not read %1 to see whether it is free: %2")
                                 .arg(TokenText::quoted(plan.key), error.isEmpty() ? sample.error : error);
        } else if (const std::optional<LockInfo> lock = registry()->classify(sample)) {
            looked.allowed = false;
            looked.refusal = tr("%1 is there now (%2): the acquire would be refused")
                                 .arg(TokenText::quoted(plan.key), LockFingerprint::found(*lock).text());
        } else if (!plan.fairQueue.isEmpty()) {
            dryRunFairQueue(looked);
            return;
        }
        execute(looked);
    });
}

// A free fair lock still refuses anyone but the first of its queue: looked at as the acquire
// script will, stale waiters skipped by the server's clock.
void AdminCommand::dryRunFairQueue(const AdminPlan &plan)
{
    FairQueueHead::read(topology(), plan.fairQueue, plan.fairTimeouts, this, [this, plan](const FairQueueHead::Result &head) {
        if (isFinished())
            return;
        AdminPlan looked = plan;
        if (!head.error.isEmpty()) {
            m_unread = true;
            looked.allowed = false;
            looked.refusal = tr("could not read the fair queue %1 to see who is first: %2").arg(TokenText::quoted(plan.fairQueue), head.error);
        } else if (!head.first.isEmpty() && head.first != plan.token) {
            looked.allowed = false;
            looked.refusal = tr("%1 is free, but %2 queues for it first, and a fair lock lets only the first of its queue take it: "
                                "the acquire would be refused")
                                 .arg(TokenText::quoted(plan.key), TokenText::quoted(head.first));
        }
        if (head.stale > 0 && looked.allowed) {
            const QString dropped = tr("%n waiter(s) whose timeout has passed would be dropped from the head of its fair queue first",
                                       nullptr, head.stale);
            looked.caution = looked.caution.isEmpty() ? dropped : looked.caution + QStringLiteral("; ") + dropped;
        }
        execute(looked);
    });
}

// What the command asks for, before the lock is read: a release by token is the lock's
// release whatever its layout turns out to be.
AdminAction AdminCommand::requestedAction() const
{
    return options().command == CliOptions::Command::Extend ? AdminAction::Extend : AdminAction::ForceRelease;
}

void AdminCommand::connectionFailed(const QString &message)
{
    // An action was sent and its answer is lost with the connection: the service reports
    // it next, as unknown with how to look, which says more than the connection error.
    if (m_admin && m_admin->inFlightCount() > 0)
        return;
    if (options().json) {
        // A script reading stdout gets a line for this action too, as for every other outcome.
        AdminPlan plan;
        plan.action = options().command == CliOptions::Command::Acquire ? AdminAction::Acquire : requestedAction();
        plan.byHolder = plan.action == AdminAction::ForceRelease && !options().observed;
        plan.key = options().key;
        plan.token = options().token;
        plan.ttlMs = options().ttlMs;
        plan.dialect = options().command == CliOptions::Command::Acquire ? options().dialect : QString();
        print(json(plan, QStringLiteral("failed"), message));
    }
    CliCommand::connectionFailed(message);
}

void AdminCommand::onObserved(const std::optional<LockInfo> &lock)
{
    if (!lock) {
        execute(m_admin->planNotHeld(requestedAction(), options().key, options().token, options().ttlMs));
        return;
    }
    // --observed: the lock as it is now, every holder, guarded by all of it (and printed
    // below before anything runs). --token: what that holder holds; on a shared lock only
    // that holder's hold.
    if (options().command == CliOptions::Command::Extend)
        execute(m_admin->planExtend(*lock, options().token, options().ttlMs));
    else if (options().observed)
        execute(m_admin->planForceRelease(*lock));
    else
        execute(m_admin->planRelease(*lock, options().token));
}

void AdminCommand::execute(const AdminPlan &plan)
{
    // What the guard compares, printed before anything runs, prompt or not: the action can
    // only touch the lock in exactly the state this line shows.
    if (plan.allowed && plan.action != AdminAction::Acquire)
        fprintf(stderr, "%s\n", qUtf8Printable(tr("%1, guarded on: %2").arg(plan.intentText(), plan.guard.text())));
    if (plan.allowed && !plan.caution.isEmpty())
        say(tr("caution: %1").arg(plan.caution));
    // On a cluster or behind Sentinel, the master that will run it is part of "where".
    QString where = session()->serverName();
    if (const RedisConnection *owner = topology()->nodeFor(plan.key); owner && !session()->isSingleServer())
        where = tr("%1, master %2").arg(where, topology()->nodeName(owner));
    if (options().dryRun) {
        if (!plan.allowed) {
            if (options().json)
                print(json(plan, QStringLiteral("refused"), plan.refusal));
            fail(m_unread ? ConnectionError : Refused, plan.refusal); // as the action itself would end
            return;
        }
        if (options().json)
            print(json(plan, QStringLiteral("dry-run"), plan.description));
        else
            print(tr("%1\n  would run on %3: %2\n").arg(plan.description, plan.commandText(), where).toUtf8());
        finish(Done);
        return;
    }
    if (plan.allowed && !m_admin->isReadOnly() && !confirmAction(plan.description, plan.commandText(), where)) {
        fail(Refused, tr("not confirmed; nothing was run"));
        return;
    }
    m_admin->execute(plan, this, [this, plan](const AdminResult &result) {
        if (isFinished())
            return; // the intent and the outcome are in the audit log; the command has ended
        // Reachable is the key's own master: a cluster with another master down is no excuse.
        const RedisConnection *owner = topology()->nodeFor(plan.key);
        const int code = m_unread ? ConnectionError : exitCodeOf(result.outcome, owner && owner->isReady());
        // Output lost is not the outcome lost: stderr still says what happened on the server.
        const auto report = [this, &result](const QByteArray &text) {
            if (!print(text))
                say(tr("what happened: %1").arg(result.message));
        };
        if (options().json)
            report(json(plan, result.outcomeId(), result.message, result.node));
        if (code == Done) {
            if (!options().json)
                report(result.message.toUtf8() + '\n');
            finish(Done);
        } else {
            fail(code, result.message);
        }
    });
}

QByteArray AdminCommand::json(const AdminPlan &plan, const QString &result, const QString &message, const QString &node) const
{
    JsonWriter out;
    out.beginObject()
        .field("action", plan.actionName())
        .field("key", TokenText::escape(plan.key))
        .field("dialect", plan.dialect)
        .field("token", TokenText::escape(plan.token));
    // The node that answered the action (an importing node after ASK); for an action that was
    // not sent (refused, a dry run), the node the lock was read on; else the key's owner now.
    if (!node.isEmpty())
        out.field("node", node);
    else if (!m_observedOn.isEmpty())
        out.field("node", m_observedOn);
    else if (const RedisConnection *owner = topology() ? topology()->nodeFor(plan.key) : nullptr)
        out.field("node", topology()->nodeName(owner));
    if (plan.ttlMs > 0)
        out.field("ttl_ms", plan.ttlMs);
    if (plan.guard.isValid())
        out.field("guard", plan.guard.text());
    out.field("result", result).field("message", message);
    if (result == QLatin1String("dry-run"))
        out.field("command", plan.commandText());
    out.endObject();
    return out.take() + '\n';
}
