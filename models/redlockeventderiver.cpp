#include "redlockeventderiver.h"

#include <QSet>

namespace {
using Quorum = RedlockObservation::Quorum;
using Status = RedlockObservation::Node::Status;

// Whether the nodes that could not be read might still complete a majority for some token.
bool majorityPossible(const RedlockObservation &o, const RedlockObservation::Assessment &a)
{
    if (a.unreadable == 0)
        return false;
    QHash<QByteArray, int> counts;
    int most = 0;
    for (const RedlockObservation::Node &n : o.nodes)
        if (n.status == Status::Holding)
            most = std::max(most, ++counts[n.token]);
    return most + a.unreadable >= a.quorumSize;
}

// The majority's deadline: the smallest TTL among its nodes from now; -1 without expiry.
qint64 deadlineOf(const RedlockObservation &o, const RedlockObservation::Assessment &a, qint64 nowMs)
{
    qint64 smallest = -1;
    for (int i : a.tokenNodes) {
        const qint64 ttl = o.nodes.at(i).ttlMs;
        if (ttl >= 0 && (smallest < 0 || ttl < smallest))
            smallest = ttl;
    }
    return smallest < 0 ? -1 : nowMs + smallest;
}

QList<bool> holdingOf(const RedlockObservation &o, const QByteArray &token)
{
    QList<bool> out;
    for (const RedlockObservation::Node &n : o.nodes)
        out << (n.status == Status::Holding && n.token == token);
    return out;
}
} // namespace

RedlockEventDeriver::RedlockEventDeriver(const QStringList &nodes, double driftFactor)
    : m_nodes(nodes)
    , m_drift(driftFactor)
{
}

void RedlockEventDeriver::clear()
{
    m_first = true;
    m_unassessed.clear();
    m_keys.clear();
    m_down.clear();
}

RedlockEvent RedlockEventDeriver::event(RedlockEvent::Kind kind, const RedlockObservation &observation, qint64 nowMs) const
{
    RedlockEvent e;
    e.kind = kind;
    e.timeMs = nowMs + m_offset;
    e.key = observation.key;
    e.observation = observation;
    return e;
}

void RedlockEventDeriver::observe(const QList<RedlockObservation> &observations, const QStringList &nodeErrors, qint64 nowMs,
                                  QList<RedlockEvent> &out, const QStringList &restartedNodes)
{
    m_restarted = restartedNodes;
    m_restarted.resize(nodeErrors.size());
    m_down.resize(nodeErrors.size(), false);
    for (int i = 0; i < nodeErrors.size(); ++i) {
        const bool down = !nodeErrors.at(i).isEmpty();
        if (down == m_down.at(i))
            continue;
        m_down[i] = down;
        RedlockEvent e;
        e.kind = down ? RedlockEvent::Kind::NodeDown : RedlockEvent::Kind::NodeUp;
        e.timeMs = nowMs + m_offset;
        e.node = i;
        e.error = nodeErrors.at(i);
        e.nodeName = m_nodes.value(i);
        out << e;
    }
    for (int i = 0; i < m_restarted.size(); ++i) {
        if (m_restarted.at(i).isEmpty())
            continue;
        RedlockEvent e;
        e.kind = RedlockEvent::Kind::NodeRestarted;
        e.timeMs = nowMs + m_offset;
        e.node = i;
        e.nodeName = m_nodes.value(i);
        e.message = tr("restarted (%1): the keys it held before may be gone").arg(m_restarted.at(i));
        out << e;
    }

    QSet<QByteArray> seen;
    for (const RedlockObservation &o : observations) {
        seen.insert(o.key);
        observeKey(o, nowMs, out);
    }
    // A tracked key no node listed nor was read as: absent everywhere.
    const QList<QByteArray> tracked = m_keys.keys();
    for (const QByteArray &key : tracked) {
        if (seen.contains(key))
            continue;
        RedlockObservation gone;
        gone.key = key;
        for (int i = 0; i < nodeErrors.size(); ++i)
            gone.nodes << (nodeErrors.at(i).isEmpty() ? RedlockObservation::Node::absent(m_nodes.value(i))
                                                     : RedlockObservation::Node::unreadable(m_nodes.value(i), nodeErrors.at(i)));
        observeKey(gone, nowMs, out);
    }
    m_first = false;
}

RedlockEventDeriver::Track RedlockEventDeriver::track(const RedlockObservation &o, const QByteArray &token, qint64 deadlineMs) const
{
    Track t{token, deadlineMs, false, holdingOf(o, token), {}, {}};
    t.heldWhenLastAnswered = t.holding;
    return t;
}

void RedlockEventDeriver::noteRestartedHolders(Track &t, const RedlockObservation &o) const
{
    // A holder that came back from its restart with the lock (its append-only file) lost nothing.
    for (int i = 0; i < m_restarted.size() && i < o.nodes.size(); ++i) {
        const RedlockObservation::Node &n = o.nodes.at(i);
        const bool without = n.status == Status::Absent || (n.status == Status::Holding && n.token != t.token);
        if (without && !m_restarted.at(i).isEmpty() && t.heldWhenLastAnswered.value(i) && !t.restartedHolders.contains(i))
            t.restartedHolders << i;
    }
}

