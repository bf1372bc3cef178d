#include "samplerdialog.h"

#include "failedacquiresampler.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

SamplerDialog::SamplerDialog(const QString &server, QWidget *parent)
    : QDialog(parent)
    , m_seconds(new QSpinBox(this))
{
    setWindowTitle(tr("Sample failed acquisitions"));
    auto *text = new QLabel(
        tr("<p>A client that fails to take a lock (<code>SET … NX</code> answered with nil) leaves no trace in Redis. "
           "To count those attempts per lock, LockScope can watch every command the server runs with "
           "<code>MONITOR</code> for a limited time.</p>"
           "<p><b>This is expensive on a busy server.</b> Redis then copies every command to LockScope: a single "
           "MONITOR client can cost more than half of the server's throughput. Use it on production only briefly, "
           "when you must know. LockScope stops on its own at the time limit, and at once if it falls behind "
           "(commands reaching it more than %1 s late) or the server runs more than %L2 commands a second.</p>"
           "<p>Server: <b>%3</b></p>")
            .arg(FailedAcquireSampler::maxLagMs / 1000)
            .arg(FailedAcquireSampler::maxLinesPerSecond)
            .arg(server.toHtmlEscaped()),
        this);
    text->setWordWrap(true);
    text->setTextFormat(Qt::RichText);
    text->setMinimumWidth(460);
    m_seconds->setRange(5, FailedAcquireSampler::maxSeconds);
    m_seconds->setValue(30);
    m_seconds->setSuffix(tr(" s"));
    auto *form = new QFormLayout;
    form->addRow(tr("Sample for at most"), m_seconds);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *start = buttons->addButton(tr("Start sampling"), QDialogButtonBox::AcceptRole);
    start->setDefault(false);
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

int SamplerDialog::seconds() const
{
    return m_seconds->value();
}
