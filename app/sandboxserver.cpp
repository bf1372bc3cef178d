#include "sandboxserver.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>
#include <QTcpServer>

#ifdef Q_OS_LINUX
#include <csignal>
#include <sys/prctl.h>
#include <unistd.h>
#endif

namespace {
constexpr int maxAttempts = 5;
constexpr int startTimeoutMs = 10000;
} // namespace

SandboxServer::SandboxServer(QObject *parent)
    : QObject(parent)
{
    m_startTimeout.setSingleShot(true);
    connect(&m_startTimeout, &QTimer::timeout, this, [this] {
        stop();
        Q_EMIT failed(tr("redis-server did not become ready within %1 s").arg(startTimeoutMs / 1000));
    });
}

SandboxServer::~SandboxServer()
{
    if (m_process) {
        m_process->disconnect(this);
        m_process->close(); // kills the child and reaps it
        delete m_process;
    }
}

QString SandboxServer::findRedisServer()
{
    return QStandardPaths::findExecutable(QStringLiteral("redis-server"));
}

// Directories are named after the process that made them, so one left by a LockScope that
// died before its server was up (the directory goes as soon as it is) can be recognised.
void SandboxServer::removeStaleDirectories()
{
#ifdef Q_OS_LINUX
    const QDir temp(QDir::tempPath());
    const QStringList dirs = temp.entryList({QStringLiteral("lockscope-sandbox-*-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &name : dirs) {
        bool ok = false;
        const qint64 pid = name.section(QLatin1Char('-'), 2, 2).toLongLong(&ok);
        if (ok && pid > 0 && pid != QCoreApplication::applicationPid() && !QDir(QStringLiteral("/proc/%1").arg(pid)).exists())
            QDir(temp.filePath(name)).removeRecursively();
    }
#endif
}

quint16 SandboxServer::freePort()
{
    QTcpServer probe;
    if (!probe.listen(QHostAddress::LocalHost, 0))
        return 0;
    return probe.serverPort();
}

ConnectionOptions SandboxServer::connectionOptions() const
{
    ConnectionOptions options;
    options.host = QStringLiteral("127.0.0.1");
    options.port = m_port;
    options.tls = !m_tlsArgs.isEmpty();
    options.caCertFile = m_tlsCa;
    return options;
}

void SandboxServer::setTls(const QString &certFile, const QString &keyFile, const QString &caFile)
{
    m_tlsCa = caFile;
    m_tlsArgs = {QStringLiteral("--tls-cert-file"), certFile, QStringLiteral("--tls-key-file"), keyFile,
                 QStringLiteral("--tls-ca-cert-file"), caFile, QStringLiteral("--tls-auth-clients"), QStringLiteral("no")};
}

void SandboxServer::start()
{
    if (m_process)
        return;
    if (findRedisServer().isEmpty()) {
        QMetaObject::invokeMethod(this, [this] {
            Q_EMIT failed(tr("redis-server is not installed (on Debian: apt-get install redis-server)"));
        }, Qt::QueuedConnection);
        return;
    }
    removeStaleDirectories();
    m_dir = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/lockscope-sandbox-%1-XXXXXX").arg(QCoreApplication::applicationPid()));
    m_attempts = 0;
    launch();
}

void SandboxServer::launch()
{
    ++m_attempts;
    m_ready = false;
    m_output.clear();
    m_port = m_fixedPort ? m_fixedPort : freePort();
    m_process = new QProcess(this);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
#ifdef Q_OS_LINUX
    // The server must never outlive us, however we end. If we died between fork and prctl,
    // the child has been reparented already and must not start at all.
    m_process->setChildProcessModifier([parent = ::getpid()] {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(1);
    });
#endif
    connect(m_process, &QProcess::readyRead, this, [this] {
        m_output += m_process->readAll();
        if (!m_ready && m_output.contains("Ready to accept connections")) {
            m_ready = true;
            m_startTimeout.stop();
            // Persistence is off, so the server never writes to its directory again (replicas
            // load diskless): removing it now leaves nothing behind even if we are SIGKILLed.
            if (m_dir)
                m_dir->remove();
            Q_EMIT ready(m_port);
        }
        if (m_output.size() > 65536)
            m_output = m_output.right(16384);
    });
    connect(m_process, &QProcess::finished, this, [this] {
        const bool wasReady = m_ready;
        const bool stopping = std::exchange(m_stopping, false);
        const QByteArray output = m_output;
        m_ready = false;
        m_process->deleteLater();
        m_process = nullptr;
        if (wasReady || stopping) {
            m_startTimeout.stop();
            Q_EMIT finished();
            return;
        }
        // Lost the race for a free port: try another one.
        if (output.contains("Address already in use") && !m_fixedPort && m_attempts < maxAttempts) {
            launch();
            return;
        }
        m_startTimeout.stop();
        const QString last = QString::fromLocal8Bit(output).trimmed().section(QLatin1Char('\n'), -1);
        Q_EMIT failed(tr("redis-server exited before it was ready: %1").arg(last));
    });
    const bool tls = !m_tlsArgs.isEmpty();
    const QStringList args = QStringList{
        QStringLiteral("--port"), tls ? QStringLiteral("0") : QString::number(m_port),
        QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
        QStringLiteral("--save"), QString(),
        QStringLiteral("--appendonly"), QStringLiteral("no"),
        QStringLiteral("--dir"), m_dir->path(),
        QStringLiteral("--daemonize"), QStringLiteral("no"),
        QStringLiteral("--logfile"), QString(),
        QStringLiteral("--loglevel"), QStringLiteral("notice"),
    } + (tls ? QStringList{QStringLiteral("--tls-port"), QString::number(m_port)} + m_tlsArgs : QStringList())
      + m_extraArgs;
    m_startTimeout.start(startTimeoutMs);
    m_process->start(findRedisServer(), args);
}

void SandboxServer::stop()
{
    m_startTimeout.stop();
    if (!m_process || m_stopping)
        return;
    m_stopping = true;
    m_process->terminate();
    // A persistence-free server shuts down in milliseconds; never leave one behind.
    QTimer::singleShot(2000, m_process, [process = m_process] { process->kill(); });
}

void SandboxServer::kill()
{
    if (m_process)
        m_process->kill();
}
