#pragma once

#include "clicommand.h"
#include "redlockevent.h"

class RedlockWatchService;

// lockscope watch --redlock URL,URL,…: a live watch over a Redlock group until --duration runs
// out or a signal stops it (Ctrl+C, SIGTERM: exit code 0). Without --events, the group's table
// (as scan --redlock prints it) after every scan; with --events, one line per group event
// (--json: one object per event, with every node's token and TTL, absence or error).
class RedlockWatchCommand final : public CliCommand
{
    Q_OBJECT

public:
    RedlockWatchCommand(const CliOptions &options, const DialectRegistry *registry, QObject *parent = nullptr);

    // One event as a line of text, newline included.
    static QByteArray eventLine(const RedlockEvent &event, double driftFactor);
    static QString kindWord(RedlockEvent::Kind kind);

protected:
    void run() override;
    void interrupt(int signalNumber) override;

private:
    void onObserved(const QList<RedlockObservation> &observations);
    void printEvents(const QList<RedlockEvent> &events);

    RedlockWatchService *m_watch = nullptr;
    bool m_observed = false;
};
