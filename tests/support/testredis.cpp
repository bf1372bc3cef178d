#include "testredis.h"

#include <QSignalSpy>
#include <QTest>

TestRedis::TestRedis() = default;

TestRedis::~TestRedis()
{
    delete m_client;
}

bool TestRedis::start(const QStringList &extraArguments)
{
    m_extra = extraArguments;
    m_server.setExtraArguments(extraArguments);
    QSignalSpy ready(&m_server, &SandboxServer::ready);
    m_server.start();
    if (!ready.wait(15000))
        return false;
    delete m_client;
    ConnectionOptions o = options();
    o.clientName = QStringLiteral("lockscope-test");
    // The test's own client authenticates when the server asks for a password.
    const qsizetype pass = extraArguments.indexOf(QStringLiteral("--requirepass"));
    if (pass >= 0)
        o.password = extraArguments.value(pass + 1);
    m_client = new RedisConnection(o);
    m_client->open();
    return QTest::qWaitFor([this] { return m_client->isReady(); }, 10000);
}

bool TestRedis::restart()
{
    m_server.setPort(m_server.port());
    QSignalSpy ready(&m_server, &SandboxServer::ready);
    m_server.start();
    return ready.wait(15000);
}

void TestRedis::kill()
{
    QSignalSpy finished(&m_server, &SandboxServer::finished);
    m_server.kill();
    finished.wait(10000);
}

ConnectionOptions TestRedis::options() const
{
    ConnectionOptions o = m_server.connectionOptions();
    o.connectTimeoutMs = 3000;
    return o;
}

RedisReply TestRedis::command(const RedisCommand &command, int timeoutMs)
{
    if (!m_client->isReady())
        m_client->open();
    bool done = false;
    RedisReply result = RedisReply::error("ERR test: no reply");
    m_client->send(command, nullptr, [&](const RedisReply &reply) {
        result = reply;
        done = true;
    });
    (void)QTest::qWaitFor([&] { return done; }, timeoutMs);
    return result;
}

qint64 TestRedis::calls(const QByteArray &name)
{
    const QByteArray info = command({"INFO", "commandstats"}).bytes();
    const QByteArray marker = "cmdstat_" + name.toLower() + ":";
    const qsizetype at = info.indexOf(marker);
    if (at < 0)
        return 0;
    const QByteArray line = info.mid(at + marker.size(), info.indexOf('\r', at) - at - marker.size());
    auto field = [&line](const QByteArray &key) {
        for (const QByteArray &part : line.split(','))
            if (part.startsWith(key + '='))
                return part.mid(key.size() + 1).toLongLong();
        return qint64(0);
    };
    return field("calls") - field("failed_calls");
}
