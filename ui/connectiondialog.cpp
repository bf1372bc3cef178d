#include "connectiondialog.h"

#include "connectionlistmodel.h"
#include "connectionstore.h"
#include "redlockgroupdialog.h"
#include "secretstore.h"

#include <QAction>
#include <QCheckBox>
#include <QColorDialog>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeView>
#include <QUuid>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace {
struct NamedColor
{
    const char *name;
    QColor color;
};

// Tags that read apart at a glance; red is what production usually gets.
const QList<NamedColor> &presetColors()
{
    static const QList<NamedColor> colors = {
        {QT_TRANSLATE_NOOP("ConnectionDialog", "Red"), QColor(0xc6, 0x28, 0x28)},
        {QT_TRANSLATE_NOOP("ConnectionDialog", "Orange"), QColor(0xef, 0x6c, 0x00)},
        {QT_TRANSLATE_NOOP("ConnectionDialog", "Yellow"), QColor(0xf9, 0xa8, 0x25)},
        {QT_TRANSLATE_NOOP("ConnectionDialog", "Green"), QColor(0x2e, 0x7d, 0x32)},
        {QT_TRANSLATE_NOOP("ConnectionDialog", "Teal"), QColor(0x00, 0x83, 0x8f)},
        {QT_TRANSLATE_NOOP("ConnectionDialog", "Blue"), QColor(0x15, 0x65, 0xc0)},
        {QT_TRANSLATE_NOOP("ConnectionDialog", "Purple"), QColor(0x6a, 0x1b, 0x9a)},
        {QT_TRANSLATE_NOOP("ConnectionDialog", "Grey"), QColor(0x61, 0x61, 0x61)},
    };
    return colors;
}

QIcon swatch(const QColor &color)
{
    QPixmap pixmap(16, 16);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setPen(QColor(0, 0, 0, 90));
    if (color.isValid())
        painter.setBrush(color);
    painter.drawRoundedRect(QRectF(0.5, 0.5, 15, 15), 3, 3);
    if (!color.isValid())
        painter.drawLine(QPointF(3, 13), QPointF(13, 3));
    return QIcon(pixmap);
}

QLabel *hint(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setWordWrap(true);
    label->setStyleSheet(u"color: palette(mid)"_s);
    return label;
}
} // namespace

ConnectionDialog::ConnectionDialog(ConnectionStore *store, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_model(new ConnectionListModel(this))
{
    setWindowTitle(store ? tr("Connections") : tr("Connect to Redis"));
    setObjectName(u"connectionDialog"_s);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setChildrenCollapsible(false);
    m_listPanel = buildList();
    splitter->addWidget(m_listPanel);
    splitter->addWidget(buildEditor());
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({360, 620});

    m_status = new QLabel(this);
    m_status->setObjectName(u"status"_s);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_keychain = hint(QString(), this);
    m_keychain->setObjectName(u"keychain"_s);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_sandboxButton = m_buttons->addButton(tr("Use a sandbox server"), QDialogButtonBox::ActionRole);
    m_sandboxButton->setToolTip(tr("Start a private redis-server with sample locks"));
    m_groupsButton = m_buttons->addButton(tr("Redlock groups…"), QDialogButtonBox::ActionRole);
    m_groupsButton->setObjectName(u"redlockGroups"_s);
    m_groupsButton->setToolTip(tr("Lock groups: saved connections that are the independent nodes of one Redlock"));
    m_groupsButton->setVisible(m_store != nullptr);
    connect(m_groupsButton, &QPushButton::clicked, this, &ConnectionDialog::openRedlockGroups);
    m_saveButton = m_buttons->addButton(tr("Save"), QDialogButtonBox::ActionRole);
    m_saveButton->setObjectName(u"save"_s);
    m_saveButton->setToolTip(tr("Save this connection; its passwords go to the system keychain"));
    m_connectButton = m_buttons->addButton(tr("Connect"), QDialogButtonBox::AcceptRole);
    m_connectButton->setObjectName(u"connect"_s);
    m_connectButton->setDefault(true);
    connect(m_sandboxButton, &QPushButton::clicked, this, [this] {
        Q_EMIT sandboxRequested();
        accept();
    });
    connect(m_saveButton, &QPushButton::clicked, this, &ConnectionDialog::saveConnection);
    connect(m_connectButton, &QPushButton::clicked, this, &ConnectionDialog::connectNow);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);
    layout->addWidget(m_keychain);
    layout->addWidget(m_buttons);

    if (m_store) {
        SecretStore *secrets = m_store->secrets();
        m_keychain->setText(secrets->statusText());
        // The probe answers after the dialog is up: "in the keychain" or "for this session" then.
        connect(secrets, &SecretStore::availabilityChanged, this, [this] {
            m_keychain->setText(m_store->secrets()->statusText());
            updateSecretPlaceholders();
        });
        if (secrets->availability() == SecretStore::Availability::Unknown)
            secrets->probe();
        reload();
    } else {
        m_listPanel->hide();
        m_saveButton->hide();
        m_keychain->setText(tr("Passwords typed here are used for this connection only and never saved."));
    }
    ConnectionProfile fresh = ConnectionProfile::newSaved(QString());
    if (!m_store) {
        fresh.id.clear();
        fresh.readOnly = false;
    }
    setProfile(fresh);
    resize(m_store ? 1000 : 620, 660);
}

