#include "acquiredialog.h"

#include "dialect.h"
#include "tokentext.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QUuid>
#include <QVBoxLayout>

AcquireDialog::AcquireDialog(QWidget *parent)
    : QDialog(parent)
    , m_dialect(new QComboBox(this))
    , m_key(new QLineEdit(this))
    , m_token(new QLineEdit(QUuid::createUuid().toString(QUuid::WithoutBraces), this))
    , m_ttl(new QSpinBox(this))
    , m_error(new QLabel(this))
{
    setWindowTitle(tr("Acquire a lock"));
    setMinimumWidth(460);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_key->setFont(mono);
    m_token->setFont(mono);
    m_key->setPlaceholderText(QStringLiteral("lock:orders:42"));
    m_ttl->setRange(1, 86'400'000);
    m_ttl->setValue(30000);
    m_ttl->setSuffix(tr(" ms"));
    m_ttl->setSingleStep(1000);
    m_error->setStyleSheet(QStringLiteral("color: #b3261e"));

    auto *form = m_form = new QFormLayout;
    form->addRow(tr("Key"), m_key);
    form->addRow(tr("TTL"), m_ttl);
    form->addRow(tr("Written as"), m_dialect);
    m_dialect->setVisible(false);
    form->labelForField(m_dialect)->setVisible(false);
    form->addRow(tr("Token"), m_token);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Continue…"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    auto check = [this, buttons] {
        validate();
        buttons->button(QDialogButtonBox::Ok)->setEnabled(m_error->text().isEmpty());
    };
    connect(m_key, &QLineEdit::textChanged, this, check);
    connect(m_token, &QLineEdit::textChanged, this, check);
    check();
}

void AcquireDialog::setDialects(const QList<const Dialect *> &dialects)
{
    m_dialects.clear();
    m_dialect->clear();
    for (const Dialect *d : dialects) {
        if (!d->support(AdminAction::Acquire).enabled)
            continue;
        m_dialects << d;
        m_dialect->addItem(d->localizedName(), d->id());
        m_dialect->setItemData(m_dialect->count() - 1, d->description(), Qt::ToolTipRole);
    }
    const bool choice = m_dialects.size() > 1;
    m_dialect->setVisible(choice);
    m_form->labelForField(m_dialect)->setVisible(choice);
    connect(m_dialect, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0 && index < m_dialects.size())
            m_token->setText(TokenText::escape(m_dialects.at(index)->newToken()));
    });
    const int plain = m_dialect->findData(QStringLiteral("plain"));
    m_dialect->setCurrentIndex(plain >= 0 ? plain : 0);
}

QString AcquireDialog::dialect() const
{
    return m_dialect->currentData().toString().isEmpty() ? QStringLiteral("plain") : m_dialect->currentData().toString();
}

void AcquireDialog::setExtendMode(const QByteArray &key, const QByteArray &token, qint64 ttlMs)
{
    setWindowTitle(tr("Extend a lock"));
    m_key->setText(TokenText::escape(key));
    m_token->setText(TokenText::escape(token));
    m_key->setReadOnly(true);
    m_token->setReadOnly(true);
    m_ttl->setValue(int(std::clamp<qint64>(ttlMs, 1, m_ttl->maximum())));
    m_ttl->setFocus();
}

void AcquireDialog::validate()
{
    QString error;
    if (!TokenText::unescape(m_key->text()).value_or(QByteArray()).size())
        error = tr("Enter a key");
    else if (!TokenText::unescape(m_token->text()).value_or(QByteArray()).size())
        error = tr("Enter a token (\\xNN for binary bytes)");
    m_error->setText(error);
    m_error->setVisible(!error.isEmpty());
}

QByteArray AcquireDialog::key() const
{
    return TokenText::unescape(m_key->text()).value_or(QByteArray());
}

QByteArray AcquireDialog::token() const
{
    return TokenText::unescape(m_token->text()).value_or(QByteArray());
}

qint64 AcquireDialog::ttlMs() const
{
    return m_ttl->value();
}
