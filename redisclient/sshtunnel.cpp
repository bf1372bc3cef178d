#include "sshtunnel.h"

#include "sshtunnelworker.h"

#include <algorithm>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace {
// A listening socket on 127.0.0.1 with a port of the kernel's choosing. Made here, on the
// caller's thread, so forward() can return the port at once (bind and listen never wait);
// the worker then serves it. Returns -1 on failure.
qintptr listenOnLoopback(quint16 *port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return -1;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof address;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) != 0 || ::listen(fd, SOMAXCONN) != 0
        || ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) != 0) {
        ::close(fd);
        return -1;
    }
    *port = ntohs(address.sin_port);
    return fd;
}
} // namespace

namespace {
// A lost session is made again after 1, 2, 4, 8 s, then every 10 s.
int retryDelayMs(int attempt)
{
    return std::min(1000 << std::min(attempt, 4), 10'000);
}

// Worth trying again: the network or the server, not a key or a login that was refused.
bool passing(SshTunnel::Error kind)
{
    return kind == SshTunnel::Error::HostUnreachable || kind == SshTunnel::Error::Protocol || kind == SshTunnel::Error::ConnectionLost;
}
} // namespace

SshTunnel::SshTunnel(const SshOptions &options, QObject *parent)
    : QObject(parent)
    , m_options(options)
{
    qRegisterMetaType<SshTunnel::Error>();
    m_thread.setObjectName(QStringLiteral("ssh ") + options.destination());
    connect(&m_thread, &QThread::finished, this, &SshTunnel::onThreadFinished);
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, [this] {
        if (m_state == State::Reconnecting)
            startWorker();
    });
}

SshTunnel::~SshTunnel()
{
    releaseWorker();
    // The worker handles the shutdown between two events and never blocks for long, so this
    // join is short; it must happen before m_thread is destroyed.
    m_thread.wait();
    closeListeners();
}

void SshTunnel::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void SshTunnel::start()
{
    if (m_state != State::Idle)
        return;
    setState(State::Connecting);
    startWorker();
}

// A worker for one SSH session; the secrets stay here, for a session made again after a loss.
void SshTunnel::startWorker()
{
    m_worker = new SshTunnelWorker(m_options);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &SshTunnelWorker::hostKeyUnknown, this, [this](const QString &fingerprint, const QString &keyType) {
        if (m_state == State::Reconnecting) {
            // Accepted once by the user: the same key again is theirs; another is not asked
            // for on the way back, where nobody may be there to answer.
            if (fingerprint == m_acceptedOnce)
                QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->acceptHostKey(false); }, Qt::QueuedConnection);
            else
                QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->rejectHostKey(); }, Qt::QueuedConnection);
            return;
        }
        if (m_state != State::Connecting)
            return;
        m_askedFingerprint = fingerprint;
        setState(State::AwaitingHostKeyDecision);
        Q_EMIT hostKeyUnknown(fingerprint, keyType);
    });
    connect(m_worker, &SshTunnelWorker::ready, this, [this] {
        if (m_state == State::Reconnecting) {
            m_attempt = 0;
            setState(State::Ready);
            Q_EMIT restored();
            return;
        }
        if (m_state != State::Connecting)
            return;
        setState(State::Ready);
        Q_EMIT ready();
    });
    connect(m_worker, &SshTunnelWorker::hostKeyRecorded, this, &SshTunnel::hostKeyRecorded);
    connect(m_worker, &SshTunnelWorker::failed, this, &SshTunnel::onWorkerFailed);
    connect(m_worker, &SshTunnelWorker::forwardFailed, this, [this](quint16 localPort, SshTunnel::Error kind, const QString &message) {
        if (m_state == State::Ready)
            Q_EMIT forwardFailed(localPort, kind, message);
    });
    m_thread.start();
    for (const Forward &forward : std::as_const(m_forwards))
        handOver(forward);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->start(); }, Qt::QueuedConnection);
}