ConnectionDialog::~ConnectionDialog() = default;

QWidget *ConnectionDialog::buildList()
{
    auto *panel = new QWidget(this);
    m_list = new QTreeView(panel);
    m_list->setObjectName(u"connectionList"_s);
    m_list->setModel(m_model);
    m_list->setHeaderHidden(false);
    m_list->setUniformRowHeights(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->header()->setStretchLastSection(true);
    m_list->setColumnWidth(ConnectionListModel::NameColumn, 150);
    connect(m_model, &QAbstractItemModel::modelReset, m_list, &QTreeView::expandAll);
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, &ConnectionDialog::onCurrentChanged);
    connect(m_list, &QTreeView::doubleClicked, this, [this](const QModelIndex &index) {
        if (m_model->connection(index))
            connectNow();
    });

    m_newButton = new QPushButton(tr("New"), panel);
    m_newButton->setObjectName(u"new"_s);
    m_duplicateButton = new QPushButton(tr("Duplicate"), panel);
    m_duplicateButton->setObjectName(u"duplicate"_s);
    m_deleteButton = new QPushButton(tr("Delete…"), panel);
    m_deleteButton->setObjectName(u"delete"_s);
    m_importButton = new QPushButton(tr("Import…"), panel);
    m_importButton->setToolTip(tr("Add connections from a JSON file exported by LockScope"));
    m_exportButton = new QPushButton(tr("Export…"), panel);
    m_exportButton->setToolTip(tr("Write the saved connections to a JSON file, without any password"));
    connect(m_newButton, &QPushButton::clicked, this, &ConnectionDialog::newConnection);
    connect(m_duplicateButton, &QPushButton::clicked, this, &ConnectionDialog::duplicateConnection);
    connect(m_deleteButton, &QPushButton::clicked, this, &ConnectionDialog::deleteConnection);
    connect(m_importButton, &QPushButton::clicked, this, [this] {
        auto *files = new QFileDialog(this, tr("Import connections"), QString(), tr("LockScope connections (*.json)"));
        files->setAttribute(Qt::WA_DeleteOnClose);
        files->setFileMode(QFileDialog::ExistingFile);
        connect(files, &QFileDialog::fileSelected, this, [this](const QString &path) { importFile(path); });
        files->open();
    });
    connect(m_exportButton, &QPushButton::clicked, this, [this] {
        auto *files = new QFileDialog(this, tr("Export connections"), u"lockscope-connections.json"_s,
                                      tr("LockScope connections (*.json)"));
        files->setAttribute(Qt::WA_DeleteOnClose);
        files->setAcceptMode(QFileDialog::AcceptSave);
        files->setDefaultSuffix(u"json"_s);
        connect(files, &QFileDialog::fileSelected, this, [this](const QString &path) { exportFile(path); });
        files->open();
    });

    auto *buttons = new QGridLayout;
    buttons->addWidget(m_newButton, 0, 0);
    buttons->addWidget(m_duplicateButton, 0, 1);
    buttons->addWidget(m_deleteButton, 0, 2);
    buttons->addWidget(m_importButton, 1, 0);
    buttons->addWidget(m_exportButton, 1, 1);
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addLayout(buttons);
    return panel;
}

