#include "watchcommand.h"

#include "keyspacenotifications.h"
#include "lockeventjson.h"
#include "lockeventservice.h"
#include "lockjson.h"
#include "monotonicclock.h"
#include "redisreply.h"
#include "redistopology.h"
#include "replicationexposure.h"
#include "session.h"
#include "scancommand.h"
#include "terminationsignals.h"
#include "texttable.h"
#include "tokentext.h"
#include "watchservice.h"

#include <QDateTime>

#include <cstring>
#include <unistd.h>

WatchCommand::WatchCommand(const CliOptions &options, const DialectRegistry *registry, QObject *parent)
    : CliCommand(options, registry, nullptr, parent)
{
    m_tolerateDisconnects = true;
    if (options.durationS > 0)
        QTimer::singleShot(qint64(options.durationS * 1000), this, [this] { shutdown(QString()); });
}

WatchCommand::~WatchCommand() = default;

void WatchCommand::run()
{
    // The session's own services, which the command line starts itself.
    m_watch = session()->watch();
    m_watch->setRefreshInterval(options().intervalMs);
    m_watch->setRescanInterval(options().rescanMs);
    if (options().budgetPercent > 0)
        m_watch->setBudgetFraction(options().budgetPercent / 100.0);
    m_events = session()->events();
    m_events->notifier()->setMayEnable(options().enableNotifications);
    connect(m_events, &LockEventService::statusChanged, this, &WatchCommand::reportStatus);
    if (options().events)
        connect(m_events, &LockEventService::eventsDerived, this, &WatchCommand::printEvents);

    connect(m_watch, &WatchService::scanFailed, this, [this](const QString &message) {
        // The first look at the server failed (SCAN refused to this ACL user, say): nothing
        // can be watched, and saying nothing would look like a quiet server.
        if (!m_scanned)
            fail(ConnectionError, message);
        else
            say(message);
    });
    connect(m_watch, &WatchService::keysUnreadable, this, &WatchCommand::reportUnreadable);
    connect(m_watch->discovery(), &DiscoveryService::finished, this, [this](const DiscoveryProgress &p) {
        const bool first = !m_scanned;
        m_scanned = true;
        if (!first)
            return;
        // A user refused every key has nothing to watch; a server that will answer later (a
        // cluster that is down, a server loading its data) is watched until it does.
        if (p.locksFound == 0 && p.unreadable > 0 && !RedisReply::isPassingError(p.readError)) {
            fail(ConnectionError, tr("none of the %1 key(s) under the lock patterns could be read: %2").arg(p.unreadable).arg(p.readError));
            return;
        }
        reportStatus();
        if (!options().events) {
            printTable();
            m_tableTimer.start();
        }
    });
    m_tableTimer.setInterval(options().intervalMs);
    connect(&m_tableTimer, &QTimer::timeout, this, &WatchCommand::printTable);

    m_watch->start();
    m_events->start();
    // Locks its replicas do not hold yet are marked, as in the window (it was never started
    // here, so no watch on the command line said "not-replicated").
    session()->exposure()->start();
}

void WatchCommand::reportUnreadable(const QList<KeySample> &samples)
{
    // One line per reason, the first time it is met: a watch over keys it may not read would
    // otherwise repeat it every refresh.
    QHash<QString, int> counts;
    for (const KeySample &s : samples)
        if (!m_reportedErrors.contains(s.error))
            ++counts[s.error];
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        m_reportedErrors.insert(it.key());
        say(tr("%1 key(s) could not be read: %2").arg(it.value()).arg(it.key()));
    }
}

// An event's kind as the lines show it: in English its id (as --json and the manual name it),
// in another language its word there; padded to one column of terminal width.
QString WatchCommand::kindWord(LockEventKind kind)
{
    QString word;
    switch (kind) {
    case LockEventKind::Acquired: word = tr("acquired"); break;
    case LockEventKind::Released: word = tr("released"); break;
    case LockEventKind::Renewed: word = tr("renewed"); break;
    case LockEventKind::Expired: word = tr("expired"); break;
    case LockEventKind::HandedOver: word = tr("handed-over"); break;
    case LockEventKind::Contended: word = tr("contended"); break;
    case LockEventKind::Stuck: word = tr("stuck"); break;
    case LockEventKind::NearMiss: word = tr("near-miss"); break;
    case LockEventKind::Lost: word = tr("lost"); break;
    case LockEventKind::Server: word = tr("server"); break;
    }
    return word + QString(std::max<qsizetype>(0, 11 - TextTable::columns(word)), QLatin1Char(' '));
}

