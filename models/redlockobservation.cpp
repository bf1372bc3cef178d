#include "redlockobservation.h"

#include "tokentext.h"

#include <QCoreApplication>
#include <QVarLengthArray>

#include <algorithm>

RedlockObservation::Node RedlockObservation::Node::holding(const QString &name, const QByteArray &token, qint64 ttlMs)
{
    Node n;
    n.name = name;
    n.status = Status::Holding;
    n.token = token;
    n.ttlMs = ttlMs;
    return n;
}

RedlockObservation::Node RedlockObservation::Node::absent(const QString &name)
{
    Node n;
    n.name = name;
    return n;
}

RedlockObservation::Node RedlockObservation::Node::unreadable(const QString &name, const QString &why)
{
    Node n;
    n.name = name;
    n.status = Status::Unreadable;
    n.error = why;
    return n;
}

RedlockObservation::Assessment RedlockObservation::assess(double driftFactor) const
{
    Assessment a;
    const int n = int(nodes.size());
    a.quorumSize = RedlockQuorum::quorum(n);
    // Each distinct token by the first node holding it, in node order (a tie is broken the same
    // way every time), with how many hold it. A group has a handful of nodes: compared one by
    // one, with nothing allocated, as every lock of a scan is assessed.
    QVarLengthArray<int, 8> firstHolder;
    QVarLengthArray<int, 8> holders;
    for (int i = 0; i < n; ++i) {
        const Node &node = nodes.at(i);
        switch (node.status) {
        case Node::Status::Holding: {
            ++a.holding;
            const auto same = std::find_if(firstHolder.cbegin(), firstHolder.cend(),
                                           [&](int first) { return nodes.at(first).token == node.token; });
            if (same == firstHolder.cend()) {
                firstHolder.append(i);
                holders.append(1);
            } else {
                ++holders[same - firstHolder.cbegin()];
            }
            break;
        }
        case Node::Status::Absent:
            ++a.absent;
            break;
        case Node::Status::Unreadable:
            ++a.unreadable;
            break;
        }
    }
    a.tokens = int(firstHolder.size());
    // An empty token is a token too (a key no dialect decodes, held the same on several nodes):
    // it blocks an acquire as any other does.
    QByteArray top;
    int most = 0;
    for (qsizetype t = 0; t < firstHolder.size(); ++t)
        if (holders.at(t) > most) {
            top = nodes.at(firstHolder.at(t)).token;
            most = holders.at(t);
        }
    const auto nodesHolding = [this](const QByteArray &token) {
        QList<int> out;
        for (int i = 0; i < int(nodes.size()); ++i)
            if (nodes.at(i).status == Node::Status::Holding && nodes.at(i).token == token)
                out << i;
        return out;
    };

    if (n > 0 && most >= a.quorumSize) {
        a.quorum = most == a.quorumSize && most < n ? Quorum::Degraded : Quorum::Held;
        a.token = top;
        a.tokenNodes = nodesHolding(top);
        qint64 smallest = -1;
        for (int i : std::as_const(a.tokenNodes)) {
            const qint64 ttl = nodes.at(i).ttlMs;
            if (ttl >= 0 && (smallest < 0 || ttl < smallest))
                smallest = ttl;
        }
        if (smallest >= 0)
            a.validityMs = std::max<qint64>(0, smallest - RedlockQuorum::driftMs(smallest, driftFactor));
        return a;
    }
    // No majority seen. The unreadable nodes might hold the top token: then nothing can be said.
    if (a.unreadable > 0 && most + a.unreadable >= a.quorumSize) {
        a.quorum = Quorum::Unknown;
        return a;
    }
    if (a.tokens == 0) {
        // Nobody seen holding it, and too few unreadable nodes to hold a majority: whatever
        // they hold, the lock is nobody's (a row left "unknown" would never end).
        a.quorum = Quorum::Free;
        return a;
    }
    if (a.tokens == 1) {
        a.quorum = Quorum::Leftover;
        a.token = top;
        a.tokenNodes = nodesHolding(top);
        return a;
    }
    a.quorum = Quorum::Split;
    return a;
}

QString RedlockObservation::quorumId(Quorum quorum)
{
    switch (quorum) {
    case Quorum::Held:
        return QStringLiteral("held");
    case Quorum::Degraded:
        return QStringLiteral("degraded");
    case Quorum::Split:
        return QStringLiteral("split");
    case Quorum::Leftover:
        return QStringLiteral("leftover");
    case Quorum::Unknown:
        return QStringLiteral("unknown");
    case Quorum::Free:
        break;
    }
    return QStringLiteral("free");
}

QString RedlockObservation::statusId(Node::Status status)
{
    switch (status) {
    case Node::Status::Holding:
        return QStringLiteral("holding");
    case Node::Status::Absent:
        return QStringLiteral("absent");
    case Node::Status::Unreadable:
        break;
    }
    return QStringLiteral("error");
}

QString RedlockObservation::quorumText(Quorum quorum)
{
    switch (quorum) {
    case Quorum::Held:
        return QCoreApplication::translate("RedlockObservation", "held");
    case Quorum::Degraded:
        return QCoreApplication::translate("RedlockObservation", "degraded");
    case Quorum::Split:
        return QCoreApplication::translate("RedlockObservation", "split");
    case Quorum::Leftover:
        return QCoreApplication::translate("RedlockObservation", "leftover");
    case Quorum::Unknown:
        return QCoreApplication::translate("RedlockObservation", "unknown");
    case Quorum::Free:
        break;
    }
    return QCoreApplication::translate("RedlockObservation", "free");
}

QString RedlockObservation::shortToken(int node) const
{
    constexpr qsizetype shortest = 8;
    const QString token = TokenText::escape(nodes.at(node).token);
    qsizetype length = shortest;
    for (const Node &other : nodes) {
        if (other.status != Node::Status::Holding || other.token == nodes.at(node).token)
            continue;
        const QString text = TokenText::escape(other.token);
        qsizetype same = 0;
        while (same < token.size() && same < text.size() && token.at(same) == text.at(same))
            ++same;
        length = std::max(length, same + 1);
    }
    return length >= token.size() ? token : token.left(length) + QStringLiteral("…");
}
