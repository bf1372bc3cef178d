#include "sshtunnelworker.h"

#include "loopbackpeer.h"
#include "sshchannellink.h"
#include "sshhostkeycheck.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QSocketNotifier>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <optional>

namespace {
constexpr int keepaliveIntervalMs = 30000;
// A pump repeats while the bastion keeps sending; after this many rounds it lets the event loop
// run (a stop, a new connection) and goes on in the next turn.
constexpr int maxPumpRounds = 64;

// libssh asks through this for passphrases it was not given. Refusing keeps it, and OpenSSL's
// PEM reader behind it, from prompting on the terminal, which would hang the worker.
int refusePrompt(const char *, char *, size_t, int, int, void *)
{
    return -1;
}

QString inSeconds(int ms)
{
    return QString::number(ms / 1000.0, 'g', 3) + QStringLiteral(" s");
}

QString methodNames(int methods)
{
    QStringList names;
    if (methods & SSH_AUTH_METHOD_PUBLICKEY)
        names << QStringLiteral("publickey");
    if (methods & SSH_AUTH_METHOD_PASSWORD)
        names << QStringLiteral("password");
    if (methods & SSH_AUTH_METHOD_INTERACTIVE)
        names << QStringLiteral("keyboard-interactive");
    if (methods & SSH_AUTH_METHOD_GSSAPI_MIC)
        names << QStringLiteral("gssapi-with-mic");
    if (methods & SSH_AUTH_METHOD_HOSTBASED)
        names << QStringLiteral("hostbased");
    return names.join(QStringLiteral(", "));
}

// One notion of home for known_hosts and the default keys: $HOME, as the rest of the
// application uses (libssh on its own would take the passwd entry's directory).
QString sshDirectory()
{
    return QDir::homePath() + QStringLiteral("/.ssh");
}

// libssh's default identities (%d/id_ed25519, id_ecdsa, id_rsa) that exist, for messages.
QStringList defaultKeyFiles()
{
    QStringList existing;
    for (const char *name : {"id_ed25519", "id_ecdsa", "id_rsa"}) {
        const QString path = sshDirectory() + QLatin1Char('/') + QLatin1String(name);
        if (QFileInfo::exists(path))
            existing << path;
    }
    return existing;
}

bool agentAvailable()
{
    return !qEnvironmentVariableIsEmpty("SSH_AUTH_SOCK");
}

// How many keys the SSH agent holds, asked as ssh-add -l asks it (the agent protocol's
// REQUEST_IDENTITIES); nothing when it cannot be asked. libssh says only that none of them
// was accepted, which misleads when there were none to offer. The agent is local and
// answers at once; this worker thread waits for it anyway inside libssh.
std::optional<quint32> agentKeyCount()
{
    const QByteArray path = qgetenv("SSH_AUTH_SOCK");
    sockaddr_un address{};
    if (path.isEmpty() || size_t(path.size()) >= sizeof(address.sun_path))
        return std::nullopt;
    address.sun_family = AF_UNIX;
    std::copy(path.cbegin(), path.cend(), address.sun_path);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return std::nullopt;
    const auto closeIt = qScopeGuard([fd] { ::close(fd); });
    const timeval patience{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
    ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &patience, sizeof patience);
    const unsigned char request[] = {0, 0, 0, 1, 11}; // length 1, SSH2_AGENTC_REQUEST_IDENTITIES
    if (::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) != 0
        || ::write(fd, request, sizeof request) != ssize_t(sizeof request))
        return std::nullopt;
    // length (4), SSH2_AGENT_IDENTITIES_ANSWER (12), then the count (4): the keys after it
    // are not needed.
    unsigned char answer[9];
    size_t got = 0;
    while (got < sizeof answer) {
        const ssize_t n = ::read(fd, answer + got, sizeof answer - got);
        if (n <= 0)
            return std::nullopt;
        got += size_t(n);
    }
    if (answer[4] != 12)
        return std::nullopt;
    return quint32(answer[5]) << 24 | quint32(answer[6]) << 16 | quint32(answer[7]) << 8 | quint32(answer[8]);
}