QWidget *ConnectionDialog::buildEditor()
{
    auto *editor = new QWidget(this);
    m_url = new QLineEdit(editor);
    m_url->setObjectName(u"url"_s);
    m_url->setPlaceholderText(tr("Paste a redis://, rediss:// or redis+sentinel:// URL to fill in the fields"));
    m_url->setClearButtonEnabled(true);
    m_urlError = new QLabel(editor);
    m_urlError->setStyleSheet(u"color: #b3261e"_s);
    m_urlError->setWordWrap(true);
    m_urlError->hide();
    // A URL that parses fills the fields at once (a paste); one still being typed says what
    // is wrong only once the typing is done.
    connect(m_url, &QLineEdit::textChanged, this, [this](const QString &text) {
        ConnectionProfile probe;
        if (!text.trimmed().isEmpty() && probe.applyUrl(text.trimmed(), nullptr))
            applyUrl(text);
    });
    connect(m_url, &QLineEdit::editingFinished, this, [this] {
        if (!m_url->text().trimmed().isEmpty())
            applyUrl(m_url->text());
    });

    auto *general = new QGroupBox(tr("Connection"), editor);
    m_name = new QLineEdit(general);
    m_name->setObjectName(u"name"_s);
    m_name->setPlaceholderText(tr("prod-eu (what lockscope --connection takes)"));
    m_group = new QComboBox(general);
    m_group->setObjectName(u"group"_s);
    m_group->setEditable(true);
    m_group->setInsertPolicy(QComboBox::NoInsert);
    m_group->lineEdit()->setPlaceholderText(tr("none"));
    m_colorButton = new QToolButton(general);
    m_colorButton->setObjectName(u"color"_s);
    m_colorButton->setPopupMode(QToolButton::InstantPopup);
    m_colorButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    auto *colors = new QMenu(m_colorButton);
    colors->addAction(swatch({}), tr("None"), this, [this] { setColor({}); });
    for (const NamedColor &c : presetColors()) {
        const QColor color = c.color;
        colors->addAction(swatch(color), tr(c.name), this, [this, color] { setColor(color); });
    }
    colors->addSeparator();
    colors->addAction(tr("Other…"), this, [this] {
        auto *picker = new QColorDialog(m_color.isValid() ? m_color : QColor(Qt::red), this);
        picker->setAttribute(Qt::WA_DeleteOnClose);
        connect(picker, &QColorDialog::colorSelected, this, &ConnectionDialog::setColor);
        picker->open();
    });
    m_colorButton->setMenu(colors);
    m_production = new QCheckBox(tr("Production: a band across the window, and a force-release asks for the key name"), general);
    m_production->setObjectName(u"production"_s);
    m_readOnly = new QCheckBox(tr("Read-only: refuse every admin action"), general);
    m_readOnly->setObjectName(u"readOnly"_s);
    connect(m_production, &QCheckBox::toggled, this, [this](bool on) {
        // Production wants a colour that says so; red unless the user chose one.
        if (on && !m_color.isValid())
            setColor(presetColors().first().color);
    });

    auto *tag = new QHBoxLayout;
    tag->addWidget(m_group, 1);
    tag->addWidget(new QLabel(tr("Colour"), general));
    tag->addWidget(m_colorButton);
    auto *form = new QFormLayout(general);
    form->addRow(tr("Name"), m_name);
    form->addRow(tr("Group"), tag);
    form->addRow(QString(), m_production);
    form->addRow(QString(), m_readOnly);

    m_tabs = new QTabWidget(editor);
    m_tabs->addTab(buildServerPage(), tr("Server"));
    m_tabs->addTab(buildTlsPage(), tr("TLS"));
    m_tabs->addTab(buildSshPage(), tr("SSH tunnel"));

    auto *layout = new QVBoxLayout(editor);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_url);
    layout->addWidget(m_urlError);
    layout->addWidget(general);
    layout->addWidget(m_tabs, 1);
    return editor;
}

QWidget *ConnectionDialog::buildServerPage()
{
    auto *page = new QWidget(this);
    m_kind = new QComboBox(page);
    m_kind->setObjectName(u"kind"_s);
    m_kind->addItem(tr("Standalone (or find out: a cluster node is watched as its cluster)"),
                    QVariant::fromValue(int(ConnectionProfile::Kind::Standalone)));
    m_kind->addItem(tr("Redis Cluster, from seed nodes"), QVariant::fromValue(int(ConnectionProfile::Kind::Cluster)));
    m_kind->addItem(tr("Sentinel: a master found through its sentinels"), QVariant::fromValue(int(ConnectionProfile::Kind::Sentinel)));
    m_host = new QLineEdit(page);
    m_host->setObjectName(u"host"_s);
    m_port = new QSpinBox(page);
    m_port->setObjectName(u"port"_s);
    m_port->setRange(1, 65535);
    auto *endpoint = new QHBoxLayout;
    endpoint->addWidget(m_host, 1);
    endpoint->addWidget(new QLabel(tr("Port"), page));
    endpoint->addWidget(m_port);
    m_moreNodes = new QPlainTextEdit(page);
    m_moreNodes->setObjectName(u"moreNodes"_s);
    m_moreNodes->setPlaceholderText(tr("host:port, one per line"));
    m_moreNodes->setFixedHeight(fontMetrics().height() * 3 + 12);
    m_master = new QLineEdit(page);
    m_master->setObjectName(u"masterName"_s);
    m_master->setPlaceholderText(tr("mymaster"));
    m_sentinelUser = new QLineEdit(page);
    m_sentinelUser->setObjectName(u"sentinelUser"_s);
    m_sentinelUser->setPlaceholderText(tr("default"));
    m_socket = new QLineEdit(page);
    m_socket->setObjectName(u"socket"_s);
    m_socket->setPlaceholderText(tr("/run/redis/redis-server.sock (in place of host and port)"));
    m_socketRow = withBrowse(m_socket, false);
    m_user = new QLineEdit(page);
    m_user->setObjectName(u"user"_s);
    m_user->setPlaceholderText(tr("default"));
    m_database = new QSpinBox(page);
    m_database->setObjectName(u"database"_s);
    m_database->setRange(0, 65535);
    m_timeout = new QSpinBox(page);
    m_timeout->setRange(100, 120000);
    m_timeout->setSingleStep(500);
    m_timeout->setSuffix(tr(" ms"));

    m_serverForm = new QFormLayout(page);
    m_serverForm->addRow(tr("Kind"), m_kind);
    m_serverForm->addRow(tr("Host"), endpoint);
    m_serverForm->addRow(tr("More nodes"), m_moreNodes);
    m_serverForm->addRow(tr("Master name"), m_master);
    m_serverForm->addRow(tr("Sentinel user"), m_sentinelUser);
    m_serverForm->addRow(tr("Sentinel password"), secretField(SecretKind::SentinelPassword));
    m_serverForm->addRow(tr("Unix socket"), m_socketRow);
    m_serverForm->addRow(tr("ACL user"), m_user);
    m_serverForm->addRow(tr("Password"), secretField(SecretKind::RedisPassword));
    m_serverForm->addRow(tr("Database"), m_database);
    m_serverForm->addRow(tr("Connect timeout"), m_timeout);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &ConnectionDialog::updateKind);
    connect(m_socket, &QLineEdit::textChanged, this, &ConnectionDialog::updateTransports);
    return page;
}

