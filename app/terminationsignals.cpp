#include "terminationsignals.h"

#include <QSocketNotifier>

#include <cerrno>
#include <sys/socket.h>
#include <unistd.h>

namespace {
volatile int writeEnd = -1;
} // namespace

QList<int> TerminationSignals::caught()
{
    // Every signal whose default action ends the process, less those that report a fault
    // in the process itself (SIGSEGV and friends): catching those would hide the crash.
    return {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPOLL, SIGPWR};
}

int TerminationSignals::exitStatus(int signalNumber)
{
    return signalNumber == SIGINT || signalNumber == SIGTERM ? 0 : 128 + signalNumber;
}

TerminationSignals::TerminationSignals(QObject *parent)
    : QObject(parent)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, m_fds) != 0)
        return;
    writeEnd = m_fds[0];
    m_notifier = new QSocketNotifier(m_fds[1], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &TerminationSignals::onReadable);

    struct sigaction action = {};
    action.sa_handler = &TerminationSignals::handle;
    sigemptyset(&action.sa_mask);
    // The first signal is ours; the next one gets the default action (ends the process).
    action.sa_flags = SA_RESTART | SA_RESETHAND;
    for (int number : caught()) {
        struct sigaction old = {};
        sigaction(number, &action, &old);
        m_previous.append({number, old});
    }
    struct sigaction ignore = {};
    ignore.sa_handler = SIG_IGN;
    struct sigaction old = {};
    sigaction(SIGPIPE, &ignore, &old);
    m_previous.append({SIGPIPE, old});
}

TerminationSignals::~TerminationSignals()
{
    if (m_fds[0] < 0)
        return;
    for (const auto &[number, old] : std::as_const(m_previous))
        sigaction(number, &old, nullptr);
    writeEnd = -1;
    delete m_notifier;
    ::close(m_fds[0]);
    ::close(m_fds[1]);
}

void TerminationSignals::handle(int signalNumber)
{
    const int saved = errno;
    const char byte = char(signalNumber);
    if (writeEnd >= 0)
        (void)!::write(writeEnd, &byte, 1);
    errno = saved;
}

void TerminationSignals::onReadable()
{
    char byte = 0;
    if (::read(m_fds[1], &byte, 1) == 1)
        Q_EMIT received(int(byte));
}
