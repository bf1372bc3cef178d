#include "demoredlockreading.h"

#include <QCoreApplication>

namespace {
QString nameOf(const DemoNodeInfo &node)
{
    return QStringLiteral("127.0.0.1:%1").arg(node.port);
}

QString downText()
{
    return QCoreApplication::translate("DemoRedlockReading", "server stopped");
}
} // namespace

RedlockObservation DemoRedlockReading::of(const QByteArray &key, const QList<DemoNodeInfo> &nodes)
{
    RedlockObservation o;
    o.key = key;
    for (const DemoNodeInfo &n : nodes) {
        if (!n.up) {
            o.nodes << RedlockObservation::Node::unreadable(nameOf(n), downText());
        } else if (n.pttlMs == -2 || n.token.isNull()) {
            o.nodes << RedlockObservation::Node::absent(nameOf(n));
        } else {
            RedlockObservation::Node held = RedlockObservation::Node::holding(nameOf(n), n.token, n.pttlMs);
            if (n.holder > 0) {
                LockHolder holder;
                holder.token = n.token;
                holder.holder = QCoreApplication::translate("DemoRedlockReading", "worker %1").arg(n.holder);
                held.holders << holder;
            }
            o.nodes << held;
        }
    }
    return o;
}

QStringList DemoRedlockReading::names(const QList<DemoNodeInfo> &nodes)
{
    QStringList out;
    for (const DemoNodeInfo &n : nodes)
        out << nameOf(n);
    return out;
}

QStringList DemoRedlockReading::errors(const QList<DemoNodeInfo> &nodes)
{
    QStringList out;
    for (const DemoNodeInfo &n : nodes)
        out << (n.up ? QString() : downText());
    return out;
}
