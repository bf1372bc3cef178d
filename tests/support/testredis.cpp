#include "testredis.h"

#include "profileoptions.h"

#include <QFile>
#include <QProcess>
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

bool TestRedis::startTls(const QString &dir)
{
    auto openssl = [&dir](const QStringList &args) {
        QProcess p;
        p.setWorkingDirectory(dir);
        p.start(QStringLiteral("openssl"), args);
        return p.waitForFinished(30000) && p.exitCode() == 0;
    };
    QFile ext(dir + QStringLiteral("/ext.cnf"));
    if (!ext.open(QIODevice::WriteOnly) || ext.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n") < 0)
        return false;
    ext.close();
    const QString days = QStringLiteral("3650");
    if (!openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                  QStringLiteral("-nodes"), QStringLiteral("-keyout"), QStringLiteral("ca.key"), QStringLiteral("-out"),
                  QStringLiteral("ca.crt"), QStringLiteral("-days"), days, QStringLiteral("-subj"), QStringLiteral("/CN=LockScope Test CA")})
        || !openssl({QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                     QStringLiteral("-keyout"), QStringLiteral("server.key"), QStringLiteral("-out"), QStringLiteral("server.csr"),
                     QStringLiteral("-subj"), QStringLiteral("/CN=localhost")})
        || !openssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), QStringLiteral("server.csr"),
                     QStringLiteral("-CA"), QStringLiteral("ca.crt"), QStringLiteral("-CAkey"), QStringLiteral("ca.key"),
                     QStringLiteral("-CAcreateserial"), QStringLiteral("-out"), QStringLiteral("server.crt"),
                     QStringLiteral("-days"), days, QStringLiteral("-extfile"), QStringLiteral("ext.cnf")}))
        return false;
    m_server.setTls(dir + QStringLiteral("/server.crt"), dir + QStringLiteral("/server.key"), dir + QStringLiteral("/ca.crt"));
    return start();
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

ConnectionProfile TestRedis::profile() const
{
    return ProfileOptions::fromOptions(options());
}

ConnectionOptions TestRedis::options() const
{
    ConnectionOptions o = m_server.connectionOptions();
    o.connectTimeoutMs = 3000;
    return o;
}

ConnectionOptions TestRedis::optionsAsNewUser(const QByteArray &user, const QList<QByteArray> &rules)
{
    command(RedisCommand{"ACL", "SETUSER", user, "on", ">pw"} + rules);
    ConnectionOptions o = options();
    o.user = QString::fromLatin1(user);
    o.password = QStringLiteral("pw");
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

qint64 TestRedis::renewWhenLeft(const QByteArray &key, qint64 leftMs, qint64 leaseMs)
{
    static const QByteArray script =
        "local t = redis.call('PTTL', KEYS[1]) "
        "if t < 0 then return {-1, t} end "
        "if t > tonumber(ARGV[1]) then return {0, t} end "
        "redis.call('PEXPIRE', KEYS[1], ARGV[2]) "
        "return {1, t}";
    qint64 result = -1;
    (void)QTest::qWaitFor([&] {
        const RedisReply r = command({"EVAL", script, "1", key, QByteArray::number(leftMs), QByteArray::number(leaseMs)});
        if (!r.isArray() || r.size() != 2 || r.at(0).integer() == 0)
            return false; // not yet (or no answer): ask again
        result = r.at(0).integer() == 1 ? r.at(1).integer() : -1;
        return true;
    }, int(leaseMs) + 30000);
    return result;
}
