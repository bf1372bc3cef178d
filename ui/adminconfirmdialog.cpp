#include "adminconfirmdialog.h"

#include "tokentext.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace {
QLabel *monoLabel(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    label->setWordWrap(true);
    return label;
}
} // namespace

AdminConfirmDialog::AdminConfirmDialog(const AdminPlan &plan, const QString &server, QWidget *parent)
    : QDialog(parent)
    , m_plan(plan)
{
    const QString action = plan.actionName();
    setWindowTitle(tr("Confirm %1").arg(action));
    setMinimumWidth(560);

    auto *headline = new QLabel(QStringLiteral("<b>%1</b>").arg(plan.description.toHtmlEscaped()), this);
    headline->setWordWrap(true);

    auto *form = m_form = new QFormLayout;
    form->addRow(tr("Server"), new QLabel(server, this));
    form->addRow(tr("Action"), new QLabel(plan.intentText().toHtmlEscaped(), this));
    form->addRow(tr("Key"), monoLabel(TokenText::escape(plan.key), this));
    if (!plan.token.isEmpty())
        form->addRow(tr("Token"), monoLabel(TokenText::escape(plan.token), this));
    // What the script compares before it changes anything: if the lock is not exactly this
    // any more when it runs, nothing is touched.
    if (plan.guard.isValid())
        form->addRow(tr("Guarded on"), monoLabel(plan.guard.text(), this));
    if (plan.ttlMs > 0)
        form->addRow(tr("TTL"), new QLabel(tr("%1 ms").arg(plan.ttlMs), this));
    form->addRow(tr("Will run"), monoLabel(plan.commandText(), this));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(headline);
    if (!plan.caution.isEmpty()) {
        auto *caution = new QLabel(plan.caution, this);
        caution->setWordWrap(true);
        caution->setStyleSheet(QStringLiteral("QLabel { color: #b3261e; }"));
        layout->addWidget(caution);
    }
    layout->addLayout(form);
    if (plan.isScript()) {
        auto *source = new QPlainTextEdit(QString::fromUtf8(plan.scriptSource), this);
        source->setReadOnly(true);
        source->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        source->setMinimumHeight(160);
        layout->addWidget(new QLabel(tr("Script %1.lua:").arg(plan.scriptName), this));
        layout->addWidget(source);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *run = m_run = buttons->addButton(tr("Run %1").arg(action), QDialogButtonBox::AcceptRole);
    if (plan.action == AdminAction::ForceRelease || plan.action == AdminAction::ReleaseHolder)
        run->setStyleSheet(QStringLiteral("QPushButton { color: #b3261e; font-weight: bold; }"));
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

void AdminConfirmDialog::addDetail(const QString &label, const QString &text)
{
    m_form->insertRow(m_form->rowCount() - 1, label, monoLabel(text, this));
}

void AdminConfirmDialog::requireTypedKey(const QString &connectionName)
{
    if (m_typedKey)
        return;
    const QString key = TokenText::escape(m_plan.key);
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    auto *warning = new QLabel(tr("<b>%1 is a production connection.</b> Type the key name to confirm:")
                                   .arg(connectionName.toHtmlEscaped()),
                               this);
    warning->setObjectName(QStringLiteral("productionWarning"));
    warning->setStyleSheet(QStringLiteral("color: #b3261e"));
    warning->setWordWrap(true);
    m_typedKey = new QLineEdit(this);
    m_typedKey->setObjectName(QStringLiteral("typedKey"));
    m_typedKey->setPlaceholderText(key);
    m_typedKey->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // Above the buttons.
    layout->insertWidget(layout->count() - 1, warning);
    layout->insertWidget(layout->count() - 1, m_typedKey);
    m_run->setEnabled(false);
    connect(m_typedKey, &QLineEdit::textChanged, this, [this] { m_run->setEnabled(isKeyTyped()); });
    m_typedKey->setFocus();
}

bool AdminConfirmDialog::isKeyTyped() const
{
    return !m_typedKey || m_typedKey->text() == TokenText::escape(m_plan.key);
}

void AdminConfirmDialog::accept()
{
    if (!isKeyTyped())
        return;
    QDialog::accept();
}