QWidget *ConnectionDialog::buildTlsPage()
{
    auto *page = new QWidget(this);
    m_tls = new QCheckBox(tr("Use TLS (as rediss:// does)"), page);
    m_tls->setObjectName(u"tls"_s);
    m_tlsFields = new QWidget(page);
    m_caFile = new QLineEdit(m_tlsFields);
    m_caFile->setObjectName(u"caFile"_s);
    m_caFile->setPlaceholderText(tr("the system's CA certificates"));
    m_certFile = new QLineEdit(m_tlsFields);
    m_certFile->setObjectName(u"certFile"_s);
    m_certFile->setPlaceholderText(tr("none (PEM)"));
    m_keyFile = new QLineEdit(m_tlsFields);
    m_keyFile->setObjectName(u"keyFile"_s);
    m_keyFile->setPlaceholderText(tr("the certificate's private key (PEM)"));
    m_sni = new QLineEdit(m_tlsFields);
    m_sni->setObjectName(u"sni"_s);
    m_sni->setPlaceholderText(tr("the host (set it when the certificate names the server otherwise)"));
    m_insecure = new QCheckBox(tr("Do not verify the server certificate"), m_tlsFields);
    m_insecure->setObjectName(u"insecure"_s);

    auto *ca = new QHBoxLayout;
    ca->setContentsMargins(0, 0, 0, 0);
    ca->addWidget(m_caFile, 1);
    auto *caFile = new QPushButton(tr("File…"), m_tlsFields);
    auto *caDir = new QPushButton(tr("Directory…"), m_tlsFields);
    ca->addWidget(caFile);
    ca->addWidget(caDir);
    auto browse = [this](QLineEdit *field, bool directory) {
        auto *files = new QFileDialog(this);
        files->setAttribute(Qt::WA_DeleteOnClose);
        files->setFileMode(directory ? QFileDialog::Directory : QFileDialog::ExistingFile);
        connect(files, &QFileDialog::fileSelected, field, &QLineEdit::setText);
        files->open();
    };
    connect(caFile, &QPushButton::clicked, this, [this, browse] { browse(m_caFile, false); });
    connect(caDir, &QPushButton::clicked, this, [this, browse] { browse(m_caFile, true); });

    auto *form = new QFormLayout(m_tlsFields);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("CA file or directory"), ca);
    form->addRow(tr("Client certificate"), withBrowse(m_certFile, false));
    form->addRow(tr("Client key"), withBrowse(m_keyFile, false));
    form->addRow(tr("Key passphrase"), secretField(SecretKind::TlsKeyPassphrase));
    form->addRow(tr("Server name (SNI)"), m_sni);
    form->addRow(QString(), m_insecure);

    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_tls);
    layout->addWidget(m_tlsFields);
    layout->addStretch(1);
    connect(m_tls, &QCheckBox::toggled, m_tlsFields, &QWidget::setEnabled);
    return page;
}

QWidget *ConnectionDialog::buildSshPage()
{
    auto *page = new QWidget(this);
    m_sshUse = new QCheckBox(tr("Reach the server through an SSH tunnel"), page);
    m_sshUse->setObjectName(u"sshUse"_s);
    m_sshFields = new QWidget(page);
    m_sshDestination = new QLineEdit(m_sshFields);
    m_sshDestination->setObjectName(u"sshDestination"_s);
    m_sshDestination->setPlaceholderText(tr("user@bastion.example.com:22"));
    m_sshKey = new QLineEdit(m_sshFields);
    m_sshKey->setObjectName(u"sshKey"_s);
    m_sshKey->setPlaceholderText(tr("~/.ssh/id_ed25519 (empty: the agent and the default keys)"));
    m_sshAgent = new QCheckBox(tr("Use the SSH agent"), m_sshFields);
    m_sshAgent->setObjectName(u"sshAgent"_s);

    auto *form = new QFormLayout(m_sshFields);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Bastion"), m_sshDestination);
    form->addRow(tr("Private key"), withBrowse(m_sshKey, false));
    form->addRow(tr("Key passphrase"), secretField(SecretKind::SshKeyPassphrase));
    form->addRow(QString(), m_sshAgent);
    form->addRow(tr("SSH password"), secretField(SecretKind::SshPassword));
    form->addRow(QString(), hint(tr("Host and port on the Server page are as the bastion sees them. The bastion's host key "
                                    "is checked against ~/.ssh/known_hosts."),
                                 m_sshFields));

    auto *layout = new QVBoxLayout(page);
    layout->addWidget(m_sshUse);
    layout->addWidget(m_sshFields);
    layout->addStretch(1);
    connect(m_sshUse, &QCheckBox::toggled, this, &ConnectionDialog::updateTransports);
    return page;
}

