#pragma once

#include <QList>
#include <QObject>

class QSocketNotifier;

// Turns SIGINT/SIGTERM into a Qt signal on the event loop (the self-pipe pattern), so Ctrl+C
// ends LockScope through its destructors: sandbox servers are stopped, not orphaned. The
// C handler can only reach a file descriptor, which is why that one descriptor is static;
// one watcher may exist at a time.
class SignalWatcher final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SignalWatcher)

public:
    explicit SignalWatcher(const QList<int> &signalNumbers, QObject *parent = nullptr);
    ~SignalWatcher() override;

    bool isActive() const { return m_notifier != nullptr; }

Q_SIGNALS:
    void caught(int signalNumber);

private:
    QList<int> m_signals;
    QSocketNotifier *m_notifier = nullptr;
};
