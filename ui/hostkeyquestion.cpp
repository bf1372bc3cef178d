#include "hostkeyquestion.h"

#include <QPushButton>

HostKeyQuestion::HostKeyQuestion(const QString &destination, const QString &fingerprint, const QString &keyType, QWidget *parent)
    : QMessageBox(QMessageBox::Warning, tr("Unknown SSH host key"),
                  tr("The authenticity of the SSH server %1 cannot be established.\n\n"
                     "Its %2 key fingerprint is\n%3\n\n"
                     "It is not in ~/.ssh/known_hosts. Connect only if this is the fingerprint of your "
                     "bastion host.")
                      .arg(destination, keyType, fingerprint),
                  QMessageBox::NoButton, parent)
{
    setObjectName(QStringLiteral("hostKeyQuestion"));
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_remember = addButton(tr("Trust and remember"), QMessageBox::AcceptRole);
    m_once = addButton(tr("Trust this time"), QMessageBox::AcceptRole);
    setDefaultButton(addButton(tr("Refuse"), QMessageBox::RejectRole));
    setAttribute(Qt::WA_DeleteOnClose);
}

HostKeyQuestion *HostKeyQuestion::ask(const QString &destination, const QString &fingerprint, const QString &keyType, QWidget *parent,
                                      std::function<void(Answer)> answered)
{
    auto *box = new HostKeyQuestion(destination, fingerprint, keyType, parent);
    connect(box, &QMessageBox::finished, box, [box, answered = std::move(answered)] {
        if (box->clickedButton() == box->m_remember)
            answered(Answer::TrustAndRemember);
        else if (box->clickedButton() == box->m_once)
            answered(Answer::TrustOnce);
        else
            answered(Answer::Refuse);
    });
    box->open();
    return box;
}