QLineEdit *ConnectionDialog::secretField(SecretKind kind)
{
    auto *field = new QLineEdit(this);
    field->setObjectName(SecretKinds::key(kind));
    field->setEchoMode(QLineEdit::Password);
    // Forgetting a saved secret: it leaves the keychain on the next save.
    QAction *forget = field->addAction(style()->standardIcon(QStyle::SP_DialogDiscardButton), QLineEdit::TrailingPosition);
    forget->setObjectName(SecretKinds::key(kind) + u"-forget"_s);
    forget->setToolTip(tr("Forget the saved %1").arg(SecretKinds::text(kind)));
    forget->setVisible(false);
    connect(forget, &QAction::triggered, this, [this, kind] {
        m_stored.removeAll(kind);
        m_secrets.value(kind)->clear();
        updateSecretPlaceholders();
    });
    m_secrets.insert(kind, field);
    return field;
}

QWidget *ConnectionDialog::withBrowse(QLineEdit *field, bool directory)
{
    auto *row = new QWidget(field->parentWidget());
    auto *layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    field->setParent(row);
    layout->addWidget(field, 1);
    auto *button = new QPushButton(tr("Browse…"), row);
    layout->addWidget(button);
    connect(button, &QPushButton::clicked, this, [this, field, directory] {
        auto *files = new QFileDialog(this);
        files->setAttribute(Qt::WA_DeleteOnClose);
        files->setFileMode(directory ? QFileDialog::Directory : QFileDialog::ExistingFile);
        connect(files, &QFileDialog::fileSelected, field, &QLineEdit::setText);
        files->open();
    });
    return row;
}

void ConnectionDialog::setSandboxAvailable(bool available)
{
    m_sandboxButton->setVisible(available);
}

void ConnectionDialog::setColor(const QColor &color)
{
    m_color = color;
    m_colorButton->setIcon(swatch(color));
    QString name = tr("None");
    for (const NamedColor &c : presetColors())
        if (c.color == color)
            name = tr(c.name);
    if (color.isValid() && name == tr("None"))
        name = color.name();
    m_colorButton->setText(name);
}

void ConnectionDialog::setProfile(const ConnectionProfile &p)
{
    m_editing = p;
    m_stored = p.storedSecrets;
    m_url->blockSignals(true);
    m_url->clear();
    m_url->blockSignals(false);
    m_urlError->hide();
    m_name->setText(p.name);
    m_group->clear();
    m_group->addItems(m_model->groups());
    m_group->setEditText(p.group);
    setColor(p.color);
    m_production->blockSignals(true); // no colour chosen for the user when merely showing
    m_production->setChecked(p.production);
    m_production->blockSignals(false);
    m_readOnly->setChecked(p.readOnly);
    m_kind->setCurrentIndex(m_kind->findData(int(p.kind)));
    m_host->setText(p.host);
    m_port->setValue(p.port);
    QStringList nodes;
    for (const ConnectionProfile::Endpoint &e : p.moreNodes)
        nodes << e.text();
    m_moreNodes->setPlainText(nodes.join(u'\n'));
    m_master->setText(p.masterName);
    m_sentinelUser->setText(p.sentinelUser);
    m_socket->setText(p.socketPath);
    m_user->setText(p.user);
    m_database->setValue(p.database);
    m_timeout->setValue(p.connectTimeoutMs);
    m_tls->setChecked(p.tls.enabled);
    m_tlsFields->setEnabled(p.tls.enabled);
    m_caFile->setText(p.tls.caFile);
    m_certFile->setText(p.tls.certFile);
    m_keyFile->setText(p.tls.keyFile);
    m_sni->setText(p.tls.serverName);
    m_insecure->setChecked(!p.tls.verifyPeer);
    m_sshUse->setChecked(p.ssh.enabled());
    m_sshDestination->setText(p.ssh.enabled() ? p.ssh.destination() : QString());
    m_sshKey->setText(p.ssh.keyFile);
    m_sshAgent->setChecked(p.ssh.useAgent);
    for (auto it = m_secrets.cbegin(); it != m_secrets.cend(); ++it)
        it.value()->setText(p.secret(it.key()));
    updateKind();
    updateTransports();
    updateSecretPlaceholders();
    updateButtons();
}

