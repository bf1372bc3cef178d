#include "redlockgroupdialog.h"

#include "connectionstore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

RedlockGroupDialog::RedlockGroupDialog(ConnectionStore *store, QWidget *parent)
    : QDialog(parent)
    , m_store(store)
    , m_saved(new QComboBox(this))
    , m_name(new QLineEdit(this))
    , m_nodes(new QListWidget(this))
    , m_drift(new QDoubleSpinBox(this))
    , m_retryCount(new QSpinBox(this))
    , m_retryDelay(new QSpinBox(this))
    , m_status(new QLabel(this))
{
    setWindowTitle(tr("Redlock groups"));
    m_drift->setDecimals(4);
    m_drift->setRange(0, RedlockGroup::maxDriftFactor);
    m_drift->setSingleStep(0.005);
    m_drift->setToolTip(tr("The clock drift factor the application's Redlock library uses (0.01 in node-redlock, redsync, redlock-py)"));
    m_retryCount->setRange(0, RedlockGroup::maxRetryCount);
    m_retryDelay->setRange(0, RedlockGroup::maxRetryDelayMs);
    m_retryDelay->setSuffix(tr(" ms"));
    m_nodes->setToolTip(tr("Tick the saved connections that are the group's nodes: independent servers, each with its own credentials and TLS"));
    m_status->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("Group:"), m_saved);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Nodes:"), m_nodes);
    form->addRow(tr("Clock drift factor:"), m_drift);
    form->addRow(tr("Acquire retries:"), m_retryCount);
    form->addRow(tr("Delay between retries:"), m_retryDelay);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *save = buttons->addButton(tr("Save"), QDialogButtonBox::ActionRole);
    QPushButton *remove = buttons->addButton(tr("Delete"), QDialogButtonBox::ActionRole);
    QPushButton *open = buttons->addButton(tr("Open"), QDialogButtonBox::AcceptRole);
    open->setDefault(true);
    connect(save, &QPushButton::clicked, this, &RedlockGroupDialog::saveGroup);
    connect(remove, &QPushButton::clicked, this, &RedlockGroupDialog::deleteGroup);
    connect(open, &QPushButton::clicked, this, &RedlockGroupDialog::openGroup);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(m_saved, &QComboBox::activated, this, [this](int index) {
        setGroup(index > 0 ? m_groups.at(index - 1) : RedlockGroup());
    });
    reload();
}

void RedlockGroupDialog::reload(const QString &selectId)
{
    QString error;
    m_connections = m_store->load(&error).value_or(QList<ConnectionProfile>());
    m_groups = m_store->loadGroups(&error).value_or(QList<RedlockGroup>());
    if (!error.isEmpty())
        showStatus(error, true);
    m_saved->clear();
    m_saved->addItem(tr("New group"));
    int select = 0;
    for (const RedlockGroup &g : std::as_const(m_groups)) {
        m_saved->addItem(tr("%1 (%n node(s))", nullptr, g.size()).arg(g.name));
        if (g.id == selectId)
            select = m_saved->count() - 1;
    }
    m_saved->setCurrentIndex(select);
    setGroup(select > 0 ? m_groups.at(select - 1) : RedlockGroup());
}

void RedlockGroupDialog::setGroup(const RedlockGroup &group)
{
    m_id = group.id;
    m_name->setText(group.name);
    m_drift->setValue(group.driftFactor);
    m_retryCount->setValue(group.retryCount);
    m_retryDelay->setValue(group.retryDelayMs);
    // The group's nodes first, in its order; then every other saved connection, unticked.
    m_nodes->clear();
    auto add = [this](const ConnectionProfile &c, bool checked) {
        auto *item = new QListWidgetItem(tr("%1 — %2").arg(c.name, c.endpoint()), m_nodes);
        item->setData(Qt::UserRole, c.id);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    };
    for (const ConnectionProfile &n : group.nodes)
        add(n, true);
    for (const ConnectionProfile &c : std::as_const(m_connections))
        if (std::none_of(group.nodes.cbegin(), group.nodes.cend(), [&c](const ConnectionProfile &n) { return n.id == c.id; }))
            add(c, false);
}

RedlockGroup RedlockGroupDialog::group() const
{
    RedlockGroup g;
    g.id = m_id;
    g.name = m_name->text().trimmed();
    g.driftFactor = m_drift->value();
    g.retryCount = m_retryCount->value();
    g.retryDelayMs = m_retryDelay->value();
    for (int i = 0; i < m_nodes->count(); ++i) {
        const QListWidgetItem *item = m_nodes->item(i);
        if (item->checkState() != Qt::Checked)
            continue;
        const QString id = item->data(Qt::UserRole).toString();
        for (const ConnectionProfile &c : m_connections)
            if (c.id == id)
                g.nodes << c;
    }
    return g;
}

bool RedlockGroupDialog::saveGroup()
{
    QString error;
    const std::optional<RedlockGroup> saved = m_store->saveGroup(group(), &error);
    if (!saved) {
        showStatus(error, true);
        return false;
    }
    reload(saved->id);
    showStatus(tr("Saved %1: %n node(s), quorum %2", nullptr, saved->size()).arg(saved->name).arg(saved->quorum()));
    return true;
}

bool RedlockGroupDialog::deleteGroup()
{
    if (m_id.isEmpty())
        return false;
    QString error;
    if (!m_store->removeGroup(m_id, &error)) {
        showStatus(error, true);
        return false;
    }
    reload();
    showStatus(tr("Deleted the group (its connections stay saved)"));
    return true;
}

void RedlockGroupDialog::openGroup()
{
    const RedlockGroup g = group();
    if (g.size() < 2) {
        showStatus(tr("A Redlock group needs at least 2 nodes (usually 5)"), true);
        return;
    }
    Q_EMIT openRequested(g);
    accept();
}

QString RedlockGroupDialog::statusText() const
{
    return m_status->text();
}

void RedlockGroupDialog::showStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b03020") : QString());
}
