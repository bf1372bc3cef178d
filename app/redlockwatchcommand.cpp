#include "redlockwatchcommand.h"

#include "discoveryoptions.h"
#include "lockinfo.h"
#include "redlockeventjson.h"
#include "redlockscancommand.h"
#include "redlockwatchservice.h"
#include "terminationsignals.h"
#include "texttable.h"
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
    m_watch = new RedlockWatchService(options().redlock, registry(), this, groupTransport());
    DiscoveryOptions discovery;
    discovery.patterns = options().patterns;
    m_watch->setOptions(discovery);
    m_watch->setInterval(options().intervalMs);
    if (options().rescanMs > 0)
        m_watch->setRescanInterval(options().rescanMs);
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
        say(tr("watching %1 lock(s) on a Redlock group of %2 nodes (quorum %3): the known locks read every %4 s, "
            "the nodes walked for new ones every %5 s")
                .arg(observations.size())
                .arg(group.size())
                .arg(group.quorum())
                .arg(options().intervalMs / 1000.0)
                .arg(m_watch->rescanInterval() / 1000.0));
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
    out += tr("%1  %2 lock(s) on a Redlock group of %3 nodes, %4 down\n\n")
               .arg(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss")))
               .arg(observations.size())
               .arg(group.size())
               .arg(down)
               .toUtf8();
    out += RedlockScanCommand::table(observations, nodes, group.driftFactor);
    out += '\n';
    printNow(out);
}

// An event's kind as the lines show it: in English its id (as --json and the manual name it),
// in another language its word there; padded to one column of terminal width.
QString RedlockWatchCommand::kindWord(RedlockEvent::Kind kind)
{
    using Kind = RedlockEvent::Kind;
    QString word;
    switch (kind) {
    case Kind::Acquired: word = tr("acquired"); break;
    case Kind::Renewed: word = tr("renewed"); break;
    case Kind::Released: word = tr("released"); break;
    case Kind::Expired: word = tr("expired"); break;
    case Kind::HandedOver: word = tr("handed-over"); break;
    case Kind::Lost: word = tr("lost"); break;
    case Kind::QuorumLost: word = tr("quorum-lost"); break;
    case Kind::QuorumRegained: word = tr("quorum-regained"); break;
    case Kind::NodeDown: word = tr("node-down"); break;
    case Kind::NodeUp: word = tr("node-up"); break;
    case Kind::NodeRestarted: word = tr("node-restarted"); break;
    }
    return word + QString(std::max<qsizetype>(0, 15 - TextTable::columns(word)), QLatin1Char(' '));
}

QByteArray RedlockWatchCommand::eventLine(const RedlockEvent &e, double driftFactor)
{
    using Status = RedlockObservation::Node::Status;
    const QString time = QDateTime::fromMSecsSinceEpoch(e.timeMs).toString(QStringLiteral("HH:mm:ss.zzz"));
    QString line = QStringLiteral("%1  %2  ").arg(time, kindWord(e.kind));
    if (e.isNodeEvent()) {
        line += tr("NODE %1 %2").arg(e.node + 1).arg(e.nodeName);
        if (!e.error.isEmpty())
            line += QStringLiteral("  ") + e.error;
        if (!e.message.isEmpty())
            line += QStringLiteral("  ") + e.message;
        return line.toUtf8() + '\n';
    }
    const RedlockObservation::Assessment a = e.observation.assess(driftFactor);
    line += TokenText::escape(e.key);
    if (!e.previousToken.isNull())
        line += QStringLiteral("  ") + TokenText::escape(e.previousToken) + QStringLiteral(" ->");
    if (!e.token.isNull())
        line += QStringLiteral("  ") + TokenText::escape(e.token);
    line += QStringLiteral("  ") + RedlockObservation::quorumText(a.quorum);
    if (a.validityMs >= 0)
        line += QLatin1Char(' ') + tr("validity %1").arg(LockInfo::formatTtl(a.validityMs));
    // Each node briefly, in the group's order: "=" the event's token, "-" absent, "error".
    QStringList nodes;
    for (int i = 0; i < e.observation.nodes.size(); ++i) {
        const RedlockObservation::Node &n = e.observation.nodes.at(i);
        switch (n.status) {
        case Status::Holding:
            nodes << (n.token == e.token ? QStringLiteral("=") : e.observation.shortToken(i));
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
    if (!e.message.isEmpty())
        line += QStringLiteral("  ") + e.message;
    return line.toUtf8() + '\n';
}

void RedlockWatchCommand::printEvents(const QList<RedlockEvent> &events)
{
    const double drift = options().redlock.driftFactor;
    QByteArray out;
    for (const RedlockEvent &e : events)
        out += options().json ? RedlockEventJson::line(e, drift) : eventLine(e, drift);
    printNow(out); // a pipe to jq or grep sees each event as it happens
}

void RedlockWatchCommand::interrupt(int signalNumber)
{
    if (signalNumber != SIGINT)
        say(tr("%1, stopping").arg(QString::fromLocal8Bit(strsignal(signalNumber)).toLower()));
    if (m_watch)
        m_watch->stop();
    finish(TerminationSignals::exitStatus(signalNumber));
}