// The default keys that need a passphrase none was given for: libssh passes over them
// without a word, and the refusal (or its "unknown error") would not say why.
QStringList lockedDefaultKeys()
{
    QStringList locked;
    for (const QString &file : defaultKeyFiles()) {
        ssh_key key = nullptr;
        const int rc = ssh_pki_import_privkey_file(QFile::encodeName(file).constData(), nullptr, refusePrompt, nullptr, &key);
        ssh_key_free(key);
        if (rc == SSH_ERROR)
            locked << file;
    }
    return locked;
}
} // namespace

SshTunnelWorker::SshTunnelWorker(const SshOptions &options)
    : m_options(options)
    , m_server(options.destination())
{
}

SshTunnelWorker::~SshTunnelWorker()
{
    teardown();
}

void SshTunnelWorker::start()
{
    if (m_phase != Phase::Idle)
        return;
    m_deadline = new QTimer(this);
    m_deadline->setSingleShot(true);
    connect(m_deadline, &QTimer::timeout, this, [this] {
        const QString what = m_phase == Phase::Dialing ? SshTunnelWorker::tr("host unreachable")
            : m_phase == Phase::Handshaking            ? SshTunnelWorker::tr("no SSH handshake")
                                                       : SshTunnelWorker::tr("authentication did not finish");
        fail(SshTunnel::Error::HostUnreachable,
             SshTunnelWorker::tr("No answer from the SSH server %1 within %2 (%3)").arg(m_server, inSeconds(m_options.connectTimeoutMs), what));
    });
    m_deadline->start(m_options.connectTimeoutMs);

    // Qt dials (name lookup and connect without blocking this thread, so stop() is never held
    // up by a resolver); libssh then takes over the connected socket.
    m_phase = Phase::Dialing;
    m_dialer = new QTcpSocket(this);
    connect(m_dialer, &QTcpSocket::connected, this, &SshTunnelWorker::onDialed);
    connect(m_dialer, &QTcpSocket::errorOccurred, this, [this] {
        if (m_phase == Phase::Dialing)
            fail(SshTunnel::Error::HostUnreachable, SshTunnelWorker::tr("Cannot reach the SSH server %1: %2").arg(m_server, m_dialer->errorString()));
    });
    m_dialer->connectToHost(m_options.host, m_options.port);
}

