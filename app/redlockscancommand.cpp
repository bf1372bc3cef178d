#include "redlockscancommand.h"

#include "discoveryoptions.h"
#include "redlockobservationjson.h"
#include "redlockscanservice.h"
#include "texttable.h"
#include "tokentext.h"

void RedlockScanCommand::run()
{
    m_scan = new RedlockScanService(options().redlock.nodes, registry(), this, groupTransport());
    DiscoveryOptions discovery;
    discovery.patterns = options().patterns;
    m_scan->setOptions(discovery);
    connect(m_scan, &RedlockScanService::nodeFailed, this, [this](int node, const QString &message) {
        m_failedNodes.insert(node);
        say(tr("node %1 (%2) could not be scanned: %3").arg(node + 1).arg(m_scan->nodeName(node), message));
    });
    connect(m_scan, &RedlockScanService::finished, this, &RedlockScanCommand::report);
    m_scan->start();
}

void RedlockScanCommand::report(const QList<RedlockObservation> &observations)
{
    const double drift = options().redlock.driftFactor;
    QStringList nodes;
    for (int i = 0; i < m_scan->nodeCount(); ++i)
        nodes << m_scan->nodeName(i);
    if (options().json) {
        QByteArray out;
        out.reserve(observations.size() * 512);
        for (const RedlockObservation &o : observations)
            out += RedlockObservationJson::line(o, drift);
        if (!print(out))
            return;
    } else {
        if (!print(table(observations, nodes, drift)))
            return;
    }
    using Quorum = RedlockObservation::Quorum;
    QMap<Quorum, int> counts;
    qint64 unreadable = 0, cut = 0; // readings that failed; values too long to compare
    for (const RedlockObservation &o : observations) {
        ++counts[o.assess(drift).quorum];
        for (const RedlockObservation::Node &n : o.nodes)
            if (n.status == RedlockObservation::Node::Status::Unreadable)
                ++(n.answered ? cut : unreadable);
    }
    // The table before the summary on stderr, when both go to one terminal; output lost ends
    // the command there, without a summary of what nobody saw.
    if (!outputWritten()) {
        finish(Refused);
        return;
    }
    QStringList parts;
    for (const Quorum quorum : {Quorum::Held, Quorum::Degraded, Quorum::Split, Quorum::Leftover, Quorum::Unknown})
        if (counts.value(quorum) > 0)
            parts << tr("%1 %2", "count, quorum").arg(counts.value(quorum)).arg(RedlockObservation::quorumText(quorum));
    const QString summary = tr("%1 lock(s) on a Redlock group of %2 nodes").arg(observations.size()).arg(nodes.size());
    fprintf(stderr, "%s\n", qUtf8Printable(parts.isEmpty() ? summary : tr("%1: %2").arg(summary, parts.join(tr(", ")))));
    // Without every node's reading, a quorum may be wrong: the scan is incomplete. So it is
    // when a node could not be scanned at all, even with no lock seen elsewhere: a lock held
    // there only would be missing.
    if (cut > 0)
        say(tr("%1 value(s) on a node were longer than LockScope reads, and could not be compared with the "
            "other nodes': those show as error")
                .arg(cut));
    if (!m_failedNodes.isEmpty()) {
        fail(ConnectionError, tr("%n node(s) could not be scanned; what they hold is not in this list", nullptr, int(m_failedNodes.size())));
        return;
    }
    if (unreadable > 0) {
        fail(ConnectionError, tr("%1 reading(s) of a lock on a node could not be made, or not whole enough to compare; those nodes show as error")
                                      .arg(unreadable));
        return;
    }
    finish(Done);
}

QByteArray RedlockScanCommand::table(const QList<RedlockObservation> &observations, const QStringList &nodes, double driftFactor)
{
    using Status = RedlockObservation::Node::Status;
    QStringList headers{tr("KEY"), tr("QUORUM"), tr("VALIDITY"), tr("HOLDER")};
    // A column per node, numbered in the order given; the numbers are explained below the table.
    for (int i = 0; i < nodes.size(); ++i)
        headers << tr("NODE %1").arg(i + 1);
    TextTable table(headers);
    table.setMaxWidth(0, 48);
    table.setMaxWidth(3, 40);
    table.setRightAligned(2);
    for (int i = 0; i < nodes.size(); ++i)
        table.setMaxWidth(4 + i, 24);
    for (const RedlockObservation &o : observations) {
        const RedlockObservation::Assessment a = o.assess(driftFactor);
        const bool majority = !a.tokenNodes.isEmpty() && (a.quorum == RedlockObservation::Quorum::Held
                                                         || a.quorum == RedlockObservation::Quorum::Degraded);
        QString holder;
        if (majority) {
            const RedlockObservation::Node &n = o.nodes.at(a.tokenNodes.first());
            holder = !n.holders.isEmpty() && !n.holders.first().holder.isEmpty() ? n.holders.first().holder : TokenText::escape(a.token);
        }
        QStringList row{TokenText::escape(o.key), RedlockObservation::quorumText(a.quorum),
                        majority ? LockInfo::formatTtl(a.validityMs) : QString(), holder};
        for (int i = 0; i < o.nodes.size(); ++i) {
            const RedlockObservation::Node &n = o.nodes.at(i);
            switch (n.status) {
            case Status::Holding: {
                // Which token, briefly: the majority's is marked "=", another one shown in part.
                const QString which = majority && n.token == a.token ? QStringLiteral("=") : o.shortToken(i);
                row << QStringLiteral("%1 %2").arg(which, LockInfo::formatTtl(n.ttlMs));
                break;
            }
            case Status::Absent:
                row << QStringLiteral("-");
                break;
            case Status::Unreadable:
                row << QStringLiteral("error");
                break;
            }
        }
        table.addRow(row);
    }
    QByteArray out = table.render();
    for (int i = 0; i < nodes.size(); ++i)
        out += tr("NODE %1: %2\n").arg(i + 1).arg(nodes.at(i)).toUtf8();
    out += tr("(\"=\": the majority token; \"-\": absent; \"error\": could not be read, never counted as absent)\n").toUtf8();
    return out;
}
