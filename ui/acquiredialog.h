#pragma once

#include <QDialog>

class Dialect;
class QComboBox;
class QFormLayout;
class QLineEdit;
class QSpinBox;
class QLabel;

// Key, TTL, dialect and token for acquiring a lock by hand, written as the chosen library
// writes it; the token defaults to a fresh one in that library's format, and binary bytes can
// be typed as \xNN.
class AcquireDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AcquireDialog)

public:
    explicit AcquireDialog(QWidget *parent = nullptr);

    // The lock layouts to offer (those that can be acquired); without them, plain SET NX PX.
    void setDialects(const QList<const Dialect *> &dialects);

    // Only the TTL is asked for: extending keeps key and token.
    void setExtendMode(const QByteArray &key, const QByteArray &token, qint64 ttlMs);

    QString dialect() const;
    QByteArray key() const;
    QByteArray token() const;
    qint64 ttlMs() const;

private:
    void validate();

    QFormLayout *m_form = nullptr;
    QComboBox *m_dialect;
    QList<const Dialect *> m_dialects;
    QLineEdit *m_key;
    QLineEdit *m_token;
    QSpinBox *m_ttl;
    QLabel *m_error;
};
