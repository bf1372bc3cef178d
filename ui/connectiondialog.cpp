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

    QPushButton *sandbox = m_buttons->addButton(tr("Use a sandbox server"), QDialogButtonBox::ActionRole);
    sandbox->setToolTip(tr("Start a private redis-server with sample locks"));
    connect(sandbox, &QPushButton::clicked, this, [this] {
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
    setOptions(ConnectionOptions());
    enableTls();
}

void ConnectionDialog::applyUrl()
{
    const QString text = m_url->text().trimmed();
    if (text.isEmpty()) {
        m_urlError->hide();
        return;
    }
    ConnectionOptions parsed = options();
    QString error;
    if (!parsed.applyUrl(text, &error)) {
        m_urlError->setText(error);
        m_urlError->show();
        return;
    }
    m_urlError->hide();
    setOptions(parsed);
}

void ConnectionDialog::setOptions(const ConnectionOptions &o)
{
    m_host->setText(o.host);
    m_port->setValue(o.port);
    m_user->setText(o.user);
    m_password->setText(o.password);
    m_database->setValue(o.database);
    m_tls->setChecked(o.tls);
    m_caCert->setText(o.caCertFile);
    m_insecure->setChecked(!o.verifyPeer);
    m_timeout->setValue(o.connectTimeoutMs);
}

ConnectionOptions ConnectionDialog::options() const
{
    ConnectionOptions o;
    o.host = m_host->text().trimmed();
    o.port = quint16(m_port->value());
    o.user = m_user->text();
    o.password = m_password->text();
    o.database = m_database->value();
    o.tls = m_tls->isChecked();
    o.caCertFile = m_caCert->text();
    o.verifyPeer = !m_insecure->isChecked();
    o.connectTimeoutMs = m_timeout->value();
    return o;
}

bool ConnectionDialog::readOnly() const
{
    return m_readOnly->isChecked();
}

void ConnectionDialog::setReadOnly(bool readOnly)
{
    m_readOnly->setChecked(readOnly);
}
