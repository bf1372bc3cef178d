#include "testredlockgroup.h"

#include "redlockscanservice.h"

#include <QSignalSpy>
#include <QTest>
#include <QtDebug>

#include <optional>

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

void TestRedlockGroup::flushAll()
{
    for (TestRedis &n : m_nodes)
        n.command({"FLUSHALL"});
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
    g.retryCount = 0;
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
        const RedisReply reply = m_nodes[size_t(i)].command({"SET", key, token, "NX", "PX", QByteArray::number(ttlMs)});
        if (!reply.isStatus("OK")) {
            qWarning() << "SET NX on node" << i << "answered" << reply.bytes();
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

QList<QByteArray> TestRedlockGroup::tokens(const QByteArray &key)
{
    QList<QByteArray> out;
    for (TestRedis &n : m_nodes) {
        const RedisReply r = n.command({"GET", key}, 2000);
        out << (r.isError() ? QByteArray("<down>") : r.bytes());
    }
    return out;
}

RedlockObservation TestRedlockGroup::observe(const QByteArray &key, const DialectRegistry *registry) const
{
    RedlockScanService scan(profiles(), registry);
    QSignalSpy finished(&scan, &RedlockScanService::finished);
    scan.start();
    if (!finished.wait(30000))
        return {};
    for (const RedlockObservation &o : finished.first().first().value<QList<RedlockObservation>>())
        if (o.key == key)
            return o;
    return {};
}

RedlockAdminResult TestRedlockGroup::run(RedlockAdminService &admin, const RedlockAdminPlan &plan)
{
    std::optional<RedlockAdminResult> result;
    admin.execute(plan, nullptr, [&](const RedlockAdminResult &r) { result = r; });
    (void)QTest::qWaitFor([&] { return result.has_value(); }, 30000);
    return result.value_or(RedlockAdminResult{{AdminResult::Outcome::Failed, QStringLiteral("no result")}, {}, -1, 0});
}
