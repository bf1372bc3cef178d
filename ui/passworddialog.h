#pragma once

#include "connectionprofile.h"

#include <QDialog>
#include <QList>

class QCheckBox;
class QLineEdit;

// Asks for the secrets of a saved connection that the keychain did not have, when it
// connects: one masked field each, why they are asked for, and, where a keychain is at hand,
// whether to save them there. Without a keychain, it says they are kept in memory only.
// Window-modal, opened with open().
class PasswordDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PasswordDialog)

public:
    // note: why they are asked for; keychain: whether one is there to save them in.
    PasswordDialog(const ConnectionProfile &profile, const QList<SecretKind> &kinds, const QString &note, bool keychain,
                   QWidget *parent = nullptr);

    QList<SecretKind> kinds() const { return m_kinds; }
    // The profile with what was typed.
    ConnectionProfile profile() const;
    // Save in the keychain (false without one: they are kept in memory regardless).
    bool saveInKeychain() const;
    QLineEdit *field(SecretKind kind) const;

private:
    ConnectionProfile m_profile;
    QList<SecretKind> m_kinds;
    QList<QLineEdit *> m_fields;
    QCheckBox *m_save = nullptr;
};
