#include "redlockwatchcommand.h"

#include "discoveryoptions.h"
#include "lockinfo.h"
#include "redlockeventjson.h"
#include "redlockscancommand.h"
#include "redlockwatchservice.h"
#include "terminationsignals.h"
#include "tokentext.h"

#include <QDateTime>
#include <QTimer>

#include <unistd.h>

RedlockWatchCommand::RedlockWatchCommand(const CliOptions &options, const DialectRegistry *registry, QObject *parent)
    : CliCommand(options, registry, nullptr, parent)
{
    if (options.durationS > 0)
        QTimer::singleShot(qint64(options.durationS * 1000), this, [this] { finish(Done); });
}

void RedlockWatchCommand::run()
{
    m_watch = new RedlockWatchService(options().redlock, registry(), this);
    DiscoveryOptions discovery;
    discovery.patterns = options().patterns;
    m_watch->setOptions(discovery);
    m_watch->setInterval(options().intervalMs);
    connect(m_watch, &RedlockWatchService::observed, this, &RedlockWatchCommand::onObserved);
    if (options().events)
        connect(m_watch, &RedlockWatchService::eventsDerived, this, &RedlockWatchCommand::printEvents);
    m_watch->start();
}

void RedlockWatchCommand::onObserved(const QList<RedlockObservation> &observations)
{
    const RedlockGroup &group = options().redlock;
    if (!m_observed) {
        m_observed = true;
        fprintf(stderr, "lockscope: watching %lld lock(s) on a Redlock group of %d nodes (quorum %d), a scan every %g s\n",
                qint64(observations.size()), group.size(), group.quorum(), options().intervalMs / 1000.0);
    }
    if (options().events)
        return;
    QByteArray out;
    if (isatty(STDOUT_FILENO))
        out += "\x1b[H\x1b[2J"; // redraw in place, like watch(1)
    QStringList nodes;
    int down = 0;
    for (int i = 0; i < group.size(); ++i) {
        nodes << group.nodeName(i);
        down += m_watch->nodeErrors().value(i).isEmpty() ? 0 : 1;
    }
    out += QStringLiteral("%1  %2 lock(s) on a Redlock group of %3 nodes, %4 down\n\n")
               .arg(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss")))
               .arg(observations.size())
               .arg(group.size())
               .arg(down)
               .toUtf8();
    out += RedlockScanCommand::table(observations, nodes, group.driftFactor);
    out += '\n';
    if (print(out))
        fflush(stdout);
}

QByteArray RedlockWatchCommand::eventLine(const RedlockEvent &e, double driftFactor)
{
    using Status = RedlockObservation::Node::Status;
    const QString time = QDateTime::fromMSecsSinceEpoch(e.timeMs).toString(QStringLiteral("HH:mm:ss.zzz"));
    QString line = QStringLiteral("%1  %2  ").arg(time, RedlockEvent::kindId(e.kind).leftJustified(15));
    if (e.isNodeEvent()) {
        line += QStringLiteral("NODE %1 %2").arg(e.node + 1).arg(e.nodeName);
        if (!e.error.isEmpty())
            line += QStringLiteral("  ") + e.error;
        return line.toUtf8() + '\n';
    }
    const RedlockObservation::Assessment a = e.observation.assess(driftFactor);
    line += TokenText::escape(e.key);
    if (!e.previousToken.isNull())
        line += QStringLiteral("  ") + TokenText::escape(e.previousToken) + QStringLiteral(" ->");
    if (!e.token.isNull())
        line += QStringLiteral("  ") + TokenText::escape(e.token);
    line += QStringLiteral("  ") + RedlockObservation::quorumId(a.quorum);
    if (a.validityMs >= 0)
        line += QStringLiteral(" validity ") + LockInfo::formatTtl(a.validityMs);
    // Each node briefly, in the group's order: "=" the event's token, "-" absent, "error".
    QStringList nodes;
    for (const RedlockObservation::Node &n : e.observation.nodes) {
        switch (n.status) {
        case Status::Holding:
            nodes << (n.token == e.token ? QStringLiteral("=") : TokenText::escape(n.token.left(8)));
            break;
        case Status::Absent:
            nodes << QStringLiteral("-");
            break;
        case Status::Unreadable:
            nodes << QStringLiteral("error");
            break;
        }
    }
    line += QStringLiteral("  [") + nodes.join(QLatin1Char(' ')) + QLatin1Char(']');
    return line.toUtf8() + '\n';
}

void RedlockWatchCommand::printEvents(const QList<RedlockEvent> &events)
{
    const double drift = options().redlock.driftFactor;
    QByteArray out;
    for (const RedlockEvent &e : events)
        out += options().json ? RedlockEventJson::line(e, drift) : eventLine(e, drift);
    if (print(out))
        fflush(stdout); // a pipe to jq or grep sees each event as it happens
}

void RedlockWatchCommand::interrupt(int signalNumber)
{
    if (signalNumber != SIGINT)
        fprintf(stderr, "lockscope: %s, stopping\n", qUtf8Printable(QString::fromLocal8Bit(strsignal(signalNumber)).toLower()));
    if (m_watch)
        m_watch->stop();
    finish(TerminationSignals::exitStatus(signalNumber));
}
