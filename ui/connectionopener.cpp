#include "connectionopener.h"

#include "connectionstore.h"
#include "passworddialog.h"
#include "secretstore.h"

#include <QWidget>

ConnectionOpener::ConnectionOpener(ConnectionStore *store, QWidget *window)
    : QObject(window)
    , m_store(store)
    , m_window(window)
{
}

void ConnectionOpener::open(const ConnectionProfile &profile)
{
    const quint64 generation = ++m_generation;
    if (m_dialog)
        m_dialog->deleteLater();
    if (!m_store) {
        QMetaObject::invokeMethod(this, [this, profile] { Q_EMIT ready(profile); }, Qt::QueuedConnection);
        return;
    }
    m_store->fillSecrets(profile, this, [this, generation](const ConnectionProfile &filled, const QList<SecretKind> &missing,
                                                           const QString &note) {
        if (generation != m_generation)
            return;
        if (missing.isEmpty())
            Q_EMIT ready(filled);
        else
            ask(filled, missing, note);
    });
}

void ConnectionOpener::ask(const ConnectionProfile &profile, const QList<SecretKind> &missing, const QString &note)
{
    const bool keychain = m_store->secrets()->isAvailable();
    m_dialog = new PasswordDialog(profile, missing, note, keychain, m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    const quint64 generation = m_generation;
    PasswordDialog *dialog = m_dialog;
    connect(dialog, &QDialog::accepted, this, [this, dialog, generation] {
        if (generation != m_generation)
            return;
        const ConnectionProfile p = dialog->profile();
        // Without a keychain they go to memory either way, so the next connection of this
        // run finds them; with one, only when the user said so.
        if (dialog->saveInKeychain() || !m_store->secrets()->isAvailable()) {
            m_store->keepSecrets(p, dialog->kinds(), this, [this](const QString &note) {
                if (!note.isEmpty())
                    Q_EMIT notice(note);
            });
        }
        Q_EMIT ready(p);
    });
    connect(dialog, &QDialog::rejected, this, [this, profile, generation] {
        if (generation == m_generation)
            Q_EMIT cancelled(tr("Not connected to %1: no password given").arg(profile.name));
    });
    dialog->open();
}

PasswordDialog *ConnectionOpener::passwordDialog() const
{
    return m_dialog;
}