void RedlockEventDeriver::observeKey(const RedlockObservation &o, qint64 nowMs, QList<RedlockEvent> &out)
{
    using Kind = RedlockEvent::Kind;
    const RedlockObservation::Assessment a = o.assess(m_drift);
    const auto tracked = m_keys.find(o.key);

    if (a.quorum == Quorum::Held || a.quorum == Quorum::Degraded) {
        const qint64 deadline = deadlineOf(o, a, nowMs);
        auto emitWith = [&](Kind kind, const QByteArray &previous = {}) {
            RedlockEvent e = event(kind, o, nowMs);
            e.token = a.token;
            e.previousToken = previous;
            e.validityMs = a.validityMs;
            out << e;
        };
        if (tracked == m_keys.end()) {
            // Held when first seen, or when first seen with a majority answering (the nodes
            // were down or hung before): there since before, as far as anyone can tell.
            const bool unassessed = m_unassessed.remove(o.key);
            if (!m_first && !unassessed)
                emitWith(Kind::Acquired);
            m_keys.insert(o.key, track(o, a.token, deadline));
            return;
        }
        Track &t = *tracked;
        if (t.quorumLost)
            emitWith(Kind::QuorumRegained);
        if (t.token != a.token)
            emitWith(Kind::HandedOver, t.token);
        else if (!t.quorumLost && deadline >= 0 && t.deadlineMs >= 0 && deadline > t.deadlineMs + toleranceMs)
            emitWith(Kind::Renewed);
        Track next = track(o, a.token, deadline);
        if (t.token == a.token) {
            // Still the same holder's: holders that restarted without it while the majority
            // stood, and nodes silent now that held it, are named if the majority goes later.
            noteRestartedHolders(t, o);
            next.restartedHolders = t.restartedHolders;
            for (int i = 0; i < o.nodes.size(); ++i)
                if (o.nodes.at(i).status == Status::Unreadable)
                    next.heldWhenLastAnswered[i] = t.heldWhenLastAnswered.value(i);
        }
        t = next;
        return;
    }
    if (tracked == m_keys.end()) {
        // Never held as far as seen: nothing went. Where too few nodes answered to tell (on the
        // first look, or ever since), a majority seen later is no acquisition either.
        const bool mayBeHeldUnseen = a.quorum == Quorum::Unknown && a.absent < a.quorumSize;
        if (mayBeHeldUnseen && (m_first || m_unassessed.contains(o.key)))
            m_unassessed.insert(o.key);
        else
            m_unassessed.remove(o.key);
        return;
    }
    Track &t = *tracked;
    // Seen gone from a node that answered with it before and answers now: the holder's doing,
    // unless that node restarted in between (then the restart took it).
    noteRestartedHolders(t, o);
    bool seenGoing = false;
    for (int i = 0; i < o.nodes.size(); ++i)
        seenGoing = seenGoing || (m_restarted.value(i).isEmpty() && t.holding.value(i) && o.nodes.at(i).status == Status::Absent);
    t.holding = holdingOf(o, t.token);
    t.heldWhenLastAnswered.resize(o.nodes.size(), false);
    for (int i = 0; i < o.nodes.size(); ++i)
        if (o.nodes.at(i).status != Status::Unreadable)
            t.heldWhenLastAnswered[i] = t.holding.at(i);
    if (majorityPossible(o, a)) {
        // The majority may still be there, on nodes that do not answer: not gone, not seen.
        if (!t.quorumLost) {
            t.quorumLost = true;
            RedlockEvent e = event(Kind::QuorumLost, o, nowMs);
            e.token = t.token;
            out << e;
        }
        return;
    }
    // No majority is possible any more.
    const bool pastDeadline = t.deadlineMs >= 0 && nowMs >= t.deadlineMs - toleranceMs;
    // The restarts took it if, without them, the majority would still stand; otherwise the
    // holders that let it go did (a restart of one holder long before is no loss).
    const qsizetype stillHolding = std::count(t.holding.cbegin(), t.holding.cend(), true);
    const bool restartsTookIt = !t.restartedHolders.isEmpty() && stillHolding + t.restartedHolders.size() >= a.quorumSize;
    if (!pastDeadline && restartsTookIt) {
        QStringList nodes;
        for (int i : std::as_const(t.restartedHolders))
            nodes << tr("node %1 (%2)").arg(i + 1).arg(m_nodes.value(i));
        RedlockEvent e = event(Kind::Lost, o, nowMs);
        e.token = t.token;
        e.message = tr("no majority since %1 restarted without it, before its TTL ran out").arg(nodes.join(QStringLiteral(", ")));
        out << e;
    } else if (pastDeadline || !t.quorumLost || seenGoing) {
        RedlockEvent e = event(pastDeadline ? Kind::Expired : Kind::Released, o, nowMs);
        e.token = t.token;
        out << e;
    }
    m_keys.erase(tracked);
}
