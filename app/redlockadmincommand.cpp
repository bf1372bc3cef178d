#include "redlockadmincommand.h"

#include "discoveryoptions.h"
#include "jsonwriter.h"
#include "redlockscanservice.h"
#include "texttable.h"
#include "tokentext.h"

RedlockAdminCommand::RedlockAdminCommand(const CliOptions &options, const DialectRegistry *registry, const AuditLog *audit,
                                         QObject *parent)
    : CliCommand(options, registry, audit, parent)
    , m_audit(audit)
{
}

void RedlockAdminCommand::run()
{
    m_admin = new RedlockAdminService(options().redlock, registry(), m_audit, this, groupTransport());
    m_admin->setReadOnly(options().readOnly);
    switch (options().command) {
    case CliOptions::Command::Acquire:
        // Without --token the dialect makes one in its library's format (node-redlock's by default).
        execute(m_admin->planAcquire(options().key, options().tokenGiven ? options().token : QByteArray(), options().ttlMs,
                                     options().dialect));
        return;
    case CliOptions::Command::Extend:
        execute(m_admin->planExtend(options().key, options().token, options().ttlMs));
        return;
    default:
        break;
    }
    if (options().observed)
        observe();
    else
        execute(m_admin->planRelease(options().key, options().token));
}

// --observed: the key as every node holds it now, each node then guarded by its own token.
void RedlockAdminCommand::observe()
{
    m_scan = new RedlockScanService(options().redlock.nodes, registry(), this, groupTransport());
    DiscoveryOptions discovery;
    QString glob;
    for (const QChar c : QString::fromUtf8(options().key)) {
        if (c == QLatin1Char('*') || c == QLatin1Char('?') || c == QLatin1Char('[') || c == QLatin1Char(']') || c == QLatin1Char('\\'))
            glob += QLatin1Char('\\');
        glob += c;
    }
    discovery.patterns = {KeyPattern::parse(glob)};
    m_scan->setOptions(discovery);
    connect(m_scan, &RedlockScanService::nodeFailed, this, [this](int node, const QString &message) {
        say(tr("node %1 (%2) could not be read: %3").arg(node + 1).arg(m_scan->nodeName(node), message));
    });
    connect(m_scan, &RedlockScanService::finished, this, [this](const QList<RedlockObservation> &observations) {
        m_scan->close();
        for (const RedlockObservation &o : observations) {
            if (o.key != options().key)
                continue;
            const RedlockAdminPlan plan = m_admin->planForceRelease(o);
            if (plan.action.allowed)
                fprintf(stderr, "%s\n", qUtf8Printable(tr("%1, guarded on: %2").arg(plan.action.intentText(), plan.guardText())));
            execute(plan);
            return;
        }
        fail(Refused, tr("%1 is not held on any node of the group: no such key").arg(TokenText::escape(options().key)));
    });
    m_scan->start();
}

void RedlockAdminCommand::execute(const RedlockAdminPlan &plan)
{
    const QString where = plan.nodes.join(QStringLiteral(", "));
    if (options().dryRun) {
        if (!plan.action.allowed) {
            fail(Refused, plan.action.refusal);
            return;
        }
        // Refused as the action itself would be, by the servers that answer.
        m_admin->checkServers(this, [this, plan, where](const QString &refusal) {
            if (!refusal.isEmpty()) {
                fail(Refused, refusal);
                return;
            }
            if (options().json)
                print(json(plan, nullptr));
            else
                print(tr("%1\n  would run on each of %2: %3\n").arg(plan.action.description, where, plan.commandText()).toUtf8());
            finish(Done);
        });
        return;
    }
    if (plan.action.allowed && !m_admin->isReadOnly() && !confirmAction(plan.action.description, plan.commandText(), where)) {
        fail(Refused, tr("not confirmed; nothing was run"));
        return;
    }
    m_admin->execute(plan, this, [this, plan](const RedlockAdminResult &result) {
        // Failed: the nodes that would have made the majority could not be reached.
        const int code = exitCodeOf(result.result.outcome, false);
        if (!print(options().json ? json(plan, &result) : table(result)))
            return;
        if (code == Done) {
            if (!options().json)
                print(result.result.message.toUtf8() + '\n');
            finish(Done);
        } else {
            fflush(stdout);
            fail(code, result.result.message);
        }
    });
}

QByteArray RedlockAdminCommand::table(const RedlockAdminResult &result)
{
    if (result.nodes.isEmpty())
        return {};
    TextTable table({tr("NODE"), tr("RESULT"), tr("DETAIL")});
    table.setMaxWidth(2, 80);
    for (const RedlockNodeResult &n : result.nodes)
        table.addRow({n.node, outcomeWord(n.outcome), n.message});
    return table.render();
}

// A node's result as the table shows it: in English its id (as --json and the manual name it),
// in another language its word there.
QString RedlockAdminCommand::outcomeWord(RedlockNodeResult::Outcome outcome)
{
    using Outcome = RedlockNodeResult::Outcome;
    switch (outcome) {
    case Outcome::Done:
        return tr("done");
    case Outcome::Refused:
        return tr("refused");
    case Outcome::Absent:
        return tr("absent");
    case Outcome::LeftAlone:
        return tr("left-alone");
    case Outcome::Error:
        return tr("error");
    case Outcome::Unknown:
        return tr("unknown");
    }
    return RedlockNodeResult::outcomeId(outcome);
}

QByteArray RedlockAdminCommand::json(const RedlockAdminPlan &plan, const RedlockAdminResult *result)
{
    JsonWriter out;
    out.beginObject()
        .field("action", plan.action.actionName())
        .field("key", TokenText::escape(plan.action.key))
        .field("token", TokenText::escape(plan.action.token));
    if (!plan.action.dialect.isEmpty())
        out.field("dialect", plan.action.dialect);
    if (plan.action.ttlMs > 0)
        out.field("ttl_ms", plan.action.ttlMs);
    out.field("quorum", qint64(RedlockQuorum::quorum(int(plan.nodes.size()))));
    if (!result) {
        out.key("nodes").beginArray();
        for (qsizetype i = 0; i < plan.nodes.size(); ++i) {
            out.beginObject().field("node", plan.nodes.at(i));
            if (!plan.guards.value(i).isEmpty())
                out.field("guard", TokenText::escape(plan.guards.at(i)));
            else if (!plan.notActed.value(i).isEmpty())
                out.field("message", plan.notActed.at(i));
            out.endObject();
        }
        out.endArray();
        out.field("result", QStringLiteral("dry-run")).field("message", plan.action.description);
        out.field("command", plan.commandText()).endObject();
        return out.take() + '\n';
    }
    if (result->validityMs >= 0)
        out.field("validity_ms", result->validityMs);
    if (result->attempts > 0)
        out.field("attempts", qint64(result->attempts));
    out.key("nodes").beginArray();
    for (const RedlockNodeResult &n : result->nodes) {
        out.beginObject().field("node", n.node).field("result", RedlockNodeResult::outcomeId(n.outcome));
        if (!n.found.isEmpty())
            out.field("found", TokenText::escape(n.found));
        if (!n.message.isEmpty())
            out.field("message", n.message);
        out.endObject();
    }
    out.endArray();
    out.field("result", result->result.outcomeId()).field("message", result->result.message).endObject();
    return out.take() + '\n';
}
