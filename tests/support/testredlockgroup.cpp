#include "testredlockgroup.h"

#include <QtDebug>

bool TestRedlockGroup::start(bool persistent)
{
    for (int i = 0; i < size; ++i) {
        QStringList extra;
        if (persistent) {
            m_dirs[size_t(i)] = std::make_unique<QTemporaryDir>();
            extra = {QStringLiteral("--appendonly"), QStringLiteral("yes"), QStringLiteral("--appendfsync"), QStringLiteral("always"),
                     QStringLiteral("--dir"), m_dirs[size_t(i)]->path()};
        }
        if (!m_nodes[size_t(i)].start(extra))
            return false;
    }
    return true;
}

QList<ConnectionProfile> TestRedlockGroup::profiles() const
{
    QList<ConnectionProfile> out;
    for (const TestRedis &n : m_nodes)
        out << n.profile();
    return out;
}

RedlockGroup TestRedlockGroup::group() const
{
    RedlockGroup g;
    g.name = QStringLiteral("test group");
    g.nodes = profiles();
    return g;
}

QString TestRedlockGroup::urls() const
{
    QStringList out;
    for (int i = 0; i < size; ++i)
        out << QStringLiteral("redis://") + nodeName(i);
    return out.join(QLatin1Char(','));
}

bool TestRedlockGroup::lock(const QByteArray &key, const QByteArray &token, const QList<int> &on, qint64 ttlMs)
{
    for (int i : on) {
        const QByteArray reply = m_nodes[size_t(i)].command({"SET", key, token, "NX", "PX", QByteArray::number(ttlMs)}).bytes();
        if (reply != "OK") {
            qWarning() << "SET NX on node" << i << "answered" << reply;
            return false;
        }
    }
    return true;
}

void TestRedlockGroup::unlock(const QByteArray &key, const QList<int> &on)
{
    for (int i = 0; i < size; ++i)
        if (on.isEmpty() || on.contains(i))
            m_nodes[size_t(i)].command({"DEL", key});
}

void TestRedlockGroup::flush()
{
    for (TestRedis &n : m_nodes)
        n.command({"FLUSHALL"});
}