QByteArray WatchCommand::eventLine(const LockEvent &e)
{
    const QString time = QDateTime::fromMSecsSinceEpoch(e.timeMs).toString(QStringLiteral("HH:mm:ss.zzz"));
    if (e.isServerEvent())
        return QStringLiteral("%1  %2  %3  %4\n").arg(time, kindWord(LockEventKind::Server), e.node, e.message).toUtf8();
    // Who holds it now (a handover's details say from whom): in words, else its token.
    const QString who = !e.holder.isEmpty() ? e.holder : TokenText::escape(e.token);
    // The TTL, where the details do not already say it.
    const bool ttlInDetails = e.kind == LockEventKind::Acquired || e.kind == LockEventKind::Released || e.kind == LockEventKind::Renewed
                              || e.kind == LockEventKind::NearMiss || e.kind == LockEventKind::Expired;
    const QString ttl = e.ttlMs == LockEvent::unknown || ttlInDetails ? QString() : tr("ttl %1").arg(LockInfo::formatTtl(e.ttlMs));
    QString line = QStringLiteral("%1  %2  %3").arg(time, kindWord(e.kind), TokenText::escape(e.key));
    for (const QString &part : {who, ttl, e.details()})
        if (!part.isEmpty())
            line += QStringLiteral("  ") + part;
    return line.toUtf8() + '\n';
}

void WatchCommand::printEvents(const QList<LockEvent> &events)
{
    QByteArray out;
    for (const LockEvent &e : events)
        out += options().json ? LockEventJson::line(e) : eventLine(e);
    printNow(out); // a pipe to jq or grep sees each event as it happens
}

void WatchCommand::printTable()
{
    const qint64 now = MonotonicClock::nowMs();
    const QList<LockInfo> locks = m_watch->locks().values();
    QByteArray out;
    if (options().json) {
        for (const LockInfo &lock : locks)
            out += LockJson::line(lock, now);
    } else {
        if (isatty(STDOUT_FILENO))
            out += "\x1b[H\x1b[2J"; // redraw in place, like watch(1)
        out += tr("%1  %2 lock(s) on %3, every %4 s\n\n")
                   .arg(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss")))
                   .arg(locks.size())
                   .arg(session()->serverName())
                   .arg(options().intervalMs / 1000.0)
                   .toUtf8();
        out += ScanCommand::table(locks, now, !session()->isSingleServer());
        out += '\n';
    }
    printNow(out);
}

void WatchCommand::reportStatus()
{
    if (!m_events || !m_scanned || m_shuttingDown || !m_events->notifier()->isSettled())
        return; // one line once it is settled
    const QString status = m_events->statusText();
    if (status == m_lastStatus)
        return;
    m_lastStatus = status;
    QString said = status; // mid-sentence below
    if (!said.isEmpty())
        said[0] = said.at(0).toLower();
    QString hint;
    if (!m_events->isLive() && !options().enableNotifications
        && m_events->notifier()->state() == KeyspaceNotifier::State::Off)
        hint = tr(" (--enable-notifications lets LockScope turn them on while it watches)");
    say(tr("watching %1 lock(s) on %2; %3%4").arg(m_watch->locks().size()).arg(session()->serverName(), said, hint));
}

void WatchCommand::interrupt(int signalNumber)
{
    shutdown(signalNumber == SIGINT ? tr("interrupted") : QString::fromLocal8Bit(strsignal(signalNumber)).toLower(),
             TerminationSignals::exitStatus(signalNumber));
}

void WatchCommand::shutdown(const QString &why, int code)
{
    if (m_shuttingDown)
        return;
    m_shuttingDown = true;
    m_tableTimer.stop();
    if (!why.isEmpty())
        say(tr("%1, stopping").arg(why));
    if (!m_scanned && code == Done) {
        // The watch ended without ever reading the server: that is not a quiet server.
        const QString last = session() ? session()->lastError() : QString();
        fail(ConnectionError, tr("the watch ended before %1 could be read%2")
                                  .arg(session() ? session()->serverName() : tr("the server"),
                                       last.isEmpty() ? tr(" (no answer yet)") : tr(": %1").arg(last)));
        return;
    }
    if (code == Done && !topology()->isReady()) {
        // Ended while the server does not answer: what became of its locks since is not known.
        const QString last = session()->lastError();
        fail(ConnectionError, tr("the watch ended with %1 not answering; what happened to its locks since is not known%2")
                                  .arg(session()->serverName(), last.isEmpty() ? QString() : tr(" (%1)").arg(last)));
        return;
    }
    // Closing the session puts the server's notification setting back (when we changed it).
    finish(code);
}
