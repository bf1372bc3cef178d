#pragma once

#include "connectionprofile.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

// Where to connect: host, port, ACL user and password (or password only), database, TLS,
// or a redis:// URL that fills the fields. Passwords are never stored.
class ConnectionDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionDialog)

public:
    explicit ConnectionDialog(QWidget *parent = nullptr);

    void setProfile(const ConnectionProfile &profile);
    ConnectionProfile profile() const;
    bool readOnly() const;
    void setReadOnly(bool readOnly);
    bool useSandbox() const { return m_sandbox; }
    void setSandboxAvailable(bool available);

private:
    void applyUrl();

    QLineEdit *m_url;
    QLineEdit *m_host;
    QSpinBox *m_port;
    QLineEdit *m_user;
    QLineEdit *m_password;
    QSpinBox *m_database;
    QCheckBox *m_tls;
    QLineEdit *m_caCert;
    QCheckBox *m_insecure;
    QSpinBox *m_timeout;
    QCheckBox *m_readOnly;
    QLabel *m_urlError;
    QDialogButtonBox *m_buttons;
    QPushButton *m_sandboxButton;
    bool m_sandbox = false;
};
