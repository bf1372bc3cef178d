#include "testsshd.h"

#include <pwd.h>
#include <signal.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QTcpServer>
#include <QTest>

namespace {
const QString sshd = QStringLiteral("/usr/sbin/sshd"); // sshd re-executes itself: it wants an absolute path

quint16 freePort()
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, 0) ? probe.serverPort() : 0;
}

QString currentUser()
{
    const passwd *entry = getpwuid(getuid());
    return entry ? QString::fromLocal8Bit(entry->pw_name) : QString();
}
} // namespace

TestSshd::TestSshd()
    : m_user(currentUser())
{
}

TestSshd::~TestSshd()
{
    stop();
}

QString TestSshd::passphrase()
{
    return QStringLiteral("correct horse battery staple");
}

QString TestSshd::userKeyFile() const
{
    return m_dir.filePath(QStringLiteral("user_key"));
}

QString TestSshd::protectedKeyFile() const
{
    return m_dir.filePath(QStringLiteral("protected_key"));
}

QString TestSshd::strangerKeyFile() const
{
    return m_dir.filePath(QStringLiteral("stranger_key"));
}

bool TestSshd::trustIn(const QString &knownHostsFile) const
{
    QFile key(m_dir.filePath(QStringLiteral("host_key.pub")));
    if (!key.open(QIODevice::ReadOnly))
        return false;
    const QList<QByteArray> fields = key.readAll().split(' ');
    QFile file(knownHostsFile);
    if (fields.size() < 2 || !file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    return file.write(knownHostsName().toUtf8() + ' ' + fields.at(0) + ' ' + fields.at(1).trimmed() + '\n') > 0;
}

bool TestSshd::useHome(const QString &home)
{
    qputenv("HOME", home.toLocal8Bit());
    qunsetenv("SSH_AUTH_SOCK");
    const QString ssh = QDir(home).filePath(QStringLiteral(".ssh"));
    return QDir().mkpath(ssh) && QFile::setPermissions(ssh, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

QString TestSshd::knownHostsName() const
{
    return QStringLiteral("[127.0.0.1]:%1").arg(m_port);
}

SshOptions TestSshd::options() const
{
    SshOptions o;
    o.user = m_user;
    o.host = QStringLiteral("127.0.0.1");
    o.port = m_port;
    o.privateKeyFile = userKeyFile();
    o.connectTimeoutMs = 5000;
    return o;
}

bool TestSshd::run(const QString &program, const QStringList &arguments, QString *output, const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    const bool ok = process.waitForFinished(30000) && process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0;
    const QString text = QString::fromLocal8Bit(process.readAll());
    if (output)
        *output = text;
    if (!ok)
        qWarning("%s failed: %s", qPrintable(program), qPrintable(text));
    return ok;
}

bool TestSshd::makeKeys()
{
    auto keygen = [this](const QString &name, const QString &passphrase) {
        return run(QStringLiteral("ssh-keygen"), {QStringLiteral("-q"), QStringLiteral("-t"), QStringLiteral("ed25519"), QStringLiteral("-N"),
                                                  passphrase, QStringLiteral("-C"), QStringLiteral("lockscope-test-") + name,
                                                  QStringLiteral("-f"), m_dir.filePath(name)});
    };
    if (!keygen(QStringLiteral("host_key"), QString()) || !keygen(QStringLiteral("other_host_key"), QString())
        || !keygen(QStringLiteral("user_key"), QString()) || !keygen(QStringLiteral("protected_key"), passphrase())
        || !keygen(QStringLiteral("stranger_key"), QString()))
        return false;

    QFile authorized(m_dir.filePath(QStringLiteral("authorized_keys")));
    if (!authorized.open(QIODevice::WriteOnly))
        return false;
    for (const QString &name : {QStringLiteral("user_key.pub"), QStringLiteral("protected_key.pub")}) {
        QFile key(m_dir.filePath(name));
        if (!key.open(QIODevice::ReadOnly) || authorized.write(key.readAll()) < 0)
            return false;
    }
    authorized.close();

    QString listing;
    if (!run(QStringLiteral("ssh-keygen"), {QStringLiteral("-lf"), m_dir.filePath(QStringLiteral("host_key.pub"))}, &listing))
        return false;
    // "256 SHA256:... comment (ED25519)"
    m_hostFingerprint = listing.split(QLatin1Char(' ')).value(1);

    QFile other(m_dir.filePath(QStringLiteral("other_host_key.pub")));
    if (!other.open(QIODevice::ReadOnly))
        return false;
    const QList<QByteArray> fields = other.readAll().trimmed().split(' ');
    m_otherHostKey = QString::fromLatin1(fields.value(0) + ' ' + fields.value(1));
    return m_hostFingerprint.startsWith(QLatin1String("SHA256:"));
}

bool TestSshd::launch()
{
    m_port = freePort();
    const QString config = m_dir.filePath(QStringLiteral("sshd_config"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const QString text = QStringLiteral("ListenAddress 127.0.0.1\n"
                                        "Port %1\n"
                                        "HostKey %2\n"
                                        "PidFile %3\n"
                                        "AuthorizedKeysFile %4\n"
                                        "StrictModes no\n"
                                        "UsePAM no\n"
                                        "PasswordAuthentication no\n"
                                        "KbdInteractiveAuthentication no\n"
                                        "PubkeyAuthentication yes\n"
                                        "AllowTcpForwarding %5\n"
                                        "PermitRootLogin prohibit-password\n"
                                        "LogLevel VERBOSE\n")
                             .arg(m_port)
                             .arg(m_dir.filePath(QStringLiteral("host_key")), m_dir.filePath(QStringLiteral("sshd.pid")),
                                  m_dir.filePath(QStringLiteral("authorized_keys")),
                                  m_allowTcpForwarding ? QStringLiteral("yes") : QStringLiteral("no"));
    if (file.write(text.toUtf8()) < 0)
        return false;
    file.close();

    m_log.clear();
    m_process.setProcessChannelMode(QProcess::SeparateChannels);
    m_process.start(sshd, {QStringLiteral("-D"), QStringLiteral("-e"), QStringLiteral("-f"), config});
    if (!m_process.waitForStarted(10000))
        return false;
    // sshd says when it listens; waiting for that line rather than probing the port keeps
    // probe connections out of its log and its MaxStartups count.
    const QString listening = QStringLiteral("Server listening on 127.0.0.1 port %1.").arg(m_port);
    const bool up = QTest::qWaitFor([&] { return log().contains(listening) || m_process.state() != QProcess::Running; }, 15000);
    return up && m_process.state() == QProcess::Running;
}

bool TestSshd::start()
{
    if (!m_dir.isValid() || m_user.isEmpty() || !QFile::exists(sshd) || !makeKeys())
        return false;
    // sshd running as root needs its privilege separation directory, which only the Debian
    // service normally creates.
    if (getuid() == 0 && !QDir(QStringLiteral("/run/sshd")).exists() && !QDir().mkpath(QStringLiteral("/run/sshd")))
        return false;
    // Another process may take the free port between the probe and sshd's bind: try a few.
    for (int attempt = 0; attempt < 5; ++attempt) {
        if (launch())
            return true;
        stop();
    }
    qWarning("sshd did not start: %s", qPrintable(log()));
    return false;
}

QList<qint64> TestSshd::sessionProcesses() const
{
    QList<qint64> children;
    const qint64 parent = m_process.processId();
    if (parent <= 0)
        return children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const QList<QByteArray> rest = line.mid(line.lastIndexOf(')') + 2).split(' ');
        if (rest.size() > 1 && rest.at(1).toLongLong() == parent)
            children << entry.toLongLong();
    }
    return children;
}

void TestSshd::stop()
{
    if (m_process.state() == QProcess::NotRunning)
        return;
    // Connections still open have their own sshd processes, which outlive the listener.
    const QList<qint64> sessions = sessionProcesses();
    m_process.terminate();
    if (!m_process.waitForFinished(5000)) {
        m_process.kill();
        m_process.waitForFinished(5000);
    }
    for (qint64 pid : sessions)
        ::kill(pid_t(pid), SIGTERM);
    log();
}

void TestSshd::dropSessions()
{
    for (qint64 pid : sessionProcesses())
        ::kill(pid_t(pid), SIGKILL);
}

QString TestSshd::log()
{
    m_log += m_process.readAllStandardError();
    return QString::fromLocal8Bit(m_log);
}