ConnectionProfile ConnectionDialog::profile() const
{
    ConnectionProfile p = m_editing;
    p.name = m_name->text().trimmed();
    p.group = m_group->currentText().trimmed();
    p.color = m_color;
    p.production = m_production->isChecked();
    p.readOnly = m_readOnly->isChecked();
    p.kind = ConnectionProfile::Kind(m_kind->currentData().toInt());
    p.host = m_host->text().trimmed();
    p.port = quint16(m_port->value());
    p.moreNodes.clear();
    const quint16 defaultPort = p.kind == ConnectionProfile::Kind::Sentinel ? 26379 : 6379;
    for (const QString &line : m_moreNodes->toPlainText().split(u'\n', Qt::SkipEmptyParts))
        if (const std::optional<ConnectionProfile::Endpoint> e = ConnectionProfile::Endpoint::parse(line, defaultPort))
            p.moreNodes << *e;
    p.masterName = m_master->text().trimmed();
    p.sentinelUser = m_sentinelUser->text();
    p.socketPath = p.kind == ConnectionProfile::Kind::Standalone ? m_socket->text().trimmed() : QString();
    p.user = m_user->text();
    p.database = m_database->value();
    p.connectTimeoutMs = m_timeout->value();
    p.tls.enabled = m_tls->isChecked();
    p.tls.caFile = m_caFile->text().trimmed();
    p.tls.certFile = m_certFile->text().trimmed();
    p.tls.keyFile = m_keyFile->text().trimmed();
    p.tls.serverName = m_sni->text().trimmed();
    p.tls.verifyPeer = !m_insecure->isChecked();
    p.ssh = ConnectionProfile::Ssh();
    p.ssh.acceptNewHostKey = m_editing.ssh.acceptNewHostKey;
    if (m_sshUse->isChecked())
        p.ssh.parseDestination(m_sshDestination->text(), nullptr);
    p.ssh.keyFile = m_sshKey->text().trimmed();
    p.ssh.useAgent = m_sshAgent->isChecked();
    for (auto it = m_secrets.cbegin(); it != m_secrets.cend(); ++it)
        p.setSecret(it.key(), it.value()->text());
    // Secrets of what is switched off are not kept: a tunnel turned off forgets its password.
    if (!p.ssh.enabled()) {
        p.ssh.password.clear();
        p.ssh.keyPassphrase.clear();
    }
    p.storedSecrets = m_stored;
    if (!p.ssh.enabled())
        p.storedSecrets.removeIf([](SecretKind k) { return k == SecretKind::SshPassword || k == SecretKind::SshKeyPassphrase; });
    return p;
}

std::optional<ConnectionProfile> ConnectionDialog::checkedProfile()
{
    const ConnectionProfile p = profile();
    QString why;
    if (p.socketPath.isEmpty() && p.host.isEmpty())
        why = tr("Give the host, or a Unix socket.");
    if (why.isEmpty() && p.kind == ConnectionProfile::Kind::Sentinel && p.masterName.isEmpty())
        why = tr("A Sentinel connection needs the name of its master.");
    const quint16 defaultPort = p.kind == ConnectionProfile::Kind::Sentinel ? 26379 : 6379;
    for (const QString &line : m_moreNodes->toPlainText().split(u'\n', Qt::SkipEmptyParts)) {
        QString error;
        if (why.isEmpty() && p.kind != ConnectionProfile::Kind::Standalone
            && !ConnectionProfile::Endpoint::parse(line, defaultPort, &error))
            why = tr("More nodes: %1").arg(error);
    }
    if (why.isEmpty() && m_sshUse->isChecked()) {
        ConnectionProfile::Ssh ssh;
        QString error;
        if (!ssh.parseDestination(m_sshDestination->text(), &error))
            why = tr("SSH tunnel: %1").arg(error);
    }
    if (why.isEmpty() && p.tls.enabled && p.tls.certFile.isEmpty() != p.tls.keyFile.isEmpty())
        why = tr("TLS: a client certificate needs its key, and a key its certificate.");
    if (why.isEmpty() && !p.socketPath.isEmpty() && p.ssh.enabled())
        why = tr("A Unix socket is on this machine: it does not go through an SSH tunnel.");
    if (!why.isEmpty()) {
        showStatus(why, true);
        return std::nullopt;
    }
    return p;
}

void ConnectionDialog::updateKind()
{
    const auto kind = ConnectionProfile::Kind(m_kind->currentData().toInt());
    const bool sentinel = kind == ConnectionProfile::Kind::Sentinel;
    const bool standalone = kind == ConnectionProfile::Kind::Standalone;
    if (auto *label = qobject_cast<QLabel *>(m_serverForm->labelForField(m_moreNodes)))
        label->setText(sentinel ? tr("More sentinels") : tr("More seed nodes"));
    // The host row's label: the one row whose field is a layout.
    for (int row = 0; row < m_serverForm->rowCount(); ++row) {
        QLayoutItem *field = m_serverForm->itemAt(row, QFormLayout::FieldRole);
        QLayoutItem *label = m_serverForm->itemAt(row, QFormLayout::LabelRole);
        if (field && field->layout() && field->layout()->indexOf(m_host) >= 0 && label && label->widget())
            static_cast<QLabel *>(label->widget())->setText(standalone ? tr("Host") : sentinel ? tr("Sentinel") : tr("Seed node"));
    }
    if (sentinel && m_port->value() == 6379)
        m_port->setValue(26379);
    else if (!sentinel && m_port->value() == 26379)
        m_port->setValue(6379);
    m_serverForm->setRowVisible(m_moreNodes, !standalone);
    m_serverForm->setRowVisible(m_master, sentinel);
    m_serverForm->setRowVisible(m_sentinelUser, sentinel);
    m_serverForm->setRowVisible(m_secrets.value(SecretKind::SentinelPassword), sentinel);
    m_serverForm->setRowVisible(m_socketRow, standalone);
    updateTransports();
}

