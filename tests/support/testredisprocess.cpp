#include "testredisprocess.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_LINUX
#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>
#endif

namespace {
constexpr int busOffset = 10000;
constexpr int launchAttempts = 6;

// Ports handed out in this test process: a killed node keeps its port for its restart.
QSet<quint16> &handedOut()
{
    static QSet<quint16> ports;
    return ports;
}

bool isFree(quint16 port)
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, port);
}

// The first port the kernel may give an outgoing connection (32768 on Linux by default).
int ephemeralStart()
{
    QFile range(QStringLiteral("/proc/sys/net/ipv4/ip_local_port_range"));
    if (range.open(QIODevice::ReadOnly)) {
        bool ok = false;
        const int low = range.readAll().simplified().split(' ').value(0).toInt(&ok);
        if (ok && low > 1024)
            return low;
    }
    return 32768;
}
} // namespace

TestRedisProcess::TestRedisProcess(const QString &logFile, Arguments arguments, bool withBusPort)
    : m_logFile(logFile)
    , m_arguments(std::move(arguments))
    , m_withBusPort(withBusPort)
{
}

TestRedisProcess::~TestRedisProcess()
{
    m_client.reset();
    kill();
}

quint16 TestRedisProcess::choosePort(bool withBusPort)
{
    // Below the ephemeral range, and for a cluster node its bus port too; redis-servers of the
    // other tests take ephemeral ports, so only other cluster and sentinel fixtures compete here.
    const int reserved = withBusPort ? busOffset : 0;
    int low = 10000;
    int high = ephemeralStart() - 1 - reserved;
    if (high - low < 1000) { // an unusual kernel setting: take what the bus port allows
        low = 1025;
        high = 65535 - reserved;
    }
    for (int attempt = 0; attempt < 200; ++attempt) {
        const auto port = quint16(QRandomGenerator::global()->bounded(low, high + 1));
        if (handedOut().contains(port) || (withBusPort && handedOut().contains(quint16(port + busOffset))))
            continue;
        if (!isFree(port) || (withBusPort && !isFree(quint16(port + busOffset))))
            continue;
        handedOut().insert(port);
        if (withBusPort)
            handedOut().insert(quint16(port + busOffset));
        return port;
    }
    return 0;
}

std::unique_ptr<QTemporaryDir> TestRedisProcess::temporaryDirectory(const QString &kind)
{
    const QDir temp(QDir::tempPath());
    const QString prefix = QStringLiteral("lockscope-%1-").arg(kind);
    const QStringList stale = temp.entryList({prefix + QStringLiteral("*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : stale) {
        bool ok = false;
        const qint64 owner = name.mid(prefix.size()).section(QLatin1Char('-'), 0, 0).toLongLong(&ok);
        if (ok && owner != QCoreApplication::applicationPid() && !QDir(QStringLiteral("/proc/%1").arg(owner)).exists())
            QDir(temp.filePath(name)).removeRecursively();
    }
    auto dir = std::make_unique<QTemporaryDir>(temp.filePath(prefix + QString::number(QCoreApplication::applicationPid())
                                                             + QStringLiteral("-XXXXXX")));
    return dir->isValid() ? std::move(dir) : nullptr;
}

bool TestRedisProcess::start(int timeoutMs)
{
    if (isRunning())
        return true;
    m_error.clear();
    if (m_port != 0)
        return launch(m_port, timeoutMs);
    for (int attempt = 0; attempt < launchAttempts; ++attempt) {
        const quint16 port = choosePort(m_withBusPort);
        if (port == 0) {
            m_error = QStringLiteral("no free loopback port");
            return false;
        }
        if (launch(port, timeoutMs)) {
            m_port = port;
            return true;
        }
        // Lost the port to another test between choosing and binding it: choose again.
        if (!logTail().contains(QLatin1String("already in use")))
            return false;
    }
    return false;
}

bool TestRedisProcess::launch(quint16 port, int timeoutMs)
{
    m_client.reset();
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    m_process->setStandardOutputFile(m_logFile, QIODevice::Append);
#ifdef Q_OS_LINUX
    // As SandboxServer does: the server must not outlive the test, even one killed by CTest.
    m_process->setChildProcessModifier([parent = ::getpid()] {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(1);
    });
#endif
    const quint16 previous = m_port;
    m_port = port;
    m_process->start(QStringLiteral("redis-server"), m_arguments(port));
    if (!m_process->waitForStarted(5000)) {
        m_error = QStringLiteral("redis-server did not start: ") + m_process->errorString();
        m_port = previous;
        return false;
    }
    if (!answers(timeoutMs)) {
        m_error = QStringLiteral("redis-server on port %1 did not become ready: %2").arg(port).arg(logTail());
        kill();
        m_port = previous;
        return false;
    }
    return true;
}

bool TestRedisProcess::answers(int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    const QByteArray ownPid = "process_id:" + QByteArray::number(pid()) + "\r\n";
    while (clock.elapsed() < timeoutMs) {
        if (!isRunning())
            return false;
        const RedisReply info = command({"INFO", "server"}, 2000);
        if (info.isString() && info.bytes().contains(ownPid))
            return true;
        QTest::qWait(50);
    }
    return false;
}

void TestRedisProcess::kill()
{
    if (m_client)
        m_client->close();
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->kill();
        m_process->waitForFinished(5000);
    }
    m_process.reset();
}

bool TestRedisProcess::isRunning() const
{
    return m_process && m_process->state() == QProcess::Running;
}

qint64 TestRedisProcess::pid() const
{
    return m_process ? m_process->processId() : 0;
}

ConnectionOptions TestRedisProcess::options() const
{
    ConnectionOptions o;
    o.host = QStringLiteral("127.0.0.1");
    o.port = m_port;
    o.connectTimeoutMs = 2000;
    return o;
}

RedisReply TestRedisProcess::command(const RedisCommand &command, int timeoutMs)
{
    if (!isRunning())
        return RedisReply::error("ERR test: the server is not running");
    if (!m_client) {
        ConnectionOptions o = options();
        // A fixture reconnects when it next asks, never in the background behind the test.
        o.autoReconnect = false;
        o.clientName = QStringLiteral("lockscope-fixture");
        m_client = std::make_unique<RedisConnection>(o);
    }
    if (!m_client->isReady())
        m_client->open();
    // The handler dies with this context, so a reply arriving after the wait gave up
    // cannot write to the locals below.
    QObject context;
    bool done = false;
    RedisReply result = RedisReply::error("ERR test: no reply in time");
    m_client->send(command, &context, [&](const RedisReply &reply) {
        result = reply;
        done = true;
    }, timeoutMs);
    (void)QTest::qWaitFor([&] { return done; }, timeoutMs + 500);
    return result;
}

QString TestRedisProcess::logTail() const
{
    QFile log(m_logFile);
    if (!log.open(QIODevice::ReadOnly))
        return {};
    const QByteArray all = log.readAll();
    const QList<QByteArray> lines = all.trimmed().split('\n');
    return QString::fromLocal8Bit(lines.mid(qMax<qsizetype>(0, lines.size() - 4)).join(" | "));
}
