#pragma once

#include <QList>
#include <QObject>

#include <signal.h>

class QSocketNotifier;

// Turns every signal that would end the process and can be caught (SIGINT and SIGTERM, but
// also SIGHUP when an SSH session closes, SIGQUIT, SIGUSR1 …) into a Qt signal, so a command
// ends through its event loop (output flushed, a server setting put back) instead of dying
// mid-write. SIGPIPE is ignored while an instance exists: a closed pipe then shows up as a
// write error, which ends the command in the same orderly way. The handler only writes one
// byte to a socket pair, which is async-signal-safe; a QSocketNotifier reads it on the event
// loop. A second signal is not caught: it ends the process at once.
//
// POSIX signal handlers are process-wide, so the write end of the pair has to be a static:
// the one global LockScope has, and only while an instance exists.
class TerminationSignals final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TerminationSignals)

public:
    explicit TerminationSignals(QObject *parent = nullptr);
    ~TerminationSignals() override;

    // The signals it catches.
    static QList<int> caught();
    // The exit status a command uses after stopping cleanly on this signal: 0 for the ways a
    // user asks a command to stop (Ctrl+C, SIGTERM), 128 + the number otherwise, as a shell
    // reports a process that the signal ended.
    static int exitStatus(int signalNumber);

Q_SIGNALS:
    void received(int signalNumber);

private:
    static void handle(int signalNumber);
    void onReadable();

    int m_fds[2] = {-1, -1};
    QSocketNotifier *m_notifier = nullptr;
    QList<QPair<int, struct sigaction>> m_previous;
};