void SshTunnelWorker::onDialed()
{
    // libssh must see the server's banner, so the socket changes hands before Qt's read
    // notifier has had a turn (it only runs from the event loop, after this slot).
    if (m_dialer->bytesAvailable() > 0) {
        fail(SshTunnel::Error::Protocol, SshTunnelWorker::tr("Internal error: the SSH server's banner was read too early"));
        return;
    }
    // libssh sets TCP_NODELAY only on sockets it dials itself. Without it, Nagle holds back
    // each small request (a PING, a window adjustment) until the previous one is acknowledged.
    m_dialer->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_dialer->setSocketOption(QAbstractSocket::KeepAliveOption, 1);
    const int fd = ::fcntl(int(m_dialer->socketDescriptor()), F_DUPFD_CLOEXEC, 0);
    m_dialer->disconnect(this);
    m_dialer->abort(); // closes Qt's descriptor only: the duplicate keeps the connection
    m_dialer->deleteLater();
    m_dialer = nullptr;
    if (fd < 0) {
        fail(SshTunnel::Error::HostUnreachable, SshTunnelWorker::tr("Cannot take over the connection to %1: %2").arg(m_server, qt_error_string(errno)));
        return;
    }
    m_fd = fd;

    m_session = ssh_new();
    if (!m_session) {
        fail(SshTunnel::Error::Protocol, SshTunnelWorker::tr("Cannot create an SSH session (out of memory)"));
        return;
    }
    // The bracketed form lets libssh's host parser take an IPv6 address; known_hosts then
    // names it "[addr]:port" as OpenSSH does.
    const QByteArray host = (m_options.host.contains(QLatin1Char(':')) ? QLatin1Char('[') + m_options.host + QLatin1Char(']')
                                                                       : m_options.host).toUtf8();
    const int port = m_options.port;
    const QByteArray knownHosts = QFile::encodeName(m_options.knownHostsPath());
    const QByteArray sshDir = QFile::encodeName(sshDirectory());
    // Our own settings are the whole truth: ~/.ssh/config and /etc/ssh/ssh_config could
    // otherwise change the user, port or known_hosts behind the connection dialog's back.
    const bool processConfig = false;
    socket_t socket = fd;
    bool ok = ssh_options_set(m_session, SSH_OPTIONS_HOST, host.constData()) == 0
        && ssh_options_set(m_session, SSH_OPTIONS_PORT, &port) == 0
        && ssh_options_set(m_session, SSH_OPTIONS_PROCESS_CONFIG, &processConfig) == 0
        && ssh_options_set(m_session, SSH_OPTIONS_SSH_DIR, sshDir.constData()) == 0
        && ssh_options_set(m_session, SSH_OPTIONS_KNOWNHOSTS, knownHosts.constData()) == 0
        && ssh_options_set(m_session, SSH_OPTIONS_FD, &socket) == 0;
    if (ok && !m_options.user.isEmpty())
        ok = ssh_options_set(m_session, SSH_OPTIONS_USER, m_options.user.toUtf8().constData()) == 0;
    if (!ok) {
        fail(SshTunnel::Error::Protocol, SshTunnelWorker::tr("Invalid SSH settings for %1: %2").arg(m_server, sessionError()));
        return;
    }
    m_callbacks = std::make_unique<ssh_callbacks_struct>();
    *m_callbacks = {};
    m_callbacks->auth_function = refusePrompt;
    ssh_callbacks_init(m_callbacks.get());
    ssh_set_callbacks(m_session, m_callbacks.get());
    // The socket byte counter tells the pump whether the bastion sent anything meanwhile.
    m_counter = std::make_unique<ssh_counter_struct>();
    *m_counter = {};
    ssh_set_counters(m_session, m_counter.get(), nullptr);
    ssh_set_blocking(m_session, 0);

    // The user libssh settled on (the local one when none was given), for messages.
    char *user = nullptr;
    if (ssh_options_get(m_session, SSH_OPTIONS_USER, &user) == SSH_OK && user) {
        SshOptions named = m_options;
        named.user = QString::fromUtf8(user);
        m_server = named.destination();
        ssh_string_free_char(user);
    }

    m_phase = Phase::Handshaking;
    watchSessionSocket();
    continueHandshake();
    updateNotifiers();
}

void SshTunnelWorker::continueHandshake()
{
    m_connectCalled = true;
    const int rc = ssh_connect(m_session);
    if (rc == SSH_AGAIN)
        return;
    if (rc != SSH_OK) {
        // No banner means nothing SSH answered: a closed port or something else listening.
        const bool spoke = ssh_get_serverbanner(m_session) != nullptr;
        fail(spoke ? SshTunnel::Error::Protocol : SshTunnel::Error::HostUnreachable,
             SshTunnelWorker::tr("SSH handshake with %1 failed: %2").arg(m_server, sessionError()));
        return;
    }
    // From now on the session's packets are read by ssh_event_dopoll() whenever its socket is
    // readable, whatever we are waiting for (the server may send at any time).
    m_event = ssh_event_new();
    if (!m_event || ssh_event_add_session(m_event, m_session) != SSH_OK) {
        fail(SshTunnel::Error::Protocol, SshTunnelWorker::tr("Cannot watch the SSH session with %1").arg(m_server));
        return;
    }
    checkHostKey();
}