void SshTunnel::onWorkerFailed(SshTunnel::Error kind, const QString &message)
{
    if (m_state == State::Stopping || m_state == State::Stopped || m_state == State::Failed)
        return;
    m_lastError = kind;
    m_lastErrorMessage = message;
    const bool wasUp = m_state == State::Ready;
    releaseWorker();
    if ((wasUp || m_state == State::Reconnecting) && passing(kind)) {
        // Made again once this worker's thread has ended (onThreadFinished), on the same ports.
        if (wasUp) {
            m_attempt = 0;
            setState(State::Reconnecting);
            Q_EMIT interrupted(kind, message);
        }
        return;
    }
    closeListeners();
    setState(State::Failed);
    Q_EMIT failed(kind, message);
}

quint16 SshTunnel::forward(const QString &targetHost, quint16 targetPort)
{
    if (m_state == State::Failed || m_state == State::Stopping || m_state == State::Stopped)
        return 0;
    for (const Forward &existing : std::as_const(m_forwards)) {
        if (existing.port == targetPort && existing.host.compare(targetHost, Qt::CaseInsensitive) == 0)
            return existing.localPort;
    }
    Forward forward;
    forward.host = targetHost;
    forward.port = targetPort;
    forward.listener = listenOnLoopback(&forward.localPort);
    if (forward.listener < 0)
        return 0;
    m_forwards.append(forward);
    if (m_worker)
        handOver(m_forwards.last());
    return forward.localPort;
}

// The worker gets a copy of the listening socket and closes it when it goes; ours keeps the
// port (and its backlog) for the next worker, should the session have to be made again.
void SshTunnel::handOver(const Forward &forward)
{
    const int copy = ::fcntl(int(forward.listener), F_DUPFD_CLOEXEC, 0);
    if (copy < 0)
        return;
    QMetaObject::invokeMethod(
        m_worker,
        [worker = m_worker, listener = qintptr(copy), host = forward.host, port = forward.port, localPort = forward.localPort] {
            worker->addForward(listener, host, port, localPort);
        },
        Qt::QueuedConnection);
}

void SshTunnel::acceptHostKey(bool record)
{
    if (m_state != State::AwaitingHostKeyDecision || !m_worker)
        return;
    if (!record)
        m_acceptedOnce = m_askedFingerprint;
    setState(State::Connecting);
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, record] { worker->acceptHostKey(record); }, Qt::QueuedConnection);
}

void SshTunnel::rejectHostKey()
{
    if (m_state != State::AwaitingHostKeyDecision || !m_worker)
        return;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->rejectHostKey(); }, Qt::QueuedConnection);
}

void SshTunnel::stop()
{
    m_retry.stop();
    switch (m_state) {
    case State::Idle:
        closeListeners();
        setState(State::Stopped);
        Q_EMIT stopped();
        return;
    case State::Failed:
    case State::Stopping:
    case State::Stopped:
        return; // after a failure the worker is already on its way out; stopped() follows
    case State::Reconnecting:
        if (!m_worker && !m_thread.isRunning()) {
            // Between two attempts: nothing runs that could say stopped() later.
            closeListeners();
            setState(State::Stopped);
            Q_EMIT stopped();
            return;
        }
        break;
    default:
        break;
    }
    setState(State::Stopping);
    closeListeners();
    releaseWorker();
}

// Asks the worker to tear down and end its thread, and forgets it: from here on only the
// thread touches it (it is deleted there when the thread finishes).
void SshTunnel::releaseWorker()
{
    if (!m_worker)
        return;
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] { worker->shutdown(); }, Qt::QueuedConnection);
    m_worker = nullptr;
}

void SshTunnel::onThreadFinished()
{
    m_thread.wait(); // returns at once: the thread has finished, this only reaps it
    if (m_state == State::Reconnecting) {
        m_retry.start(retryDelayMs(m_attempt++));
        return;
    }
    if (m_state == State::Stopping)
        setState(State::Stopped);
    Q_EMIT stopped();
}

void SshTunnel::closeListeners()
{
    for (Forward &forward : m_forwards) {
        if (forward.listener >= 0) {
            ::close(int(forward.listener));
            forward.listener = -1;
        }
    }
}
