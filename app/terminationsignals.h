#pragma once

#include <QObject>

#include <signal.h>

class QSocketNotifier;

// Turns SIGINT and SIGTERM into a Qt signal, so a terminal command ends through its event
// loop (output flushed, a server setting put back) instead of dying mid-write. The handler
// only writes one byte to a socket pair, which is async-signal-safe; a QSocketNotifier reads
// it on the event loop. A second Ctrl+C is not caught: it ends the process at once.
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

Q_SIGNALS:
    void received(int signalNumber);

private:
    static void handle(int signalNumber);
    void onReadable();

    int m_fds[2] = {-1, -1};
    QSocketNotifier *m_notifier = nullptr;
    struct sigaction m_oldInt = {};
    struct sigaction m_oldTerm = {};
};
