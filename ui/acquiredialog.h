#pragma once

#include <QDialog>

class QLineEdit;
class QSpinBox;
class QLabel;

// Key, TTL and token for acquiring a lock by hand (SET NX PX); the token defaults to a
// fresh UUID, and binary bytes can be typed as \xNN.
class AcquireDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AcquireDialog)

public:
    explicit AcquireDialog(QWidget *parent = nullptr);

    // Only the TTL is asked for: extending keeps key and token.
    void setExtendMode(const QByteArray &key, const QByteArray &token, qint64 ttlMs);

    QByteArray key() const;
    QByteArray token() const;
    qint64 ttlMs() const;

private:
    void validate();

    QLineEdit *m_key;
    QLineEdit *m_token;
    QSpinBox *m_ttl;
    QLabel *m_error;
};
