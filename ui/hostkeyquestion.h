#pragma once

#include <QMessageBox>

#include <functional>

// Asks, as ssh does, whether to trust an SSH server whose host key is not in
// ~/.ssh/known_hosts: the operator compares the fingerprint with the one the bastion's owner
// published. Window-modal and opened with open(): whatever waits for the answer, the GUI
// does not. Refusing is the default button.
class HostKeyQuestion final : public QMessageBox
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(HostKeyQuestion)

public:
    enum class Answer { TrustAndRemember, TrustOnce, Refuse };

    // Opens the question over parent; answered gets the choice once, and the box deletes
    // itself when closed.
    static HostKeyQuestion *ask(const QString &destination, const QString &fingerprint, const QString &keyType, QWidget *parent,
                                std::function<void(Answer)> answered);

private:
    HostKeyQuestion(const QString &destination, const QString &fingerprint, const QString &keyType, QWidget *parent);

    QPushButton *m_remember;
    QPushButton *m_once;
};