void SshTunnelWorker::checkHostKey()
{
    m_hostKey = std::make_unique<SshHostKeyCheck>(m_session, m_options.knownHostsName());
    const QString file = m_hostKey->userKnownHostsFile();
    const QString key = m_hostKey->keyType() + QStringLiteral(" key ") + m_hostKey->fingerprint();
    switch (m_hostKey->verdict()) {
    case SshHostKeyCheck::Verdict::Known:
        startAuthentication();
        return;
    case SshHostKeyCheck::Verdict::Changed: {
        const QString entry = m_hostKey->conflictingEntry().isEmpty() ? file : m_hostKey->conflictingEntry();
        fail(SshTunnel::Error::HostKeyChanged,
             SshTunnelWorker::tr("The host key of the SSH server %1 has CHANGED: it now presents the %2, but %3 holds another key "
                            "for %4. Someone may be intercepting the connection, or the server's key was replaced; refusing to "
                            "connect. If the change is expected, remove the old entry (ssh-keygen -R '%4' -f %5).")
                 .arg(m_server, key, entry, m_options.knownHostsName(), file));
        return;
    }
    case SshHostKeyCheck::Verdict::Revoked:
        fail(SshTunnel::Error::HostKeyChanged,
             SshTunnelWorker::tr("The SSH server %1 presents the %2, which %3 marks as REVOKED: refusing to connect.")
                 .arg(m_server, key, m_hostKey->conflictingEntry()));
        return;
    case SshHostKeyCheck::Verdict::Unknown:
        if (m_options.acceptNewHostKey) {
            QString error;
            if (!m_hostKey->record(&error)) {
                fail(SshTunnel::Error::HostKeyUnknown,
                     SshTunnelWorker::tr("The host key of the SSH server %1 (%2) could not be recorded in %3: %4").arg(m_server, key, file, error));
                return;
            }
            sayRecorded();
            startAuthentication();
            return;
        }
        // The person deciding may take a while: the deadline is for the network, not for them.
        m_deadline->stop();
        m_phase = Phase::AwaitingHostKeyDecision;
        Q_EMIT hostKeyUnknown(m_hostKey->fingerprint(), m_hostKey->keyType());
        return;
    case SshHostKeyCheck::Verdict::Error:
        fail(SshTunnel::Error::Protocol, SshTunnelWorker::tr("Cannot check the host key of %1: %2").arg(m_server, m_hostKey->errorString()));
        return;
    }
}

void SshTunnelWorker::acceptHostKey(bool record)
{
    if (m_phase != Phase::AwaitingHostKeyDecision)
        return;
    if (record) {
        QString error;
        if (!m_hostKey->record(&error)) {
            fail(SshTunnel::Error::HostKeyUnknown,
                 SshTunnelWorker::tr("The host key of the SSH server %1 (%2 key %3) could not be recorded in %4: %5")
                     .arg(m_server, m_hostKey->keyType(), m_hostKey->fingerprint(), m_hostKey->userKnownHostsFile(), error));
            return;
        }
        sayRecorded();
    }
    m_deadline->start(m_options.connectTimeoutMs);
    startAuthentication();
    updateNotifiers();
}

// As OpenSSH's accept-new does: a key written to known_hosts is never written silently.
void SshTunnelWorker::sayRecorded()
{
    Q_EMIT hostKeyRecorded(SshTunnelWorker::tr("The %1 key %2 of the SSH server %3 is now recorded in %4 as %5")
                               .arg(m_hostKey->keyType(), m_hostKey->fingerprint(), m_server, m_hostKey->userKnownHostsFile(),
                                    m_options.knownHostsName()));
}

void SshTunnelWorker::rejectHostKey()
{
    if (m_phase != Phase::AwaitingHostKeyDecision)
        return;
    fail(SshTunnel::Error::HostKeyUnknown,
         SshTunnelWorker::tr("The SSH server %1 is not known: its %2 host key fingerprint is %3 and %4 has no entry for %5. "
                        "The key was not accepted.")
             .arg(m_server, m_hostKey->keyType(), m_hostKey->fingerprint(), m_hostKey->userKnownHostsFile(), m_options.knownHostsName()));
}

