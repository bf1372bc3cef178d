#include "scancommand.h"

#include "discoveryservice.h"
#include "lockjson.h"
#include "monotonicclock.h"
#include "session.h"
#include "watchservice.h"
#include "texttable.h"
#include "tokentext.h"

namespace {
constexpr qsizetype shownUnreadable = 5;
}

void ScanCommand::run()
{
    // A discovery of its own, with the options (the command line's patterns) the session
    // gave its watch's: the watch would keep every lock found in its table, which a scan
    // that only prints them has no use for.
    m_discovery = new DiscoveryService(session()->topology(), registry(), this);
    m_discovery->setOptions(session()->watch()->discovery()->options());

    connect(m_discovery, &DiscoveryService::locksFound, this, [this](const QList<LockInfo> &locks) {
        if (!options().json) {
            m_locks += locks;
            return;
        }
        const qint64 now = MonotonicClock::nowMs();
        QByteArray out;
        out.reserve(locks.size() * 256);
        for (const LockInfo &lock : locks)
            out += LockJson::line(lock, now);
        print(out);
    });
    // A key that could not be read is not left out silently: its line says so, and the
    // scan ends with exit code 3, since the picture it printed is incomplete.
    connect(m_discovery, &DiscoveryService::keysUnreadable, this, [this](const QList<KeySample> &samples) {
        if (!options().json) {
            for (qsizetype i = 0; i < samples.size() && m_unreadable.size() < shownUnreadable; ++i)
                m_unreadable << TokenText::escape(samples.at(i).key);
            return;
        }
        QByteArray out;
        for (const KeySample &s : samples)
            out += LockJson::failedLine(s);
        print(out);
    });
    connect(m_discovery, &DiscoveryService::failed, this, [this](const QString &message) { fail(ConnectionError, message); });
    connect(m_discovery, &DiscoveryService::finished, this, [this](const DiscoveryProgress &p) {
        if (isFinished())
            return; // output was lost: the command ended there, its session with it
        if (!options().json) {
            // The table before the summary on stderr, when both go to one terminal; output
            // lost ends the command (and its session) there.
            if (!print(table(m_locks, MonotonicClock::nowMs(), !session()->isSingleServer())) || !outputWritten()) {
                finish(Refused);
                return;
            }
            // A cluster or a Sentinel deployment is named by the node it was reached through
            // and what it is: every master was scanned, not that node.
            const QString where = session()->isSingleServer() ? session()->serverName()
                                                              : tr("%1 (%2)").arg(session()->serverName(), session()->topologySummary());
            fprintf(stderr, "%s\n",
                    qUtf8Printable(tr("%1 lock(s) among %2 key(s) scanned on %3 (%4 s)")
                                       .arg(QString::number(p.locksFound), QString::number(p.keysScanned), where,
                                            QString::number(p.elapsedMs / 1000.0, 'f', 2))));
        }
        // Both, when both: a cluster that is down answers CLUSTERDOWN to the reads on the
        // masters that were scanned, and those keys are missing from the table too.
        QStringList incomplete;
        if (const QString missing = p.failedNodesMessage(); !missing.isEmpty())
            incomplete << missing;
        if (p.unreadable > 0) {
            // The text names some of them (--json has a line for each).
            const QString which = m_unreadable.isEmpty() ? QString()
                                  : QStringLiteral(" (%1%2)").arg(m_unreadable.join(QStringLiteral(", ")),
                                                                   p.unreadable > m_unreadable.size() ? QStringLiteral(", …") : QString());
            incomplete << tr("%1 key(s) under the lock patterns could not be read%2: %3").arg(p.unreadable).arg(which, p.readError);
        }
        if (!incomplete.isEmpty()) {
            fail(ConnectionError, incomplete.join(QStringLiteral("; ")));
            return;
        }
        finish(Done);
    });
    m_discovery->start();
}

// A state as the table shows it: in English its id (as --json and the manual name it), in
// another language its word there.
QString ScanCommand::stateWord(const LockInfo &lock, qint64 nowMs)
{
    // A lock whose last read failed shows its last good values: said so, as the window does.
    const QString word = stateWordOf(lock, nowMs);
    return lock.stale ? tr("%1 (stale)").arg(word) : word;
}

QString ScanCommand::stateWordOf(const LockInfo &lock, qint64 nowMs)
{
    const LockState state = lock.state(nowMs);
    if (state == LockState::Expired && !lock.isGone())
        return tr("expiring"); // run out by the countdown, not read gone yet (as the window says)
    switch (state) {
    case LockState::Held:
        return tr("held");
    case LockState::NoExpiry:
        return tr("stuck");
    case LockState::Expired:
        return tr("expired");
    case LockState::Released:
        return tr("released");
    case LockState::Lost:
        return tr("lost");
    }
    return LockInfo::stateId(state);
}

QByteArray ScanCommand::table(QList<LockInfo> locks, qint64 nowMs, bool withNode)
{
    std::sort(locks.begin(), locks.end(), [](const LockInfo &a, const LockInfo &b) { return a.key() < b.key(); });
    // On a cluster, where a lock lives comes right after which lock it is, as in the window.
    const int shift = withNode ? 1 : 0;
    QStringList header{tr("KEY"), tr("DIALECT"), tr("HOLDER"), tr("TOKEN"), tr("TTL"), tr("HOLDS"), tr("STATE"), tr("WARNINGS")};
    if (withNode)
        header.insert(1, tr("NODE"));
    TextTable table(header);
    table.setMaxWidth(0, 48);
    table.setMaxWidth(2 + shift, 40);
    table.setMaxWidth(3 + shift, 40);
    table.setRightAligned(4 + shift);
    table.setRightAligned(5 + shift);
    for (const LockInfo &lock : std::as_const(locks)) {
        const QString token = lock.holderCount() > 1 ? tr("(%1 tokens)").arg(lock.holderCount()) : TokenText::escape(lock.primaryToken());
        QStringList row{TokenText::escape(lock.key()), lock.dialect, lock.holderOrFacts(), token,
                        LockInfo::formatTtl(lock.remainingTtlMs(nowMs)),
                        lock.holders.isEmpty() ? QStringLiteral("—") : QString::number(lock.holdCount()), // as the window shows it
                        stateWord(lock, nowMs), lock.warnings.join(QLatin1Char(','))};
        if (withNode)
            row.insert(1, lock.node());
        table.addRow(row);
    }
    return table.render();
}
