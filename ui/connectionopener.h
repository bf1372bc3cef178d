#pragma once

#include "connectionprofile.h"

#include <QObject>
#include <QPointer>

class ConnectionStore;
class PasswordDialog;
class QWidget;

// Gets a connection ready to open: a saved one's secrets from the keychain (through the
// ConnectionStore), and those the keychain does not have from the user (PasswordDialog,
// window-modal on the window). ready() then carries the profile with its secrets, held in
// memory only; cancelled() says why not. Nothing waits: each step answers from the event loop.
class ConnectionOpener final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionOpener)

public:
    // store may be null: then profiles are passed on as they are.
    ConnectionOpener(ConnectionStore *store, QWidget *window);

    // A later open() replaces one still in progress.
    void open(const ConnectionProfile &profile);
    // The question open now, if any (for tests).
    PasswordDialog *passwordDialog() const;

Q_SIGNALS:
    void ready(const ConnectionProfile &profile);
    void cancelled(const QString &why);
    // Where asked-for secrets went ("kept in memory only …"), for the status bar.
    void notice(const QString &message);

private:
    void ask(const ConnectionProfile &profile, const QList<SecretKind> &missing, const QString &note);

    ConnectionStore *m_store;
    QWidget *m_window;
    QPointer<PasswordDialog> m_dialog;
    // Counts open() calls, so the answer of a replaced one is dropped.
    quint64 m_generation = 0;
};
