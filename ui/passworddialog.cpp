#include "passworddialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

PasswordDialog::PasswordDialog(const ConnectionProfile &profile, const QList<SecretKind> &kinds, const QString &note,
                               bool keychain, QWidget *parent)
    : QDialog(parent)
    , m_profile(profile)
    , m_kinds(kinds)
{
    setWindowTitle(tr("Connect to %1").arg(profile.name));
    setWindowModality(Qt::WindowModal);
    setMinimumWidth(460);
    auto *layout = new QVBoxLayout(this);
    auto *headline = new QLabel(tr("<b>%1</b> needs its secrets to connect.").arg(profile.name.toHtmlEscaped()), this);
    headline->setWordWrap(true);
    layout->addWidget(headline);
    if (!note.isEmpty()) {
        auto *why = new QLabel(note, this);
        why->setObjectName(QStringLiteral("note"));
        why->setWordWrap(true);
        layout->addWidget(why);
    }
    auto *form = new QFormLayout;
    for (const SecretKind kind : kinds) {
        auto *field = new QLineEdit(this);
        field->setEchoMode(QLineEdit::Password);
        field->setObjectName(SecretKinds::key(kind));
        form->addRow(SecretKinds::text(kind), field);
        m_fields << field;
    }
    layout->addLayout(form);
    if (keychain) {
        m_save = new QCheckBox(tr("Save in the system keychain"), this);
        m_save->setChecked(true);
        layout->addWidget(m_save);
    } else {
        auto *memory = new QLabel(tr("Kept in memory only, until LockScope quits: there is no keychain to save them in."), this);
        memory->setObjectName(QStringLiteral("memoryOnly"));
        memory->setWordWrap(true);
        layout->addWidget(memory);
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Connect"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    if (!m_fields.isEmpty())
        m_fields.first()->setFocus();
}

ConnectionProfile PasswordDialog::profile() const
{
    ConnectionProfile p = m_profile;
    for (qsizetype i = 0; i < m_kinds.size(); ++i)
        p.setSecret(m_kinds.at(i), m_fields.at(i)->text());
    return p;
}

bool PasswordDialog::saveInKeychain() const
{
    return m_save && m_save->isChecked();
}

QLineEdit *PasswordDialog::field(SecretKind kind) const
{
    const qsizetype i = m_kinds.indexOf(kind);
    return i < 0 ? nullptr : m_fields.at(i);
}