void ConnectionDialog::updateTransports()
{
    const bool socket = !m_socket->text().trimmed().isEmpty() && m_socketRow->isVisibleTo(this);
    m_host->setEnabled(!socket);
    m_port->setEnabled(!socket);
    m_sshFields->setEnabled(m_sshUse->isChecked());
}

void ConnectionDialog::updateSecretPlaceholders()
{
    const bool memoryOnly = m_store && m_store->secrets()->availability() == SecretStore::Availability::MemoryOnly;
    for (auto it = m_secrets.cbegin(); it != m_secrets.cend(); ++it) {
        QLineEdit *field = it.value();
        const bool inMemory = memoryOnly && m_store->secrets()->holdsInMemory(SecretAddress{m_editing.id, it.key()});
        const bool stored = m_stored.contains(it.key()) && (!memoryOnly || inMemory);
        field->setPlaceholderText(!stored       ? (memoryOnly && m_stored.contains(it.key()) ? tr("asked for when connecting (no keychain)") : QString())
                                  : memoryOnly ? tr("kept for this session only: type to replace")
                                               : tr("saved in the keychain: type to replace"));
        const QList<QAction *> actions = field->actions();
        for (QAction *action : actions)
            if (action->objectName().endsWith(u"-forget"_s))
                action->setVisible(stored);
    }
}

void ConnectionDialog::updateButtons()
{
    const bool saved = m_store && !selectedId().isEmpty();
    m_duplicateButton->setEnabled(saved);
    m_deleteButton->setEnabled(saved);
    m_exportButton->setEnabled(m_store && !m_model->connections().isEmpty());
}

void ConnectionDialog::showStatus(const QString &text, bool error)
{
    m_status->setStyleSheet(error ? u"color: #b3261e"_s : QString());
    m_status->setText(text);
    m_status->setProperty("plainText", text);
}

QString ConnectionDialog::statusText() const
{
    return m_status->property("plainText").toString();
}

QString ConnectionDialog::keychainText() const
{
    return m_keychain->text();
}

bool ConnectionDialog::applyUrl(const QString &url)
{
    ConnectionProfile parsed = profile();
    QString error;
    if (!parsed.applyUrl(url.trimmed(), &error)) {
        m_urlError->setText(error);
        m_urlError->show();
        return false;
    }
    m_urlError->hide();
    // Whatever the URL says is in the fields now, its password masked: the URL itself, which
    // may show the password, goes.
    const ConnectionProfile keep = m_editing;
    const QList<SecretKind> stored = m_stored;
    setProfile(parsed);
    m_editing.id = keep.id;
    m_stored = stored;
    if (!parsed.password.isEmpty())
        m_stored.removeAll(SecretKind::RedisPassword); // replaced by the URL's
    if (!parsed.sentinelPassword.isEmpty())
        m_stored.removeAll(SecretKind::SentinelPassword);
    updateSecretPlaceholders();
    showStatus(tr("Filled in from the URL."));
    return true;
}

void ConnectionDialog::reload(const QString &selectId)
{
    if (!m_store)
        return;
    QString error;
    const std::optional<QList<ConnectionProfile>> profiles = m_store->load(&error);
    if (!profiles) {
        showStatus(error, true);
        return;
    }
    const QString keep = selectId.isEmpty() ? selectedId() : selectId;
    m_list->selectionModel()->blockSignals(true);
    m_model->setConnections(*profiles);
    m_list->selectionModel()->blockSignals(false);
    const QModelIndex index = m_model->indexOf(keep);
    if (index.isValid())
        m_list->setCurrentIndex(index);
    updateButtons();
}

bool ConnectionDialog::selectConnection(const QString &id)
{
    const QModelIndex index = m_model->indexOf(id);
    if (!index.isValid())
        return false;
    m_list->setCurrentIndex(index);
    return true;
}

QString ConnectionDialog::selectedId() const
{
    return m_list ? m_list->currentIndex().data(ConnectionListModel::IdRole).toString() : QString();
}

void ConnectionDialog::onCurrentChanged()
{
    if (const ConnectionProfile *p = m_model->connection(m_list->currentIndex())) {
        setProfile(*p);
        showStatus(QString());
    }
    updateButtons();
}

void ConnectionDialog::newConnection()
{
    m_list->setCurrentIndex({});
    setProfile(ConnectionProfile::newSaved(QString()));
    showStatus(tr("A new connection: name it, then Save. Saved connections start read-only."));
    m_tabs->setCurrentIndex(0);
    m_name->setFocus();
}

