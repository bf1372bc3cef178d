#pragma once

#include <QObject>
#include <QString>

class QTimer;
namespace QKeychain {
class Job;
}

// Finds out, without blocking and without asking the user anything, whether passwords can go
// to the OS keychain: is there a D-Bus session bus, does anything on it own (or can it start)
// the Secret Service or KWallet, and does QtKeychain get an answer from it. The last step is
// a lookup of a key nobody writes: it touches no stored secret and, because nothing matches,
// makes the keyring show no unlock prompt.
//
// QtKeychain alone cannot tell: with libsecret it reports "no bus" and "no secret service"
// as OtherError with GLib's wording, never NoBackendAvailable, so the first two steps are
// ours and say in words what is missing.
class KeychainProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KeychainProbe)

public:
    explicit KeychainProbe(const QString &service, QObject *parent = nullptr);
    ~KeychainProbe() override;

    // Starts a check; finished() follows once, always from the event loop. A start while one
    // runs is ignored; a later start checks again (the user may have unlocked or installed
    // a keyring since).
    void start();
    bool isRunning() const { return m_running; }

    // The key the probe looks up, so no caller ever uses it for a secret.
    static QString probeKey();
    // A finished QtKeychain job's error in words for the user (empty when there is none).
    static QString errorText(const QKeychain::Job *job);

Q_SIGNALS:
    // why says, in words for the user, what is missing when available is false.
    void finished(bool available, const QString &why);

private:
    void checkNames();
    void checkActivatable();
    void askKeychain();
    void finish(bool available, const QString &why);

    QString m_service;
    QTimer *m_deadline;
    bool m_running = false;
    // Counts starts, so an answer that arrives after its probe timed out is dropped.
    quint64 m_generation = 0;
};
