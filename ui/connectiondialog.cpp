#include "connectiondialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

ConnectionDialog::ConnectionDialog(QWidget *parent)
    : QDialog(parent)
    , m_url(new QLineEdit(this))
    , m_host(new QLineEdit(this))
    , m_port(new QSpinBox(this))
    , m_user(new QLineEdit(this))
    , m_password(new QLineEdit(this))
    , m_database(new QSpinBox(this))
    , m_tls(new QCheckBox(tr("Use TLS"), this))
    , m_caCert(new QLineEdit(this))
    , m_insecure(new QCheckBox(tr("Do not verify the server certificate"), this))
    , m_timeout(new QSpinBox(this))
    , m_readOnly(new QCheckBox(tr("Read-only: refuse every admin action"), this))
    , m_urlError(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Connect to Redis"));
    m_url->setPlaceholderText(QStringLiteral("redis://user:password@host:6379/0"));
    m_urlError->setStyleSheet(QStringLiteral("color: #b3261e"));
    m_urlError->hide();
    m_port->setRange(1, 65535);
    m_database->setRange(0, 65535);
    m_password->setEchoMode(QLineEdit::Password);
    m_user->setPlaceholderText(tr("default"));
    m_caCert->setPlaceholderText(tr("CA certificate file (PEM)"));
    m_timeout->setRange(100, 120000);
    m_timeout->setSingleStep(500);
    m_timeout->setSuffix(tr(" ms"));

    auto *form = new QFormLayout;
    form->addRow(tr("URL"), m_url);
    form->addRow(QString(), m_urlError);
    form->addRow(tr("Host"), m_host);
    form->addRow(tr("Port"), m_port);
    form->addRow(tr("ACL user"), m_user);
    form->addRow(tr("Password"), m_password);
    form->addRow(tr("Database"), m_database);
    form->addRow(QString(), m_tls);
    form->addRow(tr("CA certificate"), m_caCert);
    form->addRow(QString(), m_insecure);
    form->addRow(tr("Connect timeout"), m_timeout);
    form->addRow(QString(), m_readOnly);

    m_sandboxButton = m_buttons->addButton(tr("Use a sandbox server"), QDialogButtonBox::ActionRole);
    m_sandboxButton->setToolTip(tr("Start a private redis-server with sample locks"));
    connect(m_sandboxButton, &QPushButton::clicked, this, [this] {
        m_sandbox = true;
        accept();
    });
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        m_sandbox = false;
        accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_url, &QLineEdit::editingFinished, this, &ConnectionDialog::applyUrl);
    auto enableTls = [this] {
        m_caCert->setEnabled(m_tls->isChecked());
        m_insecure->setEnabled(m_tls->isChecked());
    };
    connect(m_tls, &QCheckBox::toggled, this, enableTls);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    setProfile(ConnectionProfile());
    enableTls();
}

void ConnectionDialog::setSandboxAvailable(bool available)
{
    m_sandboxButton->setVisible(available);
}

void ConnectionDialog::applyUrl()
{
    const QString text = m_url->text().trimmed();
    if (text.isEmpty()) {
        m_urlError->hide();
        return;
    }
    ConnectionProfile parsed = profile();
    QString error;
    if (!parsed.applyUrl(text, &error)) {
        m_urlError->setText(error);
        m_urlError->show();
        return;
    }
    m_urlError->hide();
    setProfile(parsed);
}

void ConnectionDialog::setProfile(const ConnectionProfile &p)
{
    m_host->setText(p.host);
    m_port->setValue(p.port);
    m_user->setText(p.user);
    m_password->setText(p.password);
    m_database->setValue(p.database);
    m_tls->setChecked(p.tls.enabled);
    m_caCert->setText(p.tls.caFile);
    m_insecure->setChecked(!p.tls.verifyPeer);
    m_timeout->setValue(p.connectTimeoutMs);
}

ConnectionProfile ConnectionDialog::profile() const
{
    ConnectionProfile p;
    p.host = m_host->text().trimmed();
    p.port = quint16(m_port->value());
    p.user = m_user->text();
    p.password = m_password->text();
    p.database = m_database->value();
    p.tls.enabled = m_tls->isChecked();
    p.tls.caFile = m_caCert->text();
    p.tls.verifyPeer = !m_insecure->isChecked();
    p.connectTimeoutMs = m_timeout->value();
    return p;
}

bool ConnectionDialog::readOnly() const
{
    return m_readOnly->isChecked();
}

void ConnectionDialog::setReadOnly(bool readOnly)
{
    m_readOnly->setChecked(readOnly);
}
