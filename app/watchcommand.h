#pragma once

#include "clicommand.h"
#include "keysample.h"
#include "lockevent.h"

#include <QSet>
#include <QTimer>

class LockEventService;
class WatchService;

// lockscope watch: keeps watching until --duration runs out or a signal stops it (Ctrl+C,
// SIGTERM: exit code 0; SIGHUP and the like: 128 + the signal), then ends cleanly: output
// flushed, and the server's notification setting put back if --enable-notifications changed it.
// With --events, one line per lock event (--json: one JSON object per event); without it,
// the lock table is printed again after every refresh (--json: one object per lock).
// Status (what is watched, whether events are live or polled) goes to stderr.
class WatchCommand final : public CliCommand
{
    Q_OBJECT

public:
    WatchCommand(const CliOptions &options, const DialectRegistry *registry, QObject *parent = nullptr);
    ~WatchCommand() override;

    static QByteArray eventLine(const LockEvent &event);
    static QString kindWord(LockEventKind kind);

protected:
    void run() override;
    void interrupt(int signalNumber) override;

private:
    void printEvents(const QList<LockEvent> &events);
    void reportUnreadable(const QList<KeySample> &samples);
    void printTable();
    void reportStatus();
    void shutdown(const QString &why, int code = Done);

    WatchService *m_watch = nullptr;
    LockEventService *m_events = nullptr;
    QTimer m_tableTimer;
    QString m_lastStatus;
    bool m_scanned = false;
    bool m_shuttingDown = false;
    QSet<QString> m_reportedErrors;
};