void ConnectionDialog::saveConnection()
{
    if (!m_store)
        return;
    std::optional<ConnectionProfile> p = checkedProfile();
    if (!p)
        return;
    if (p->id.isEmpty()) // an ad-hoc connection saved for the first time
        p->id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    QString error;
    const QString id = p->id;
    const std::optional<ConnectionProfile> stored = m_store->save(*p, &error, this, [this, id](const QString &note) {
        // Where the secrets went: said when it is not simply "the keychain".
        if (!note.isEmpty())
            showStatus(note, true);
        Q_EMIT saved(id, note);
    });
    if (!stored) {
        showStatus(error, true);
        return;
    }
    reload(stored->id);
    // The editor shows the connection as saved: the secrets typed are now "saved".
    setProfile(*stored);
    showStatus(tr("Saved \"%1\".").arg(stored->name));
}

QString ConnectionDialog::uniqueName(const QString &wanted) const
{
    auto taken = [this](const QString &name) {
        for (const ConnectionProfile &p : m_model->connections())
            if (p.name.compare(name, Qt::CaseInsensitive) == 0)
                return true;
        return false;
    };
    QString name = wanted;
    for (int n = 2; taken(name); ++n)
        name = u"%1 %2"_s.arg(wanted).arg(n);
    return name;
}

void ConnectionDialog::duplicateConnection()
{
    const ConnectionProfile *selected = m_model->connection(m_list->currentIndex());
    if (!m_store || !selected)
        return;
    // The copy gets the secrets too: read from the keychain, stored again under its own id.
    m_store->fillSecrets(*selected, this, [this](const ConnectionProfile &filled, const QList<SecretKind> &, const QString &) {
        const ConnectionProfile copy = filled.duplicated(uniqueName(tr("%1 copy").arg(filled.name)));
        QString error;
        const QString id = copy.id;
        const std::optional<ConnectionProfile> stored = m_store->save(copy, &error, this, [this, id](const QString &note) {
            if (!note.isEmpty())
                showStatus(note, true);
            Q_EMIT saved(id, note);
        });
        if (!stored) {
            showStatus(error, true);
            return;
        }
        reload(stored->id);
        showStatus(tr("Duplicated as \"%1\"; rename it and Save.").arg(stored->name));
        m_name->setFocus();
        m_name->selectAll();
    });
}

void ConnectionDialog::deleteConnection()
{
    const ConnectionProfile *selected = m_model->connection(m_list->currentIndex());
    if (!m_store || !selected)
        return;
    const QString id = selected->id;
    const QString name = selected->name;
    auto *question = new QMessageBox(QMessageBox::Warning, tr("Delete connection"),
                                     tr("Delete the saved connection \"%1\"? Its passwords leave the keychain too.").arg(name),
                                     QMessageBox::Cancel, this);
    question->setObjectName(u"deleteQuestion"_s);
    question->setAttribute(Qt::WA_DeleteOnClose);
    QPushButton *yes = question->addButton(tr("Delete"), QMessageBox::DestructiveRole);
    question->setDefaultButton(QMessageBox::Cancel);
    connect(yes, &QPushButton::clicked, this, [this, id, name] {
        QString error;
        if (!m_store->remove(id, &error, this, [this, id, name](const QString &why) {
                if (!why.isEmpty())
                    showStatus(tr("Deleted \"%1\", but its secrets could not all be removed from the keychain: %2").arg(name, why), true);
                Q_EMIT deleted(id);
            })) {
            showStatus(error, true);
            return;
        }
        m_list->setCurrentIndex({});
        reload();
        setProfile(ConnectionProfile::newSaved(QString()));
        showStatus(tr("Deleted \"%1\" and its secrets.").arg(name));
    });
    question->open();
}

bool ConnectionDialog::importFile(const QString &path)
{
    if (!m_store)
        return false;
    QString error;
    const std::optional<QStringList> names = m_store->importFile(path, &error);
    if (!names) {
        showStatus(error, true);
        return false;
    }
    reload();
    showStatus(tr("Imported %n connection(s): %1. Files carry no passwords: type them here and Save, or LockScope asks "
                  "when it connects.",
                  nullptr, int(names->size()))
                   .arg(names->join(u", "_s)));
    return true;
}

bool ConnectionDialog::exportFile(const QString &path)
{
    if (!m_store)
        return false;
    QString error;
    if (!m_store->exportFile(path, {}, &error)) {
        showStatus(error, true);
        return false;
    }
    showStatus(tr("Exported %n connection(s) to %1, without passwords.", nullptr, int(m_model->connections().size())).arg(path));
    return true;
}

void ConnectionDialog::connectNow()
{
    const std::optional<ConnectionProfile> p = checkedProfile();
    if (!p)
        return;
    Q_EMIT connectRequested(*p);
    accept();
}

RedlockGroupDialog *ConnectionDialog::openRedlockGroups()
{
    auto *dialog = new RedlockGroupDialog(m_store, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RedlockGroupDialog::openRequested, this, [this](const RedlockGroup &group) {
        Q_EMIT redlockGroupRequested(group);
        accept();
    });
    dialog->open();
    return dialog;
}