void SshTunnelWorker::startAuthentication()
{
    m_phase = Phase::Authenticating;
    const QByteArray passphrase = m_options.passphrase.toUtf8();
    if (!m_options.privateKeyFile.isEmpty()) {
        m_authMethod = AuthMethod::KeyFile;
        const QString file = m_options.privateKeyFile;
        const int rc = ssh_pki_import_privkey_file(QFile::encodeName(file).constData(), passphrase.isEmpty() ? nullptr : passphrase.constData(),
                                                   refusePrompt, nullptr, &m_key);
        if (rc == SSH_EOF) {
            fail(SshTunnel::Error::AuthenticationFailed, SshTunnelWorker::tr("Cannot read the private key %1: no such file, or not readable").arg(file));
            return;
        }
        if (rc != SSH_OK) {
            // What was given instead, where it can be told: a passphrase is the usual want.
            QFile given(file);
            const QFileInfo info(file);
            const bool isPublic = given.open(QIODevice::ReadOnly)
                                  && (given.peek(4) == "ssh-" || given.peek(6) == "ecdsa-" || given.peek(3) == "sk-");
            fail(SshTunnel::Error::AuthenticationFailed,
                 info.isDir()        ? SshTunnelWorker::tr("Cannot load the private key %1: it is a directory").arg(file)
                 : isPublic          ? SshTunnelWorker::tr("Cannot load the private key %1: it is a public key; give the private one (without .pub)").arg(file)
                 : passphrase.isEmpty()
                     ? SshTunnelWorker::tr("Cannot load the private key %1: it is protected by a passphrase (none was given: set "
                                           "LOCKSCOPE_SSH_PASSPHRASE, add the key to ssh-agent, or use a saved connection, whose "
                                           "passphrase is in the keychain), or it is not a private key").arg(file)
                     : SshTunnelWorker::tr("Cannot load the private key %1: wrong passphrase, or not a private key").arg(file));
            return;
        }
        // As OpenSSH: a key of ours that others may read could be anyone's by now.
        struct stat st;
        if (::stat(QFile::encodeName(file).constData(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::getuid()
            && (st.st_mode & 077) != 0) {
            fail(SshTunnel::Error::AuthenticationFailed,
                 SshTunnelWorker::tr("The private key %1 is open to other users (permissions %2), so it is not used, as OpenSSH "
                                     "would not use it either: chmod 600 '%1'")
                     .arg(file, QString::number(st.st_mode & 0777, 8).rightJustified(4, QLatin1Char('0'))));
            return;
        }
    } else if (!m_options.password.isEmpty()) {
        m_authMethod = AuthMethod::Password;
    } else {
        m_authMethod = AuthMethod::AgentOrDefaultKeys;
        if (m_options.useAgent && !agentAvailable()) {
            fail(SshTunnel::Error::AuthenticationFailed,
                 SshTunnelWorker::tr("Cannot authenticate to %1 with the SSH agent: no agent is running (SSH_AUTH_SOCK is not set)").arg(m_server));
            return;
        }
        if (!agentAvailable() && defaultKeyFiles().isEmpty()) {
            fail(SshTunnel::Error::AuthenticationFailed,
                 SshTunnelWorker::tr("Nothing to authenticate to %1 with: no key file or password was given, no SSH agent is running, and %2 "
                                "holds no default key (id_ed25519, id_ecdsa, id_rsa)")
                     .arg(m_server, sshDirectory()));
            return;
        }
    }
    continueAuthentication();
}

void SshTunnelWorker::continueAuthentication()
{
    int rc = SSH_AUTH_ERROR;
    switch (m_authMethod) {
    case AuthMethod::KeyFile:
        rc = ssh_userauth_publickey(m_session, nullptr, m_key);
        break;
    case AuthMethod::Password:
        rc = ssh_userauth_password(m_session, nullptr, m_options.password.toUtf8().constData());
        break;
    case AuthMethod::AgentOrDefaultKeys: {
        // libssh tries the agent's keys first (when SSH_AUTH_SOCK is set), then the default files.
        const QByteArray passphrase = m_options.passphrase.toUtf8();
        rc = ssh_userauth_publickey_auto(m_session, nullptr, passphrase.isEmpty() ? nullptr : passphrase.constData());
        break;
    }
    }
    switch (rc) {
    case SSH_AUTH_AGAIN:
        return;
    case SSH_AUTH_SUCCESS:
        becomeReady();
        return;
    case SSH_AUTH_DENIED:
    case SSH_AUTH_PARTIAL:
        fail(SshTunnel::Error::AuthenticationFailed, authenticationDenied(rc == SSH_AUTH_PARTIAL));
        return;
    default:
        if (sessionAlive() && m_authMethod == AuthMethod::AgentOrDefaultKeys && m_options.passphrase.isEmpty()
            && !lockedDefaultKeys().isEmpty()) {
            fail(SshTunnel::Error::AuthenticationFailed, authenticationDenied(false));
            return;
        }
        fail(sessionAlive() ? SshTunnel::Error::Protocol : SshTunnel::Error::ConnectionLost,
             SshTunnelWorker::tr("Authentication with the SSH server %1 failed: %2").arg(m_server, sessionError()));
        return;
    }
}

QString SshTunnelWorker::authenticationDenied(bool partial) const
{
    const QStringList locked = m_authMethod == AuthMethod::AgentOrDefaultKeys && m_options.passphrase.isEmpty() ? lockedDefaultKeys()
                                                                                                             : QStringList();
    QString tried;
    switch (m_authMethod) {
    case AuthMethod::KeyFile:
        tried = SshTunnelWorker::tr("the key %1").arg(m_options.privateKeyFile);
        break;
    case AuthMethod::Password:
        tried = SshTunnelWorker::tr("the password");
        break;
    case AuthMethod::AgentOrDefaultKeys: {
        QStringList parts;
        if (agentAvailable())
            parts << (agentKeyCount() == 0u ? SshTunnelWorker::tr("the SSH agent, which holds no keys (ssh-add adds one)")
                                            : SshTunnelWorker::tr("the SSH agent's keys"));
        QStringList files = defaultKeyFiles();
        for (const QString &file : locked)
            files.removeAll(file);
        if (!files.isEmpty())
            parts << SshTunnelWorker::tr("the default keys %1").arg(files.join(QStringLiteral(", ")));
        tried = parts.isEmpty() ? SshTunnelWorker::tr("any key") : parts.join(SshTunnelWorker::tr(" and "));
        break;
    }
    }
    if (partial)
        return SshTunnelWorker::tr("The SSH server %1 accepted %2 but asks for a further authentication step (such as a one-time code), "
                              "which LockScope does not support")
            .arg(m_server, tried);
    const QString accepted = methodNames(ssh_userauth_list(m_session, nullptr));
    QString message = SshTunnelWorker::tr("The SSH server %1 did not accept %2%3")
                          .arg(m_server, tried, accepted.isEmpty() ? QString() : SshTunnelWorker::tr(" (it accepts: %1)").arg(accepted));
    if (!locked.isEmpty())
        message += SshTunnelWorker::tr("; not tried: %1, protected by a passphrase and none was given (set "
                                       "LOCKSCOPE_SSH_PASSPHRASE, or add the key to ssh-agent)")
                       .arg(locked.join(QStringLiteral(", ")));
    return message;
}

void SshTunnelWorker::becomeReady()
{
    m_deadline->stop();
    m_phase = Phase::Ready;
    // The secrets are not needed any more: drop them (and the decrypted key) now rather than
    // with the tunnel.
    if (m_key) {
        ssh_key_free(m_key);
        m_key = nullptr;
    }
    m_options.password.clear();
    m_options.passphrase.clear();

    // Keeps NAT and firewall state alive on an idle tunnel (SSH_MSG_IGNORE needs no answer).
    m_keepalive = new QTimer(this);
    m_keepalive->setInterval(keepaliveIntervalMs);
    connect(m_keepalive, &QTimer::timeout, this, [this] {
        ssh_send_ignore(m_session, "");
        updateNotifiers();
    });
    m_keepalive->start();

    Q_EMIT ready();
    for (const std::unique_ptr<Forward> &forward : m_forwards)
        listen(forward.get());
    schedulePump();
}

void SshTunnelWorker::addForward(qintptr listener, const QString &targetHost, quint16 targetPort, quint16 localPort)
{
    if (m_phase == Phase::Done) {
        ::close(int(listener));
        return;
    }
    auto forward = std::make_unique<Forward>();
    forward->listener = listener;
    forward->host = targetHost;
    forward->port = targetPort;
    forward->localPort = localPort;
    m_forwards.push_back(std::move(forward));
    // Until the session is up, connections wait in the kernel's listen backlog.
    if (m_phase == Phase::Ready)
        listen(m_forwards.back().get());
}

void SshTunnelWorker::listen(Forward *forward)
{
    if (forward->server)
        return;
    forward->server = new QTcpServer(this);
    forward->server->setMaxPendingConnections(1000);
    if (!forward->server->setSocketDescriptor(forward->listener)) {
        Q_EMIT forwardFailed(forward->localPort, SshTunnel::Error::ForwardFailed,
                             SshTunnelWorker::tr("Cannot listen on 127.0.0.1:%1: %2").arg(forward->localPort).arg(forward->server->errorString()));
        ::close(int(forward->listener));
        forward->listener = -1;
        return;
    }
    connect(forward->server, &QTcpServer::newConnection, this, [this, forward] { acceptConnections(forward); });
}

void SshTunnelWorker::acceptConnections(Forward *forward)
{
    while (QTcpSocket *socket = forward->server->nextPendingConnection()) {
        // The port is on loopback, but any user of the machine can reach it: only this user's
        // connections go through, and the others' are closed unheard (saying so would let
        // anyone fail the session).
        if (!LoopbackPeer::isThisUser(*socket)) {
            socket->abort();
            socket->deleteLater();
            continue;
        }
        auto *link = new SshChannelLink(m_session, socket, forward->host, forward->port, m_options.connectTimeoutMs, this);
        const quint16 localPort = forward->localPort;
        connect(link, &SshChannelLink::wakeUp, this, &SshTunnelWorker::schedulePump);
        connect(link, &SshChannelLink::openFailed, this, [this, link, localPort](const QString &reason) {
            Q_EMIT forwardFailed(localPort, SshTunnel::Error::ForwardFailed,
                                 SshTunnelWorker::tr("The SSH server %1 could not open a connection to %2: %3").arg(m_server, link->target(), reason));
        });
        connect(link, &SshChannelLink::broken, this, [this, link, localPort](const QString &reason) {
            // When the whole session broke, the tunnel's failure says so once.
            if (sessionAlive())
                Q_EMIT forwardFailed(localPort, SshTunnel::Error::Protocol,
                                     SshTunnelWorker::tr("The connection to %1 through %2 broke: %3").arg(link->target(), m_server, reason));
        });
        m_links.append(link);
    }
    schedulePump();
}

void SshTunnelWorker::watchSessionSocket()
{
    m_readNotifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    m_writeNotifier = new QSocketNotifier(m_fd, QSocketNotifier::Write, this);
    connect(m_readNotifier, &QSocketNotifier::activated, this, &SshTunnelWorker::onSocketActivity);
    connect(m_writeNotifier, &QSocketNotifier::activated, this, &SshTunnelWorker::onSocketActivity);
    updateNotifiers();
}

// libssh says through its poll flags whether it has output waiting (or a connect to finish);
// the write notifier is on only then, so an idle writable socket never wakes us.
void SshTunnelWorker::updateNotifiers()
{
    if (!m_writeNotifier || !m_session)
        return;
    m_writeNotifier->setEnabled((ssh_get_poll_flags(m_session) & SSH_WRITE_PENDING) != 0);
}

void SshTunnelWorker::onSocketActivity()
{
    switch (m_phase) {
    case Phase::Handshaking:
        continueHandshake();
        break;
    case Phase::AwaitingHostKeyDecision:
        ssh_event_dopoll(m_event, 0);
        if (!sessionAlive())
            fail(SshTunnel::Error::ConnectionLost,
                 SshTunnelWorker::tr("The SSH server %1 closed the connection while its host key awaited a decision: %2").arg(m_server, sessionError()));
        break;
    case Phase::Authenticating:
        continueAuthentication();
        break;
    case Phase::Ready:
        pump();
        break;
    default:
        break;
    }
    updateNotifiers();
}

void SshTunnelWorker::schedulePump()
{
    if (m_pumpScheduled || m_phase != Phase::Ready)
        return;
    m_pumpScheduled = true;
    QMetaObject::invokeMethod(this, &SshTunnelWorker::pump, Qt::QueuedConnection);
}

// Reads what the bastion sent and lets every link move data. Any libssh call may read the
// socket and so take in packets for another link (data, a window adjustment, a close) after
// that link had its turn; the socket byte counter shows when that happened, and the round
// repeats until one passes with nothing new. Then every link has seen the session's final
// state, and the next news wakes a notifier.
void SshTunnelWorker::pump()
{
    m_pumpScheduled = false;
    if (m_phase != Phase::Ready)
        return;
    for (int round = 0;; ++round) {
        const uint64_t received = m_counter->in_bytes;
        ssh_event_dopoll(m_event, 0);
        if (!sessionAlive())
            break;
        for (qsizetype i = 0; i < m_links.size(); ++i)
            m_links.at(i)->pump();
        if (!sessionAlive() || m_counter->in_bytes == received)
            break;
        if (round == maxPumpRounds) {
            schedulePump();
            break;
        }
    }
    reapLinks();
    if (!sessionAlive()) {
        fail(SshTunnel::Error::ConnectionLost, SshTunnelWorker::tr("The connection to the SSH server %1 was lost: %2").arg(m_server, sessionError()));
        return;
    }
    updateNotifiers();
}

void SshTunnelWorker::reapLinks()
{
    for (qsizetype i = m_links.size() - 1; i >= 0; --i) {
        SshChannelLink *link = m_links.at(i);
        if (link->state() == SshChannelLink::State::Closed) {
            m_links.removeAt(i);
            link->deleteLater(); // its socket may be in the middle of emitting
        }
    }
}

bool SshTunnelWorker::sessionAlive() const
{
    return m_session && (ssh_get_status(m_session) & (SSH_CLOSED | SSH_CLOSED_ERROR)) == 0;
}

QString SshTunnelWorker::sessionError() const
{
    const char *text = m_session ? ssh_get_error(m_session) : nullptr;
    return text && *text ? QString::fromUtf8(text) : SshTunnelWorker::tr("unknown error");
}

void SshTunnelWorker::fail(SshTunnel::Error kind, const QString &message)
{
    if (m_phase == Phase::Done)
        return;
    // Said before the forwarded connections are closed: their clients hear why (the tunnel
    // went) before they see their connection end.
    Q_EMIT failed(kind, message);
    teardown();
}

void SshTunnelWorker::shutdown()
{
    teardown();
    QThread::currentThread()->quit();
}

void SshTunnelWorker::teardown()
{
    m_phase = Phase::Done;
    if (m_deadline)
        m_deadline->stop();
    if (m_keepalive)
        m_keepalive->stop();
    // Notifiers go first: libssh is about to close the descriptor they watch, and this may run
    // inside one of their own signals (hence deleteLater).
    for (QSocketNotifier *notifier : {m_readNotifier, m_writeNotifier}) {
        if (notifier) {
            notifier->setEnabled(false);
            notifier->deleteLater();
        }
    }
    m_readNotifier = nullptr;
    m_writeNotifier = nullptr;
    if (m_dialer) {
        m_dialer->disconnect(this);
        m_dialer->abort();
        m_dialer->deleteLater();
        m_dialer = nullptr;
    }
    // Listeners close (new connections are refused), then every forwarded connection and its
    // channel; the channels must be freed while the session still exists.
    for (const std::unique_ptr<Forward> &forward : m_forwards) {
        if (forward->server) {
            forward->server->close();
            forward->server->deleteLater();
        } else if (forward->listener >= 0) {
            ::close(int(forward->listener));
        }
    }
    m_forwards.clear();
    for (SshChannelLink *link : std::as_const(m_links)) {
        link->close();
        link->deleteLater();
    }
    m_links.clear();
    m_hostKey.reset();
    if (m_key) {
        ssh_key_free(m_key);
        m_key = nullptr;
    }
    if (m_session && m_connectCalled) {
        // ssh_connect() put the descriptor in the session. libssh closes it itself on some
        // error paths (then ssh_get_fd() is invalid); otherwise ssh_disconnect() leaves a
        // descriptor given through SSH_OPTIONS_FD open for us to close.
        const socket_t held = ssh_get_fd(m_session);
        if (held != SSH_INVALID_SOCKET) {
            if (m_event && sessionAlive()) {
                // libssh writes only after a poll saw the socket writable: two polls send what
                // is queued (the channels' CLOSE) and leave it ready for the goodbye.
                ssh_event_dopoll(m_event, 0);
                ssh_event_dopoll(m_event, 0);
            }
            ssh_disconnect(m_session);
            ::close(held);
        }
        m_fd = -1;
    }
    if (m_event) {
        if (m_session)
            ssh_event_remove_session(m_event, m_session);
        ssh_event_free(m_event);
        m_event = nullptr;
    }
    if (m_session) {
        ssh_free(m_session);
        m_session = nullptr;
    }
    if (m_fd >= 0) {
        ::close(int(m_fd));
        m_fd = -1;
    }
    m_options.password.clear();
    m_options.passphrase.clear();
}
